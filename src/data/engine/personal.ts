/**
 * The signed-in user's inbox and calendar, derived from the corpus: alerts raised by
 * compliance rules (failures in the last 7 days of data), by the monthly cost cap (each alert
 * share reached this month) and by disputed evaluations; and the schedule after the data's
 * last day: evaluations due, weekly calibration sessions, report deliveries. Alerts keep
 * stable ids, so their read state survives a recomputation.
 */
import { REVIEW_STATUSES, callId, type Corpus } from '../corpus/corpus.ts';
import { utcDay } from '../period.ts';
import type {
  CalendarEntry,
  EvaluationEvent,
  InboxItem,
  InboxReadRequest,
  UserPreferences,
} from '../source.ts';
import { DataSourceError } from '../source.ts';
import { reviewBook } from './reviews.ts';
import { selectCalls } from './select.ts';

const DAY_MS = 86_400_000;
const DISPUTED = REVIEW_STATUSES.indexOf('disputed');
const DRAFT = REVIEW_STATUSES.indexOf('draft');
const MAX_DISPUTES = 15;

/**
 * Whose inbox marks and preferences: on the API server the verified token's subject, set by the
 * server whatever the client sent (server/acting-user.ts); absent in the browser's own demo,
 * where one person uses the engine.
 */
export interface ForUser {
  user?: string;
}

/** The key of the browser demo's one user (no token, no subject). */
const SOLE_USER = '';

interface Personal {
  read: Set<string>;
  preferences: UserPreferences;
}

/** Per corpus, per user: which alerts they have read and their preferences. */
const people = new WeakMap<Corpus, Map<string, Personal>>();

const DEFAULT_PREFERENCES: UserPreferences = { inboxShows: 'all', reportDigest: 'weekly' };

function personalOf(corpus: Corpus, user = SOLE_USER): Personal {
  let byUser = people.get(corpus);
  if (!byUser) people.set(corpus, (byUser = new Map()));
  let personal = byUser.get(user);
  if (!personal) {
    personal = { read: new Set(), preferences: { ...DEFAULT_PREFERENCES } };
    byUser.set(user, personal);
  }
  return personal;
}

export function preferences(corpus: Corpus, user?: string): UserPreferences {
  return { ...personalOf(corpus, user).preferences };
}

/** Changes the user's preferences only; the `user` field of the patch says whose, not what. */
export function savePreferences(
  corpus: Corpus,
  patch: Partial<UserPreferences>,
  user?: string,
): UserPreferences {
  const problems: string[] = [];
  if (patch.inboxShows !== undefined && !['all', 'unread'].includes(patch.inboxShows))
    problems.push('inboxShows: must be all or unread');
  if (patch.reportDigest !== undefined && !['off', 'daily', 'weekly'].includes(patch.reportDigest))
    problems.push('reportDigest: must be off, daily or weekly');
  if (problems.length > 0)
    throw new DataSourceError('invalid-query', 'The preferences are not valid', problems);
  const personal = personalOf(corpus, user);
  personal.preferences = {
    ...personal.preferences,
    ...(patch.inboxShows !== undefined && { inboxShows: patch.inboxShows }),
    ...(patch.reportDigest !== undefined && { reportDigest: patch.reportDigest }),
  };
  return { ...personal.preferences };
}

/**
 * The browser demo user's preferences and which alerts they have read, as plain JSON for the
 * browser's store (the API server keeps each user's in its write log instead).
 */
export function exportPersonal(corpus: Corpus): { preferences: UserPreferences; read: string[] } {
  return { preferences: preferences(corpus), read: [...personalOf(corpus).read].sort() };
}

/** Restores what exportPersonal captured; throws (changing nothing) on anything else. */
export function importPersonal(corpus: Corpus, value: unknown): void {
  const v = value as { preferences?: unknown; read?: unknown } | null;
  if (typeof v !== 'object' || v === null) throw new Error('not an object');
  if (!Array.isArray(v.read) || v.read.some((id) => typeof id !== 'string'))
    throw new Error('the read alerts are not a list of ids');
  const stored = v.preferences as Partial<UserPreferences>;
  if (typeof stored !== 'object' || stored === null) throw new Error('no preferences');
  const personal = personalOf(corpus);
  const before = personal.preferences;
  try {
    // The same checks as a save from the settings page.
    savePreferences(corpus, {
      ...(stored.inboxShows !== undefined && { inboxShows: stored.inboxShows }),
      ...(stored.reportDigest !== undefined && { reportDigest: stored.reportDigest }),
    });
  } catch (error) {
    personal.preferences = before;
    throw error;
  }
  personal.read = new Set(v.read as string[]);
}

