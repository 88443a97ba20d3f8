/**
 * Which groups the comparison matrix compares, read from the address: `by` (vendor, team,
 * queue, brand or period), `groups` (keys, the first one the baseline) or, for periods, the
 * day of the `change` and the `days` on each side. A value that cannot be used is named in a
 * notice and replaced by a default; the page never goes blank over the address.
 */
import type { CallFilters, Catalog, CorpusInfo } from '../../../data/index.ts';
import type { IgnoredParam } from '../../../runtime/index.ts';
import { formatDay } from '../../../ui/format.ts';
import { lastDaysBefore } from '../../../ui/url-filters.ts';

export const COMPARE_BY = ['vendor', 'team', 'queue', 'brand', 'period'] as const;
export type CompareBy = (typeof COMPARE_BY)[number];
export type GroupDimension = Exclude<CompareBy, 'period'>;

export const COMPARE_BY_LABEL: Record<CompareBy, string> = {
  vendor: 'Vendors',
  team: 'Teams',
  queue: 'Queues',
  brand: 'Brands',
  period: 'Before and after a change',
};

export const DEFAULT_DAYS = 14;
export const MAX_DAYS = 90;
const DAY_MS = 86_400_000;

export interface ComparisonGroup {
  key: string;
  label: string;
  filters: CallFilters & { from: string; to: string };
}

export interface GroupOption {
  key: string;
  label: string;
}

export interface Comparison {
  by: CompareBy;
  groups: ComparisonGroup[];
  /** For dimensions: every group that can be chosen. */
  options: GroupOption[];
  /** For periods: the change day and the days on each side. */
  change: string;
  days: number;
  problems: IgnoredParam[];
}

const FILTER_OF: Record<GroupDimension, 'vendorId' | 'team' | 'queue' | 'brand'> = {
  vendor: 'vendorId',
  team: 'team',
  queue: 'queue',
  brand: 'brand',
};

export function groupOptions(by: GroupDimension, catalog: Catalog): GroupOption[] {
  if (by === 'vendor') return catalog.vendors.map((v) => ({ key: v.id, label: v.name }));
  const list = by === 'team' ? catalog.teams : by === 'queue' ? catalog.queues : catalog.brands;
  return list.map((value) => ({ key: value, label: value }));
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function readComparison(input: {
  params: URLSearchParams;
  catalog: Catalog;
  info: Pick<CorpusInfo, 'range'>;
  /** The URL's other filters (vendor, team...) with the period shown. */
  base: CallFilters & { from: string; to: string };
}): Comparison {
  const { params, catalog, info, base } = input;
  const problems: IgnoredParam[] = [];
  const rawBy = params.get('by');
  let by: CompareBy = 'vendor';
  if (rawBy !== null) {
    if ((COMPARE_BY as readonly string[]).includes(rawBy)) by = rawBy as CompareBy;
    // A value outside the declared enum is named by the shell's address notice.
  }

  // Periods: defaults put "after" at the end of the data.
  // Exclusive: the day after the last day with data.
  const dataEnd = Date.parse(lastDaysBefore(info.range.to, 1).to);
  const dataStart = Date.parse(info.range.from.slice(0, 10));
  let days = DEFAULT_DAYS;
  const rawDays = params.get('days');
  if (rawDays !== null) {
    const n = Number(rawDays);
    if (/^\d+$/.test(rawDays) && n >= 1 && n <= MAX_DAYS) days = n;
    else
      problems.push({
        param: 'days',
        value: rawDays,
        reason: `expected a whole number from 1 to ${MAX_DAYS}; ${DEFAULT_DAYS} days are used`,
      });
  }
  let changeMs = dataEnd - days * DAY_MS;
  const rawChange = params.get('change');
  if (rawChange !== null) {
    const ms = /^\d{4}-\d{2}-\d{2}$/.test(rawChange) ? Date.parse(`${rawChange}T00:00:00Z`) : NaN;
    if (Number.isNaN(ms))
      problems.push({
        param: 'change',
        value: rawChange,
        reason: `expected a day, YYYY-MM-DD; ${day(changeMs)} is used`,
      });
    else if (ms <= dataStart || ms >= dataEnd)
      problems.push({
        param: 'change',
        value: rawChange,
        reason: `outside the data (${day(dataStart)} to ${day(dataEnd - DAY_MS)}); ${day(changeMs)} is used`,
      });
    else changeMs = ms;
  }
  const change = day(changeMs);

  if (by === 'period') {
    const narrow = { ...base } as CallFilters;
    delete narrow.from;
    delete narrow.to;
    const beforeFrom = Math.max(dataStart, changeMs - days * DAY_MS);
    const afterTo = changeMs + days * DAY_MS;
    const span = (from: number, to: number) =>
      `${formatDay(day(from))} – ${formatDay(day(to - DAY_MS))}`;
    return {
      by,
      options: [],
      change,
      days,
      problems,
      groups: [
        {
          key: 'before',
          label: `Before (${span(beforeFrom, changeMs)})`,
          filters: { ...narrow, from: day(beforeFrom), to: change },
        },
        {
          key: 'after',
          label: `After (${span(changeMs, afterTo)})`,
          filters: { ...narrow, from: change, to: day(afterTo) },
        },
      ],
    };
  }

  const options = groupOptions(by, catalog);
  const rawGroups = params.get('groups');
  let keys: string[] = [];
  if (rawGroups !== null) {
    for (const key of rawGroups
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean)) {
      if (!options.some((o) => o.key === key))
        problems.push({
          param: 'groups',
          value: key,
          reason: `not one of the ${COMPARE_BY_LABEL[by].toLowerCase()}; left out`,
        });
      else if (!keys.includes(key)) keys.push(key);
    }
    if (keys.length < 2)
      problems.push({
        param: 'groups',
        value: rawGroups,
        reason: `at least two ${COMPARE_BY_LABEL[by].toLowerCase()} are needed; the first two are compared`,
      });
  }
  if (keys.length < 2) keys = options.slice(0, 2).map((o) => o.key);
  const filter = FILTER_OF[by];
  return {
    by,
    options,
    change,
    days,
    problems,
    groups: keys.map((key) => ({
      key,
      label: options.find((o) => o.key === key)!.label,
      filters: { ...base, [filter]: key },
    })),
  };
}
