/**
 * Scheduled calendar entries (../schedule-types.ts): checked whole before anything is kept,
 * versioned so a stale edit from another tab is a conflict, and expanded into occurrences for
 * the calendar. Kept beside the corpus like the other writes; persisted by the `schedules`
 * slice. No write reads the clock, so replaying the same writes rebuilds the same state.
 */
import type { Corpus } from '../corpus/corpus.ts';
import { callIndex } from '../corpus/corpus.ts';
import {
  MAX_SCHEDULES,
  MAX_SCHEDULE_PEOPLE,
  MAX_SCHEDULE_TITLE,
  SCHEDULE_REPEATS,
  type ScheduleDeletion,
  type ScheduleDraft,
  type ScheduledEntry,
} from '../schedule-types.ts';
import { DataSourceError, type CalendarEntry } from '../source.ts';
import { calendar } from './personal.ts';

const DAY_MS = 86_400_000;
const KINDS = ['evaluation', 'calibration', 'report'] as const;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Dates the product plans for; anything else is a typo (year 20266). */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

const stores = new WeakMap<Corpus, ScheduledEntry[]>();

export function schedules(corpus: Corpus): ScheduledEntry[] {
  return structuredClone(stores.get(corpus) ?? []).sort(
    (a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id),
  );
}

/** The problems of a draft, one "field: message" each (empty when it can be kept). */
export function scheduleProblems(corpus: Corpus, draft: ScheduleDraft): string[] {
  const d = (draft ?? {}) as Partial<ScheduleDraft>;
  const problems: string[] = [];
  if (typeof d.id !== 'string' || !ID.test(d.id))
    problems.push('id: 1 to 64 letters, digits, - or _');
  if (!KINDS.includes(d.kind as (typeof KINDS)[number]))
    problems.push('kind: must be evaluation, calibration or report');
  if (typeof d.title !== 'string' || d.title.trim() === '')
    problems.push('title: must not be empty');
  else if (d.title.length > MAX_SCHEDULE_TITLE)
    problems.push(`title: at most ${MAX_SCHEDULE_TITLE} characters`);
  const at = typeof d.at === 'string' ? Date.parse(d.at) : NaN;
  if (Number.isNaN(at)) problems.push('at: not a date and time');
  else if (at < EARLIEST || at >= LATEST) problems.push('at: must be between 2000 and 2099');
  if (!SCHEDULE_REPEATS.includes(d.repeat as ScheduledEntry['repeat']))
    problems.push(`repeat: must be one of ${SCHEDULE_REPEATS.join(', ')}`);
  const who = Array.isArray(d.who) ? d.who : null;
  if (!who || who.some((p) => typeof p !== 'string'))
    problems.push('who: expected a list of names');
  else if (who.filter((p) => p.trim() !== '').length === 0)
    problems.push('who: name at least one person');
  else if (who.length > MAX_SCHEDULE_PEOPLE)
    problems.push(`who: at most ${MAX_SCHEDULE_PEOPLE} people`);
  if (d.callId !== undefined && d.callId !== '') {
    if (d.kind === 'report') problems.push('callId: a report delivery is not about one call');
    else if (callIndex(d.callId, corpus.n) < 0)
      problems.push(`callId: no call has the id ${d.callId}`);
  }
  if (d.notes !== undefined && (typeof d.notes !== 'string' || d.notes.length > 2000))
    problems.push('notes: at most 2,000 characters');
  if (typeof d.createdBy !== 'string' || d.createdBy.trim() === '')
    problems.push('createdBy: say who schedules it');
  return problems;
}

export function saveSchedule(corpus: Corpus, draft: ScheduleDraft): ScheduledEntry {
  const problems = scheduleProblems(corpus, draft);
  if (problems.length > 0)
    throw new DataSourceError('invalid-query', `Not scheduled: ${problems[0]}`, problems);
  const list = stores.get(corpus) ?? [];
  const k = list.findIndex((e) => e.id === draft.id);
  const stored = k >= 0 ? list[k]! : undefined;
  if (stored && draft.baseVersion !== stored.version)
    throw new DataSourceError(
      'conflict',
      `“${stored.title}” was changed elsewhere (now version ${stored.version}); load it again before saving`,
      ['baseVersion'],
    );
  if (!stored && draft.baseVersion !== undefined)
    throw new DataSourceError('conflict', 'This entry was deleted elsewhere', ['baseVersion']);
  if (!stored && list.length >= MAX_SCHEDULES)
    throw new DataSourceError('invalid-query', `At most ${MAX_SCHEDULES} scheduled entries`, [
      'id: too many scheduled entries',
    ]);
  const entry: ScheduledEntry = {
    id: draft.id,
    kind: draft.kind,
    title: draft.title.trim(),
    at: new Date(Date.parse(draft.at)).toISOString(),
    repeat: draft.repeat,
    who: draft.who.map((p) => p.trim()).filter((p) => p !== ''),
    ...(draft.callId ? { callId: draft.callId } : {}),
    ...(draft.notes?.trim() ? { notes: draft.notes.trim() } : {}),
    createdBy: stored?.createdBy ?? draft.createdBy.trim(),
    version: (stored?.version ?? 0) + 1,
  };
  stores.set(corpus, stored ? list.map((e, j) => (j === k ? entry : e)) : [...list, entry]);
  return structuredClone(entry);
}

