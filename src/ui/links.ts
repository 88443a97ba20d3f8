/**
 * Where drill-downs go. Every tile, row and bar links to the call list with exactly the filters
 * behind its number, so the list's count equals what was clicked.
 */
import { href } from '../runtime/index.ts';
import type { CallFilters } from '../data/index.ts';
import { paramsFromFilters } from './url-filters.ts';

/** A path with extra parameters merged into its query. */
function withParams(base: string, extra: URLSearchParams): string {
  const [path, query = ''] = base.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  for (const [k, v] of extra) params.set(k, v);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The call list filtered to exactly these calls. */
export function callListHref(filters: CallFilters): string {
  return withParams(href('recordings'), paramsFromFilters(filters));
}

/** A call's page, at a moment of the call when given. */
export function callHref(callId: string, atMs?: number): string {
  return href('recordings', {
    call: callId,
    at: atMs === undefined ? undefined : Math.max(0, Math.round(atMs)),
  });
}

/** The agent leaderboard of one vendor (or all), keeping the other global filters. */
export function agentsHref(filters: CallFilters, vendorId?: string): string {
  const { vendorId: _drop, ...rest } = filters;
  return withParams(href('agents', { vendor: vendorId }), paramsFromFilters(rest));
}

/** The failing calls of a selection (the agents screen's ?compliant=false view). */
export function failingCallsHref(filters: CallFilters): string {
  const { vendorId, compliant: _c, status: _s, ...rest } = filters;
  const vendor = typeof vendorId === 'string' ? vendorId : undefined;
  return withParams(href('agents', { compliant: false, vendor }), paramsFromFilters(rest));
}
