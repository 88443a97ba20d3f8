/**
 * The day the demo corpus ends on (its "anchor"). A visitor's "last 30 days" must mean the 30
 * days before today, so by default the corpus ends with the current UTC day; the data stays a
 * pure function of (seed, day). Tests pin the day (SA_CORPUS_DAY, set once in the vitest
 * config and the test build from tests/corpus-day.ts) so no test depends on the clock.
 */

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Environment variable that pins the anchor day in Node (tests, the API server, scripts). */
export const CORPUS_DAY_ENV = 'SA_CORPUS_DAY';

/** The current UTC day, YYYY-MM-DD. */
export function todayUtc(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Checks a YYYY-MM-DD day (a real calendar day) and returns it; throws a RangeError otherwise. */
export function checkCorpusDay(day: string): string {
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  if (!DAY.test(day) || Number.isNaN(ms) || todayUtc(ms) !== day) {
    throw new RangeError(`the corpus day must be a date as YYYY-MM-DD, got "${day}"`);
  }
  return day;
}

/** The anchor day: the one given, else SA_CORPUS_DAY when the environment has one, else today. */
export function corpusDay(day?: string): string {
  if (day !== undefined) return checkCorpusDay(day);
  return pinnedCorpusDay() ?? todayUtc();
}

/** The day the environment pins (SA_CORPUS_DAY), if it pins one. */
export function pinnedCorpusDay(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env?.[CORPUS_DAY_ENV];
  return env ? checkCorpusDay(env) : undefined;
}

/** Exclusive end of the corpus anchored on `day`: the next midnight UTC, in ms. */
export function corpusEndMs(day: string): number {
  return Date.parse(`${checkCorpusDay(day)}T00:00:00.000Z`) + DAY_MS;
}
