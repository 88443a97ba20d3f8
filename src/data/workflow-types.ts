/**
 * Query and result types of the configuration and personal workflows: settings previews, lead
 * assignment and evidence, the metadata import history, the inbox and the calendar. Part of the
 * CallDataSource contract (source.ts re-exports them).
 */
import type { CallKpis } from '../metrics/index.ts';
import type { CallFilters, DateRange, SettingsPatch } from './query-types.ts';

export interface SettingsPreviewQuery {
  /** The unsaved change. */
  patch: SettingsPatch;
  /** The calls to measure (typically this month); from and to are required. */
  filters: CallFilters & { from: string; to: string };
}

/** One queue or vendor before and after the change (cost control shows these). */
export interface SettingsPreviewGroup {
  by: 'queue' | 'vendor';
  key: string;
  label: string;
  current: CallKpis;
  proposed: CallKpis;
}

export interface SettingsPreview {
  period: DateRange;
  /** KPIs with the saved settings. */
  current: CallKpis;
  /** KPIs the same calls would have with the patch saved (computed by the same write). */
  proposed: CallKpis;
  groups: SettingsPreviewGroup[];
}

export interface LeadAssignment {
  leadIds: string[];
  /** Agent who owns the leads from now on. */
  ownerAgentId: string;
}

export type InboxKind = 'rule' | 'cost' | 'dispute';

/** An alert for the signed-in user: raised by a rule, a cost cap or a disputed evaluation. */
export interface InboxItem {
  /** Stable: the same alert keeps its id (and read state) when recomputed. */
  id: string;
  kind: InboxKind;
  severity: 'info' | 'warning' | 'critical';
  title: string;
  detail: string;
  /** When it was raised. */
  at: string;
  read: boolean;
  /** The calls behind the alert, when it has some. */
  filters?: CallFilters;
  callId?: string;
}

export interface InboxReadRequest {
  ids: string[];
  read: boolean;
}

export type CalendarKind = 'evaluation' | 'calibration' | 'report';

/** Something scheduled for the team: an evaluation due, a calibration session, a report sent. */
export interface CalendarEntry {
  id: string;
  kind: CalendarKind;
  title: string;
  detail: string;
  /** Start of the slot (ISO). */
  at: string;
  callId?: string;
  /** Set on an occurrence of a scheduled entry (schedule-types.ts): its id, to edit or delete it. */
  scheduleId?: string;
}

/** The signed-in user's preferences (kept by the source, like every other write). */
export interface UserPreferences {
  /** What the inbox lists first: every alert or only unread ones. */
  inboxShows: 'all' | 'unread';
  /** The quality report by email: it appears on the calendar on its delivery days. */
  reportDigest: 'off' | 'daily' | 'weekly';
}
