/**
 * The API's data range as this browser last read it. A screen's first reads that depend on the
 * range (the dashboard's period ends on the data's last day) can then start with the token,
 * beside the range's own read, instead of a round trip after it: on the same day the range is
 * the same, and the reads started with it are the ones the screen asks for. A range that has
 * moved costs only the reads started with the old one: nothing is handed to a screen but the
 * answer to the very read it asks (HttpSource.readAhead is keyed by method and arguments).
 *
 * Dates only, never figures; kept per API (a value for another API is not used).
 */
import { createScopedStorage, type StoredValueSpec } from '../../browser-storage/index.ts';
import type { DateRange } from '../source.ts';

interface KnownRange {
  readonly api: string;
  readonly range: DateRange;
}

const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

export const knownRangeSpec: StoredValueSpec<KnownRange> = {
  name: 'data-range',
  version: 1,
  parse(raw) {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { api, range } = raw as Record<string, unknown>;
    if (typeof api !== 'string' || typeof range !== 'object' || range === null) return undefined;
    const { from, to } = range as Record<string, unknown>;
    return isInstant(from) && isInstant(to) ? { api, range: { from, to } } : undefined;
  },
};

const storage = () => createScopedStorage('api');

/** The range last read from `api`, if this browser keeps one. */
export function knownRange(api: string): DateRange | undefined {
  const known = storage().read(knownRangeSpec);
  return known?.api === api ? known.range : undefined;
}

/** Keeps the range just read from `api` (a refusal by the browser only costs the next load). */
export function keepRange(api: string, range: DateRange): void {
  const known = knownRange(api);
  if (known?.from === range.from && known.to === range.to) return;
  storage().write(knownRangeSpec, { api, range: { from: range.from, to: range.to } });
}
