/**
 * Call filters in the address bar, so every view can be shared and every drill-down is a plain
 * link. Pure functions here; the React hook is in use-url-filters.ts.
 *
 * URL shape (one value, or several separated by commas):
 *   ?from=2026-03-01&to=2026-03-31&vendor=vendor-03&queue=Billing&compliant=false
 * `from` and `to` are UTC days and BOTH inclusive in the URL (what a person means by "1 to 31
 * March"); the data layer's `to` is exclusive, so `to` moves one day on the way in and out.
 *
 * These parameters are not yet declared in the manifest (see the report of issue 5): they are
 * read with react-router's search params instead of the generated typed query until they are.
 */
import {
  CALL_COLUMNS,
  columnFilter,
  type CallColumnName,
  type CallFilters,
  type Catalog,
  type ChurnSignal,
  type FakeSignal,
  type FlagColumn,
  type WordColumn,
} from '../data/index.ts';
import type { IgnoredParam } from '../runtime/index.ts';

/** The signal names the call list accepts (a Record, so a new signal fails to compile here). */
const FAKE_SIGNAL_VALUES = Object.keys({
  'no-customer-speech': 1,
  'too-few-turns': 1,
  'very-short': 1,
  'long-silence': 1,
  'redialled-number': 1,
  'ivr-or-voicemail-only': 1,
  'disposition-contradicted': 1,
} satisfies Record<FakeSignal, 1>) as readonly FakeSignal[];
const CHURN_SIGNAL_VALUES = Object.keys({
  'cancellation-intent': 1,
  'competitor-mention': 1,
  'repeated-contact': 1,
  'unresolved-negative-end': 1,
} satisfies Record<ChurnSignal, 1>) as readonly ChurnSignal[];

const DAY_MS = 86_400_000;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

type ParamKind = 'day' | 'text' | 'boolean' | 'enum' | 'integer';

interface ParamSpec {
  field: keyof CallFilters;
  kind: ParamKind;
  /** Allowed values of an enum parameter. */
  values?: readonly string[];
  /** Whether several comma-separated values are allowed. */
  list?: boolean;
  /** Least and greatest value of an integer parameter. */
  range?: readonly [number, number];
}

/**
 * The parameter of a call column (its name): yes/no for a flag; for words, a list (unless the
 * filter takes one word), checked against the words when they are fixed.
 */
function columnParam(name: CallColumnName): ParamSpec {
  const spec: WordColumn | FlagColumn = CALL_COLUMNS[name];
  if (spec.kind === 'flag') return { field: columnFilter(name), kind: 'boolean' };
  return {
    field: spec.filter,
    kind: spec.values ? 'enum' : 'text',
    ...(spec.values ? { values: spec.values } : {}),
    ...(spec.oneWord ? {} : { list: true }),
  };
}

const COLUMN_PARAMS = Object.fromEntries(
  (Object.keys(CALL_COLUMNS) as CallColumnName[]).map((name) => [name, columnParam(name)]),
) as Record<CallColumnName, ParamSpec>;

/** Every call filter a URL can carry, by parameter name: the call columns', and these. */
export const FILTER_PARAMS = {
  from: { field: 'from', kind: 'day' },
  to: { field: 'to', kind: 'day' },
  ...COLUMN_PARAMS,
  customer: { field: 'customerId', kind: 'text', list: true },
  dispositionGroup: { field: 'dispositionGroup', kind: 'text', list: true },
  rule: { field: 'failedRuleId', kind: 'text', list: true },
  sentiment: {
    field: 'sentiment',
    kind: 'enum',
    values: ['negative', 'neutral', 'positive'],
    list: true,
  },
  sentimentScored: { field: 'sentimentScored', kind: 'boolean' },
  evaluated: { field: 'evaluated', kind: 'boolean' },
  category: { field: 'category', kind: 'text', list: true },
  calls: { field: 'callId', kind: 'text', list: true },
  // The customer-insight drill-downs (Fake Call and Churn VOC views).
  fakeScoreBand: { field: 'fakeScoreBand', kind: 'integer', range: [0, 9], list: true },
  fakeSignal: { field: 'fakeSignal', kind: 'enum', values: FAKE_SIGNAL_VALUES, list: true },
  churnSignal: { field: 'churnSignal', kind: 'enum', values: CHURN_SIGNAL_VALUES, list: true },
} as const satisfies Record<string, ParamSpec>;

