import { describe, expect, it } from 'vitest';
import { manifest } from '../generated/manifest.gen.ts';
import { searchHref, searchTextOf } from './search.ts';
import { routeById } from './targets.ts';

const { path } = routeById(manifest.header.search.route);
const param = manifest.header.search.param;

describe('searchHref', () => {
  it('leads to the search route with the text in its parameter', () => {
    expect(searchHref('refund')).toBe(`${path}?${param}=refund`);
  });

  it('URL-encodes the text, so it arrives exactly as typed', () => {
    const text = '"cancel my" & <b>refund</b> #1 100% ?x=y';
    const href = searchHref(text)!;
    expect(href).not.toMatch(/[ "<>#&]/);
    const url = new URL(href, 'https://app.example');
    expect(url.pathname).toBe(path);
    expect([...url.searchParams.keys()]).toEqual([param]);
    expect(url.searchParams.get(param)).toBe(text);
  });

  it('trims surrounding spaces and does nothing for empty or blank text', () => {
    expect(searchHref('  churn  ')).toBe(`${path}?${param}=churn`);
    for (const blank of ['', ' ', '\t\n  ']) expect(searchHref(blank)).toBeNull();
  });
});

describe('searchTextOf', () => {
  it('shows the current search on the search route only', () => {
    expect(searchTextOf({ pathname: path, search: `?${param}=a%20b` })).toBe('a b');
    expect(searchTextOf({ pathname: '/performance/agents', search: `?${param}=x` })).toBe('');
  });
});
