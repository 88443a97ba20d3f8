/**
 * Types of scheduled calendar entries: evaluations, calibration sessions and report deliveries
 * a user puts on the team's calendar (date and time, repeat, who takes part). Kept by the data
 * source like every other write (IndexedDB in the browser's demo, the write log on the API
 * server); the calendar shows their occurrences beside the entries derived from the data.
 */
import type { CalendarKind } from './workflow-types.ts';

export type ScheduleRepeat = 'none' | 'daily' | 'weekdays' | 'weekly' | 'monthly';

export const SCHEDULE_REPEATS: readonly ScheduleRepeat[] = [
  'none',
  'daily',
  'weekdays',
  'weekly',
  'monthly',
];
export const MAX_SCHEDULE_TITLE = 120;
export const MAX_SCHEDULE_PEOPLE = 20;
export const MAX_SCHEDULES = 200;

export interface ScheduledEntry {
  id: string;
  kind: CalendarKind;
  title: string;
  /** The first occurrence (ISO, UTC); repeats keep its time of day. */
  at: string;
  repeat: ScheduleRepeat;
  /** Who takes part (evaluations, calibrations) or receives it (reports): names or emails. */
  who: string[];
  /** The call to evaluate or calibrate on, when there is one. */
  callId?: string;
  notes?: string;
  /** The signed-in name of whoever scheduled it. */
  createdBy: string;
  /** 1 when created; each save adds one (the version check for two tabs). */
  version: number;
}

/**
 * Creates or replaces the entry with this id (`id`: letters, digits, - and _, 1 to 64). The
 * client makes the id, so the API server replaying its write log after a restart rebuilds
 * exactly what it answered. `baseVersion` is the version the edit started from (absent for a
 * new entry): a newer stored one makes the save a conflict.
 */
export type ScheduleDraft = Omit<ScheduledEntry, 'version'> & { baseVersion?: number };

export interface ScheduleDeletion {
  id: string;
  /** The version the user saw: a newer one is not deleted unseen (conflict). */
  baseVersion: number;
}
