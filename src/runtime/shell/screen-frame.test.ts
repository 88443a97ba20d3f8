import { describe, expect, it } from 'vitest';
import { routeTable } from '../../generated/routes.gen.ts';
import { breadcrumbTrail } from './screen-frame.tsx';

describe('breadcrumbTrail', () => {
  it('runs from a root route (no parent) to the route itself along the manifest parents', () => {
    for (const route of routeTable) {
      const trail = breadcrumbTrail(route);
      expect(trail.at(-1)).toBe(route);
      expect(trail[0]!.parent).toBeUndefined();
      for (let i = 1; i < trail.length; i++) expect(trail[i]!.parent).toBe(trail[i - 1]!.id);
    }
  });

  it('is only the route itself when it has no parent', () => {
    const root = routeTable.find((r) => !r.parent)!;
    expect(breadcrumbTrail(root)).toEqual([root]);
  });
});
