/**
 * The filters the analytics screens keep in the address are declared in the manifest (the
 * contract for links and for admins). This goes red when a screen starts reading a parameter
 * its route does not declare, or the manifest changes a declared type under the screens.
 */
import { describe, expect, it } from 'vitest';
import { routeQueries, type RouteId } from '../generated/routes.gen.ts';
import { CALL_LIST_FILTER_PARAMS, FILTER_PARAMS, GLOBAL_FILTER_PARAMS } from './url-filters.ts';

const declaredType = (route: RouteId, param: string) => routeQueries[route][param]?.type;

/** The manifest type a filter parameter must have, from how the screens encode it. */
function expectedType(param: keyof typeof FILTER_PARAMS): string {
  const spec = FILTER_PARAMS[param] as { kind: string; list?: boolean };
  if (spec.kind === 'boolean') return 'boolean';
  if (spec.kind === 'enum' && !spec.list) return 'enum';
  return 'string';
}

describe('filter parameters declared in the manifest', () => {
  it.each(['dashboard', 'agents'] as const)('the global filters of %s', (route) => {
    for (const param of GLOBAL_FILTER_PARAMS) {
      expect(declaredType(route, param), `${route} ?${param}`).toBe(expectedType(param));
    }
  });

  it('the vendors matrix: every global filter but the vendor itself', () => {
    for (const param of GLOBAL_FILTER_PARAMS.filter((p) => p !== 'vendor')) {
      expect(declaredType('vendors', param), `vendors ?${param}`).toBe(expectedType(param));
    }
  });

  it('every filter of the call list (where every drill-down lands)', () => {
    for (const param of CALL_LIST_FILTER_PARAMS) {
      expect(declaredType('recordings', param), `recordings ?${param}`).toBe(expectedType(param));
    }
  });
});
