/** The header's free-text search: where a typed text leads (spec section 2). */
import { manifest } from '../generated/manifest.gen.ts';
import { pathHref, routeById } from './targets.ts';

const { route, param } = manifest.header.search;

/** The search URL for the typed text, or null when there is nothing to search for. */
export function searchHref(text: string): string | null {
  const key = text.trim();
  return key === '' ? null : pathHref(routeById(route).path, { [param]: key });
}

/** The text to show in the search box for the current URL (the current search, if any). */
export function searchTextOf(location: { pathname: string; search: string }): string {
  if (location.pathname !== routeById(route).path) return '';
  return new URLSearchParams(location.search).get(param) ?? '';
}
