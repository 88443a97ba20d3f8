/**
 * Type tests for the generated route code, checked by `tsc` (tsconfig includes tests/).
 * Every `@ts-expect-error` line must fail to compile: if the typing breaks and the line
 * compiles, tsc reports the directive as unused and the type check goes red.
 */
import {
  href,
  parseRouteQuery,
  routesById,
  routePaths,
  routeTable,
  type RouteId,
  type RoutePath,
  type RouteQuery,
} from '../../src/generated/routes.gen.ts';
import { manifest } from '../../src/generated/manifest.gen.ts';
import type { IconName, Manifest, QuickSearchPreset } from '../../src/generated/manifest.types.ts';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T => true as T;

// Links that the manifest declares compile.
href('agents', { compliant: false });
href('agents', { compliant: true, vendor: 'Acme' });
href('agents');
href('voc', { disposition: 'Churn Prediction' });
href('voc', { disposition: 'Fake Call' });
href('keyword-search', { key: 'refund', limit: 25 });
href('dashboard');
href('dashboard', {});

// @ts-expect-error an unknown route id
href('agent');
// @ts-expect-error a path is not a route id: links name the route, the manifest gives its path
href('/performance/agents');
// @ts-expect-error the error page is not a linkable route
href('not-found');
// @ts-expect-error an unknown parameter
href('agents', { complaint: false });
// @ts-expect-error a wrong value type: compliant is a boolean
href('agents', { compliant: 'no' });
// @ts-expect-error a wrong value type: limit is an integer
href('keyword-search', { limit: '25' });
// @ts-expect-error an enum value outside the declared set
href('voc', { disposition: 'Churn' });
href('dashboard', { from: '2026-11-01', vendor: 'v1,v2' });
// @ts-expect-error a parameter the dashboard does not declare
href('dashboard', { tab: 'x' });
// @ts-expect-error any parameter on a route without parameters, whatever its type
href('smart-settings', { page: 1 });

// Parsed query values carry the declared types.
const agents = parseRouteQuery('agents', {}, new URLSearchParams());
assertType<
  Equal<
    typeof agents,
    {
      compliant?: boolean;
      vendor?: string;
      from?: string;
      to?: string;
      team?: string;
      queue?: string;
      brand?: string;
    }
  >
>();
assertType<
  Equal<RouteQuery<'keyword-search'>, { key?: string; limit?: number; from?: string; to?: string }>
>();
const voc = parseRouteQuery('voc', {}, new URLSearchParams());
assertType<Equal<NonNullable<typeof voc.disposition> extends string ? true : false, true>>();
// @ts-expect-error the parsed disposition is a union of declared values, not any string
const anyDisposition: NonNullable<typeof voc.disposition> = 'Anything';
void anyDisposition;

// Ids and paths are unions of the manifest's values, not strings.
assertType<Equal<'agents' extends RouteId ? true : false, true>>();
assertType<Equal<'nope' extends RouteId ? true : false, false>>();
assertType<Equal<'*' extends RoutePath ? true : false, false>>();
// Each linkable id knows its path, from the manifest.
assertType<Equal<(typeof routePaths)['agents'], '/performance/agents'>>();
const entry = routesById.agents;
void entry.load;
// @ts-expect-error an unknown route id
void routesById['agent'];

// The generated manifest data is typed by the schema's types (its routes live in routeTable).
const typed: Omit<Manifest, 'routes'> = manifest;
const preset: QuickSearchPreset | undefined = manifest.header.quickSearch[0];
const icon: IconName | undefined = routeTable[0]?.icon;
// @ts-expect-error routes are not repeated in the manifest data
void manifest.routes;
void typed;
void preset;
void icon;
// @ts-expect-error an icon outside the built-in set
const badIcon: IconName = 'not-an-icon';
void badIcon;