export type FilterParam = keyof typeof FILTER_PARAMS;

/** The global filters of the dashboard, vendors and agents screens. */
export const GLOBAL_FILTER_PARAMS = [
  'from',
  'to',
  'vendor',
  'team',
  'queue',
  'brand',
] as const satisfies readonly FilterParam[];

/** Everything the call list understands (every drill-down lands there). */
export const CALL_LIST_FILTER_PARAMS = Object.keys(FILTER_PARAMS) as FilterParam[];

export interface ParsedFilters {
  filters: CallFilters;
  /** Each ignored parameter, for the address notice: bad input never blanks the screen. */
  problems: IgnoredParam[];
}

/** An ISO timestamp with its zone, as the app writes one (`2026-03-01T09:30:00.000Z`). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Epoch ms of a YYYY-MM-DD day that exists or an ISO timestamp; NaN for anything else. Only
 * these two shapes: Date.parse also reads `-1` (as 1 January 2001), `99999-01-01` and
 * `2026-02-31` (as 3 March), which would become periods nobody asked for.
 */
function instant(value: string): number {
  if (!DAY_ONLY.test(value) && !TIMESTAMP.test(value)) return NaN;
  const day = value.slice(0, 10);
  const dayMs = Date.parse(`${day}T00:00:00.000Z`);
  // The day must exist as written (no 31 April, which Date.parse reads as 1 May).
  if (Number.isNaN(dayMs) || dayOf(dayMs) !== day) return NaN;
  return DAY_ONLY.test(value) ? dayMs : Date.parse(value);
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Filter values the data's lists can judge: one that names nothing is left out and reported. */
const CATALOG_VALUES: readonly {
  param: FilterParam;
  known: (catalog: Catalog) => readonly string[];
  reason: string;
}[] = [
  { param: 'vendor', known: (c) => c.vendors.map((v) => v.id), reason: 'no vendor has this id' },
  { param: 'agent', known: (c) => c.agents.map((a) => a.id), reason: 'no agent has this id' },
  { param: 'team', known: (c) => c.teams, reason: 'no team has this name' },
  { param: 'site', known: (c) => c.sites, reason: 'no site has this name' },
  // Queues, brands, products and languages are values calls carry, not things that exist on
  // their own: one no call has now (an undone import's brand) is a true filter with no calls,
  // so it is kept and the screen says none match, the same count its drill-down gives.
];

/**
 * The filters without ids and names the data's lists do not have (a vendor id that does not
 * exist): each is reported for the address notice, and the screen shows what it would without
 * it, instead of an empty selection that looks like data.
 */
export function withKnownValues(
  parsed: ParsedFilters,
  catalog: Catalog,
  allowed: readonly FilterParam[],
): ParsedFilters {
  const filters: Record<string, unknown> = { ...parsed.filters };
  const problems = [...parsed.problems];
  for (const check of CATALOG_VALUES) {
    if (!allowed.includes(check.param)) continue;
    const field = FILTER_PARAMS[check.param].field;
    const asked = filters[field];
    if (asked === undefined) continue;
    const values = (Array.isArray(asked) ? asked : [asked]) as string[];
    const known = new Set(check.known(catalog));
    const kept = values.filter((v) => known.has(v));
    for (const value of values.filter((v) => !known.has(v)))
      problems.push({ param: check.param, value, reason: check.reason });
    if (kept.length === values.length) continue;
    if (kept.length === 0) delete filters[field];
    else filters[field] = kept.length === 1 ? kept[0] : kept;
  }
  return { filters: filters as CallFilters, problems };
}

/** Reads the allowed filter parameters; values of the wrong type are left out and reported. */
export function filtersFromParams(
  params: URLSearchParams,
  allowed: readonly FilterParam[] = CALL_LIST_FILTER_PARAMS,
): ParsedFilters {
  const filters: Record<string, unknown> = {};
  const problems: IgnoredParam[] = [];
  for (const name of allowed) {
    const raw = params.get(name);
    if (raw === null || raw.trim() === '') continue;
    const spec: ParamSpec = FILTER_PARAMS[name];
    const value = raw.trim();
    switch (spec.kind) {
      case 'day': {
        const ms = instant(value);
        if (Number.isNaN(ms)) {
          problems.push({ param: name, value, reason: 'expected a day, YYYY-MM-DD' });
          break;
        }
        // A day in the URL is inclusive; the data layer's `to` is the exclusive next day.
        filters[spec.field] =
          name === 'to' && DAY_ONLY.test(value)
            ? dayOf(ms + DAY_MS)
            : DAY_ONLY.test(value)
              ? value
              : new Date(ms).toISOString();
        break;
      }
      case 'integer': {
        const [min, max] = spec.range!;
        const items = value.split(',').map((v) => v.trim());
        const bad = items.filter((v) => !/^\d+$/.test(v) || +v < min || +v > max);
        if (bad.length > 0) {
          problems.push({
            param: name,
            value: bad.join(', '),
            reason: `expected whole numbers from ${min} to ${max}`,
          });
          break;
        }
        const numbers = items.map(Number);
        filters[spec.field] = numbers.length === 1 ? numbers[0] : numbers;
        break;
      }
      case 'boolean':
        if (value === 'true' || value === 'false') filters[spec.field] = value === 'true';
        else problems.push({ param: name, value, reason: 'expected true or false' });
        break;
      case 'enum':
      case 'text': {
        const items = spec.list
          ? value
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean)
          : [value];
        const bad = spec.values ? items.filter((v) => !spec.values!.includes(v)) : [];
        if (bad.length > 0) {
          problems.push({
            param: name,
            value: bad.join(', '),
            reason: `expected one of ${spec.values!.join(', ')}`,
          });
          break;
        }
        filters[spec.field] = items.length === 1 ? items[0] : items;
        break;
      }
    }
  }
  const from = filters.from as string | undefined;
  const to = filters.to as string | undefined;
  if (from && to && instant(from) >= instant(to)) {
    problems.push({
      param: 'from',
      value: params.get('from') ?? from,
      reason: `it is after "to" (${params.get('to') ?? to}), so the period would be empty; both were ignored`,
    });
    delete filters.from;
    delete filters.to;
  }
  return { filters: filters as CallFilters, problems };
}

function paramValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.length > 0 ? value.map(String).join(',') : undefined;
  return String(value);
}

/**
 * The URL parameters of some call filters (fields the URL cannot carry are dropped). A
 * midnight `to` becomes the inclusive previous day.
 */
export function paramsFromFilters(filters: CallFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, spec] of Object.entries(FILTER_PARAMS) as [FilterParam, ParamSpec][]) {
    const value = filters[spec.field];
    if (spec.kind === 'day') {
      if (typeof value !== 'string') continue;
      const ms = instant(value);
      if (Number.isNaN(ms)) continue;
      const midnight = ms % DAY_MS === 0;
      if (!midnight) params.set(name, new Date(ms).toISOString());
      else params.set(name, dayOf(name === 'to' ? ms - DAY_MS : ms));
      continue;
    }
    const text = paramValue(value);
    if (text !== undefined) params.set(name, text);
  }
  return params;
}

/** The query string of some filters with extra parameters, "" when there are none. */
export function queryString(filters: CallFilters, extra: Record<string, string | undefined> = {}) {
  const params = paramsFromFilters(filters);
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) params.set(k, v);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The period of the filters as inclusive UTC days, for date inputs. */
export function inclusiveDays(filters: { from: string; to: string }): { from: string; to: string } {
  return { from: dayOf(instant(filters.from)), to: dayOf(instant(filters.to) - DAY_MS) };
}

/** Days between two filter instants (to exclusive). */
export function periodDays(filters: { from: string; to: string }): number {
  return Math.round((instant(filters.to) - instant(filters.from)) / DAY_MS);
}

/** The last `days` UTC days ending with the day before `end` (exclusive), as filter days. */
export function lastDaysBefore(end: string, days: number): { from: string; to: string } {
  const endMs = instant(end);
  const to = Math.ceil(endMs / DAY_MS) * DAY_MS;
  return { from: dayOf(to - days * DAY_MS), to: dayOf(to) };
}
