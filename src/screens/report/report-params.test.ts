/**
 * The reports read the global filters (and the report card its subject) from the address:
 * their routes declare those parameters, with the type the screens encode them in.
 */
import { describe, expect, it } from 'vitest';
import { routeQueries } from '../../generated/routes.gen.ts';
import { GLOBAL_FILTER_PARAMS } from '../../ui/url-filters.ts';

describe('report routes declare the parameters they read', () => {
  it.each(['report-churn', 'report-brand', 'report-sentiment'] as const)('%s', (route) => {
    for (const param of GLOBAL_FILTER_PARAMS)
      expect(routeQueries[route][param]?.type, `${route} ?${param}`).toBe('string');
  });

  it('report-card: its subject and period', () => {
    for (const param of ['agent', 'team', 'vendor', 'from', 'to'])
      expect(routeQueries['report-card'][param]?.type, `?${param}`).toBe('string');
  });
});
