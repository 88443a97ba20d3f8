import { describe, expect, it } from 'vitest';
import { routeTable } from '../generated/routes.gen.ts';
import { breadcrumbTrail } from './breadcrumb-trail.ts';
import { routeById } from './targets.ts';

describe('breadcrumbTrail', () => {
  it('runs from a root route (no parent) to the route itself along the manifest parents', () => {
    for (const route of routeTable) {
      const trail = breadcrumbTrail(route, routeById);
      expect(trail.at(-1)).toBe(route);
      expect(trail[0]!.parent).toBeUndefined();
      for (let i = 1; i < trail.length; i++) expect(trail[i]!.parent).toBe(trail[i - 1]!.id);
    }
  });

  it('is only the route itself when it has no parent', () => {
    const root = routeTable.find((r) => !r.parent)!;
    expect(breadcrumbTrail(root, routeById)).toEqual([root]);
  });

  it('stops at a cycle in the parent chain', () => {
    const a = { id: 'a', parent: 'b' };
    const b = { id: 'b', parent: 'a' };
    const byId = (id: string) => (id === 'a' ? a : b);
    expect(breadcrumbTrail(a, byId)).toEqual([b, a]);
  });
});
