import { describeIgnored } from '../runtime/index.ts';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../data/index.ts';
import {
  CALL_LIST_FILTER_PARAMS,
  GLOBAL_FILTER_PARAMS,
  filtersFromParams,
  withKnownValues,
  lastDaysBefore,
  paramsFromFilters,
  queryString,
} from './url-filters.ts';

const read = (query: string, allowed?: Parameters<typeof filtersFromParams>[1]) =>
  filtersFromParams(new URLSearchParams(query), allowed);

describe('filtersFromParams', () => {
  it('reads an inclusive last day as the exclusive next day of the data layer', () => {
    expect(read('from=2026-03-01&to=2026-03-31').filters).toEqual({
      from: '2026-03-01',
      to: '2026-04-01',
    });
  });

  it('reads lists, booleans and enums', () => {
    expect(read('vendor=vendor-01,vendor-02&compliant=false&sentiment=negative').filters).toEqual({
      vendorId: ['vendor-01', 'vendor-02'],
      compliant: false,
      sentiment: 'negative',
    });
  });

  it('leaves out bad values and says why, instead of failing the page', () => {
    const parsed = read('from=yesterday&compliant=maybe&churnRisk=extreme&queue=Billing');
    expect(parsed.filters).toEqual({ queue: 'Billing' });
    expect(parsed.problems).toHaveLength(3);
    expect(parsed.problems.map(describeIgnored).join(' ')).toMatch(/from.*yesterday/);
    expect(parsed.problems.map(describeIgnored).join(' ')).toMatch(/low, medium, high/);
  });

  it('reads the insight drill-downs: score bands as whole numbers 0 to 9, signals by name', () => {
    const ok = filtersFromParams(
      new URLSearchParams(
        'fakeScoreBand=3,4&fakeSignal=very-short&churnSignal=cancellation-intent',
      ),
    );
    expect(ok.filters).toEqual({
      fakeScoreBand: [3, 4],
      fakeSignal: 'very-short',
      churnSignal: 'cancellation-intent',
    });
    expect(paramsFromFilters(ok.filters).get('fakeScoreBand')).toBe('3,4');
    const bad = filtersFromParams(new URLSearchParams('fakeScoreBand=12&fakeSignal=odd'));
    expect(bad.filters).toEqual({});
    expect(bad.problems).toEqual([
      { param: 'fakeScoreBand', value: '12', reason: 'expected whole numbers from 0 to 9' },
      expect.objectContaining({ param: 'fakeSignal', value: 'odd' }),
    ]);
  });

  it('drops an empty period', () => {
    const parsed = read('from=2026-03-10&to=2026-03-01');
    expect(parsed.filters).toEqual({});
    expect(describeIgnored(parsed.problems[0]!)).toMatch(/from: “2026-03-10” was ignored .*empty/);
  });

  it('reads only the allowed parameters', () => {
    expect(read('vendor=v1&compliant=false', GLOBAL_FILTER_PARAMS).filters).toEqual({
      vendorId: 'v1',
    });
  });
});

describe('paramsFromFilters', () => {
  it('round-trips the filters of a drill-down', () => {
    const filters = {
      from: '2026-03-01',
      to: '2026-04-01',
      vendorId: 'vendor-03',
      status: 'analysed' as const,
      followedByRepeat: true,
      category: ['cat-a', 'cat-b'],
    };
    const params = paramsFromFilters(filters);
    expect(params.get('to')).toBe('2026-03-31');
    expect(filtersFromParams(params).filters).toEqual(filters);
  });

  it('turns midnight timestamps into days and keeps other instants exact', () => {
    const params = paramsFromFilters({
      from: '2026-03-02T00:00:00.000Z',
      to: '2026-03-02T12:30:00.000Z',
    });
    expect(params.get('from')).toBe('2026-03-02');
    expect(params.get('to')).toBe('2026-03-02T12:30:00.000Z');
  });

  it('builds a query string with extra parameters', () => {
    expect(queryString({ queue: 'Billing' }, { sort: 'durationMs', dir: undefined })).toBe(
      '?queue=Billing&sort=durationMs',
    );
    expect(queryString({})).toBe('');
  });
});

describe('lastDaysBefore', () => {
  it('counts whole days back from the end of the data', () => {
    expect(lastDaysBefore('2026-04-01T00:00:00.000Z', 30)).toEqual({
      from: '2026-03-02',
      to: '2026-04-01',
    });
    expect(lastDaysBefore('2026-03-31T23:56:00.000Z', 7)).toEqual({
      from: '2026-03-25',
      to: '2026-04-01',
    });
  });
});

describe('address values the app cannot use are ignored and said (issue 38)', () => {
  const parse = (query: string) => filtersFromParams(new URLSearchParams(query));

  it('reads only real days and ISO timestamps as dates', () => {
    for (const bad of ['-1', '9999-99-99', '99999-01-01', '2026-02-31', '1', 'March 3'])
      expect(parse(`from=${encodeURIComponent(bad)}`)).toEqual({
        filters: {},
        problems: [{ param: 'from', value: bad, reason: 'expected a day, YYYY-MM-DD' }],
      });
    const both = parse('from=9999-99-99&to=99999-01-01');
    expect(both.problems.map((p) => p.param)).toEqual(['from', 'to']);
    expect(both.filters).toEqual({});
    expect(parse('from=2026-03-01&to=2026-03-31').filters).toEqual({
      from: '2026-03-01',
      to: '2026-04-01',
    });
    expect(parse('from=2026-03-01T09:30:00.000Z').filters).toEqual({
      from: '2026-03-01T09:30:00.000Z',
    });
  });

  it('leaves out values the data’s lists do not have, each reported', () => {
    const catalog = {
      vendors: [{ id: 'vendor-01' }],
      agents: [],
      teams: [],
      sites: [],
      queues: ['Billing'],
      brands: [],
      products: [],
      languages: [],
      dispositions: [],
      categories: [],
      topics: [],
    } as unknown as Catalog;
    const checked = withKnownValues(
      parse('vendor=%3Cimg%20src%3Dx%3E&queue=Billing,Nowhere'),
      catalog,
      CALL_LIST_FILTER_PARAMS,
    );
    // A queue no call has is a true filter (no calls match), not an address error.
    expect(checked.filters).toEqual({ queue: ['Billing', 'Nowhere'] });
    expect(checked.problems).toEqual([
      { param: 'vendor', value: '<img src=x>', reason: 'no vendor has this id' },
    ]);
  });
});