/** Start of the UTC month holding the data's last moment. */
export function lastMonthStart(corpus: Corpus): number {
  const d = new Date(corpus.toMs - 1);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export function inbox(corpus: Corpus, user?: string): InboxItem[] {
  const { read } = personalOf(corpus, user);
  const items: Omit<InboxItem, 'read'>[] = [
    ...ruleAlerts(corpus),
    ...costAlerts(corpus),
    ...disputeAlerts(corpus),
  ];
  return items
    .map((item) => ({ ...item, read: read.has(item.id) }))
    .sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
}

/** Marks alerts read or unread for one user; another user's marks stay as they are. */
export function markInboxRead(
  corpus: Corpus,
  request: InboxReadRequest,
  user?: string,
): InboxItem[] {
  if (!Array.isArray(request?.ids) || typeof request.read !== 'boolean')
    throw new DataSourceError('invalid-query', 'Say which alerts and whether read', [
      'ids: a list',
      'read: true or false',
    ]);
  const known = new Set(inbox(corpus).map((i) => i.id));
  const unknown = request.ids.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw new DataSourceError('not-found', `No alert ${unknown.join(', ')}`, [
      `ids: unknown ${unknown.join(', ')}`,
    ]);
  const { read } = personalOf(corpus, user);
  for (const id of request.ids) {
    if (request.read) read.add(id);
    else read.delete(id);
  }
  return inbox(corpus, user);
}

function ruleAlerts(corpus: Corpus): Omit<InboxItem, 'read'>[] {
  const to = new Date(corpus.toMs).toISOString();
  const from = new Date(corpus.toMs - 7 * DAY_MS).toISOString();
  return corpus.rules
    .filter((r) => r.kind === 'compliance' && r.active && r.severity !== 'minor')
    .flatMap((rule) => {
      const filters = { from, to, failedRuleId: rule.id };
      const count = selectCalls(corpus, filters).length;
      if (count === 0) return [];
      return [
        {
          id: `rule:${rule.id}:${utcDay(corpus.toMs - 7 * DAY_MS)}`,
          kind: 'rule' as const,
          severity: rule.severity === 'critical' ? ('critical' as const) : ('warning' as const),
          title: `${rule.name} failed on ${count} call${count === 1 ? '' : 's'}`,
          detail: `In the last 7 days of data (${rule.severity} rule, version ${rule.version}).`,
          at: to,
          filters,
        },
      ];
    });
}

function costAlerts(corpus: Corpus): Omit<InboxItem, 'read'>[] {
  const { monthlyCap, alertAtShares, rates } = corpus.settings.costControl;
  if (monthlyCap <= 0) return [];
  const start = lastMonthStart(corpus);
  const filters = {
    from: new Date(start).toISOString(),
    to: new Date(corpus.toMs).toISOString(),
    status: 'analysed' as const,
  };
  let spend = 0;
  for (const i of selectCalls(corpus, filters)) spend += corpus.cols.cost[i]!;
  const month = utcDay(start).slice(0, 7);
  return [...alertAtShares]
    .sort((a, b) => a - b)
    .filter((share) => spend >= share * monthlyCap)
    .map((share) => ({
      id: `cost:${month}:${share}`,
      kind: 'cost' as const,
      severity: share >= 1 ? ('critical' as const) : ('warning' as const),
      title: `Analysis spend reached ${Math.round(share * 100)} % of the monthly cap`,
      detail: `${spend.toFixed(2)} of ${monthlyCap.toFixed(2)} ${rates.currency} spent in ${month}.`,
      at: filters.to,
      filters,
    }));
}

/**
 * The disputes waiting for a supervisor, newest first. A dispute made in the product names who
 * disputed and when (its history's step); one the demo generated has no such step, and is dated
 * a day after its call (never after the data's end).
 */
function disputeAlerts(corpus: Corpus): Omit<InboxItem, 'read'>[] {
  const c = corpus.cols;
  const book = reviewBook(corpus);
  const out: Omit<InboxItem, 'read'>[] = [];
  for (let i = corpus.n - 1; i >= 0; i--) {
    if (c.status[i] !== 0 || c.reviewSource[i] === 0 || c.reviewStatus[i] !== DISPUTED) continue;
    const agent = corpus.cast.agents[c.agent[i]!]!;
    const history = book.get(i)?.at(-1)?.history ?? [];
    let step: EvaluationEvent | undefined;
    for (let k = history.length - 1; k >= 0 && !step; k--)
      if (history[k]!.action === 'dispute') step = history[k];
    const id = callId(i);
    out.push({
      id: `dispute:${id}`,
      kind: 'dispute',
      severity: 'warning',
      title: `${step?.by ?? agent.name} disputes the evaluation of ${id}`,
      detail: `A supervisor needs to resolve the dispute (${agent.team}, supervisor ${agent.supervisor}).`,
      at: step?.at ?? new Date(Math.min(c.startMs[i]! + DAY_MS, corpus.toMs)).toISOString(),
      callId: id,
    });
  }
  return out
    .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
    .slice(0, MAX_DISPUTES);
}

/** The next 14 days after the data's last day (report deliveries as the user chose). */
export function calendar(corpus: Corpus, user?: string): CalendarEntry[] {
  const c = corpus.cols;
  const day0 = Date.parse(`${utcDay(corpus.toMs)}T00:00:00Z`);
  const end = day0 + 14 * DAY_MS;
  const entries: CalendarEntry[] = [];
  // Evaluations started by a reviewer and not submitted are due three days after the call.
  for (let i = corpus.n - 1; i >= 0 && entries.length < 12; i--) {
    if (c.startMs[i]! < day0 - 14 * DAY_MS) break;
    if (c.status[i] !== 0 || c.reviewSource[i] !== 1 || c.reviewStatus[i] !== DRAFT) continue;
    const id = callId(i);
    const due = Math.max(day0 + 9 * 3_600_000, c.startMs[i]! + 3 * DAY_MS);
    entries.push({
      id: `evaluation:${id}`,
      kind: 'evaluation',
      title: `Evaluation of ${id} due`,
      detail: `Draft review of ${corpus.cast.agents[c.agent[i]!]!.name}'s call; submit it so the agent can acknowledge it.`,
      at: new Date(due).toISOString(),
      callId: id,
    });
  }
  let calibrationCall = -1;
  for (let i = corpus.n - 1; i >= 0; i--)
    if (c.status[i] === 0 && c.reviewSource[i] === 2) {
      calibrationCall = i;
      break;
    }
  for (let t = day0; t < end; t += DAY_MS) {
    const d = new Date(t);
    const weekday = d.getUTCDay();
    if (weekday === 3 && calibrationCall >= 0) {
      entries.push({
        id: `calibration:${utcDay(t)}`,
        kind: 'calibration',
        title: 'Calibration session',
        detail: `Reviewers score ${callId(calibrationCall)} separately, then compare answers.`,
        at: new Date(t + 14 * 3_600_000).toISOString(),
        callId: callId(calibrationCall),
      });
    }
    const digest = preferences(corpus, user).reportDigest;
    if (
      (digest === 'weekly' && weekday === 1) ||
      (digest === 'daily' && weekday >= 1 && weekday <= 5)
    )
      entries.push({
        id: `report:${digest}:${utcDay(t)}`,
        kind: 'report',
        title: `${digest === 'daily' ? 'Daily' : 'Weekly'} quality report delivered`,
        detail: `Dashboard KPIs, compliance failures and churn risk of the past ${digest === 'daily' ? 'day' : 'week'}, by email (your preference).`,
        at: new Date(t + 8 * 3_600_000).toISOString(),
      });
    if (d.getUTCDate() === 1)
      entries.push({
        id: `report:monthly:${utcDay(t)}`,
        kind: 'report',
        title: 'Monthly cost and usage report delivered',
        detail: 'Analysis spend against the monthly cap, per vendor.',
        at: new Date(t + 8 * 3_600_000).toISOString(),
      });
  }
  return entries.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
}