export function deleteSchedule(corpus: Corpus, request: ScheduleDeletion): void {
  const list = stores.get(corpus) ?? [];
  const stored = list.find((e) => e.id === request?.id);
  if (!stored)
    throw new DataSourceError('not-found', `No scheduled entry has the id ${String(request?.id)}`);
  if (request.baseVersion !== stored.version)
    throw new DataSourceError(
      'conflict',
      `“${stored.title}” was changed elsewhere (now version ${stored.version}); look at it again before deleting`,
      ['baseVersion'],
    );
  stores.set(
    corpus,
    list.filter((e) => e !== stored),
  );
}

/**
 * The start times of an entry's occurrences in [from, to) (ms). Repeats keep the first
 * occurrence's time of day (UTC); `monthly` keeps its day of the month and skips months that
 * have no such day (the 31st); `weekdays` is Monday to Friday.
 */
export function occurrences(
  entry: Pick<ScheduledEntry, 'at' | 'repeat'>,
  from: number,
  to: number,
): number[] {
  const first = Date.parse(entry.at);
  if (entry.repeat === 'none') return first >= from && first < to ? [first] : [];
  const out: number[] = [];
  if (entry.repeat === 'monthly') {
    const d = new Date(first);
    for (let m = 0; ; m++) {
      const t = Date.UTC(
        d.getUTCFullYear(),
        d.getUTCMonth() + m,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
      );
      if (t >= to) break;
      if (new Date(t).getUTCDate() !== d.getUTCDate()) continue; // no such day this month
      if (t >= from) out.push(t);
    }
    return out;
  }
  const step = entry.repeat === 'weekly' ? 7 * DAY_MS : DAY_MS;
  // Jump to the first step at or after `from` instead of walking from the first occurrence.
  const skip = from > first ? Math.ceil((from - first) / step) : 0;
  for (let t = first + skip * step; t < to; t += step) {
    const weekday = new Date(t).getUTCDay();
    if (entry.repeat === 'weekdays' && (weekday === 0 || weekday === 6)) continue;
    out.push(t);
  }
  return out;
}

/**
 * The calendar: the entries derived from the data (its two weeks after the data's last day) with
 * the scheduled ones' occurrences over the two weeks from today, by time. Scheduled times are
 * the users' own, so they follow the clock even where the data ends on an earlier day (an API
 * server keeps the day its corpus was first loaded; tests pin it). Reading the clock here is
 * fine: only writes are replayed. `user`: whose report deliveries (their digest preference).
 */
export function calendarWithScheduled(
  corpus: Corpus,
  user?: string,
  now = Date.now(),
): CalendarEntry[] {
  const from = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`);
  const to = from + 14 * DAY_MS;
  return [...calendar(corpus, user), ...scheduledCalendar(corpus, from, to)].sort(
    (a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id),
  );
}

/** The calendar's entries for the scheduled ones in [from, to). */
export function scheduledCalendar(corpus: Corpus, from: number, to: number): CalendarEntry[] {
  return (stores.get(corpus) ?? []).flatMap((entry) =>
    occurrences(entry, from, to).map((t) => ({
      id: `scheduled:${entry.id}:${new Date(t).toISOString()}`,
      kind: entry.kind,
      title: entry.title,
      detail: [
        `${entry.kind === 'report' ? 'To' : 'With'} ${entry.who.join(', ')}`,
        REPEAT_WORDS[entry.repeat],
        entry.notes,
      ]
        .filter(Boolean)
        .join(' · '),
      at: new Date(t).toISOString(),
      ...(entry.callId ? { callId: entry.callId } : {}),
      scheduleId: entry.id,
    })),
  );
}

const REPEAT_WORDS: Record<ScheduledEntry['repeat'], string> = {
  none: '',
  daily: 'every day',
  weekdays: 'every weekday',
  weekly: 'every week',
  monthly: 'every month',
};

/** For the persisted slice: the entries as plain JSON. */
export function exportSchedules(corpus: Corpus): ScheduledEntry[] {
  return structuredClone(stores.get(corpus) ?? []);
}

/** Restores stored entries after checking every one; throws (keeping nothing) otherwise. */
export function importSchedules(corpus: Corpus, saved: unknown): void {
  if (!Array.isArray(saved)) throw new Error('scheduled entries are not a list');
  saved.forEach((e: ScheduledEntry, k) => {
    const problems = scheduleProblems(corpus, e);
    if (problems.length > 0 || !Number.isInteger(e.version) || e.version < 1)
      throw new Error(`scheduled entry ${k + 1}: ${problems[0] ?? 'no valid version'}`);
  });
  stores.set(corpus, structuredClone(saved as ScheduledEntry[]));
}
