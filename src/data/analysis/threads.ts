/**
 * Chat and e-mail threads analysed like calls, and a customer's journey across them.
 *
 * Input, JSON: a list of messages, or `{ "threads": [{ "id", "channel", "customerId",
 * "subject", "messages": [...] }] }`; a message has `author`, `time` (ISO 8601), `text`, and
 * optionally `role` (agent / customer), `threadId`, `channel`, `customerId`.
 * Input, CSV: a header row naming the same fields (`thread`, `customer`, `message`/`body` and
 * `timestamp` are accepted too), one message per row.
 *
 * Only rules that make sense on text apply: none with a time window, a silence or an
 * interruption condition, or a duration (those describe speech).
 */
import type { Rule, RuleCondition, TranscriptSegment } from '../../generated/data.types.ts';
import { repeatContacts, sentimentLabel } from '../../metrics/index.ts';
import { parseCsvText } from '../csv/parse-csv.ts';
import { field, isObject, type Json } from './formats/json-shape.ts';
import { TranscriptFormatError, speakerRoles, type RawTurn } from './formats/parsed.ts';
import { MAX_TRANSCRIPT_BYTES } from './formats/limits.ts';
import { analyseToolConversation, toolDefaults, type ToolConversation } from './tool-analysis.ts';
import { turnSentimentScore } from './turn-sentiment.ts';

export interface ThreadMessage {
  threadId: string;
  channel: string;
  customerId: string;
  subject: string;
  author: string;
  role?: 'AGENT' | 'CUSTOMER';
  timeMs: number;
  text: string;
}

export interface ThreadAnalysis {
  id: string;
  channel: string;
  customerId: string;
  subject: string;
  startedAt: string;
  endedAt: string;
  messages: number;
  conversation: ToolConversation;
}

export interface JourneyStep {
  threadId: string;
  channel: string;
  startedAt: string;
  subject: string;
  topic: string | null;
  customerSentiment: number | null;
  resolved: boolean;
  churnLevel: string;
}

export interface CustomerJourney {
  customerId: string;
  channels: string[];
  steps: JourneyStep[];
  /** Contacts that repeat an earlier one within the repeat window (the product's repeat-call rule). */
  repeatContacts: number;
}

export type ThreadsResult =
  | {
      ok: true;
      name: string;
      threads: ThreadAnalysis[];
      journeys: CustomerJourney[];
      skipped: string[];
    }
  | { ok: false; name: string; message: string };

export function analyseThreads(name: string, text: string): ThreadsResult {
  try {
    if (new TextEncoder().encode(text).length > MAX_TRANSCRIPT_BYTES)
      throw new TranscriptFormatError('It is over 1 MB; the limit is 1 MB.');
    if (text.trim() === '') throw new TranscriptFormatError('It is empty.');
    const skipped: string[] = [];
    const messages = /^\s*[[{]/.test(text) ? fromJson(text) : fromCsv(text, skipped);
    if (messages.length === 0) throw new TranscriptFormatError('No messages found in it.');
    const threads = groupThreads(messages).map(analyseThread);
    return { ok: true, name, threads, journeys: journeys(threads), skipped };
  } catch (e) {
    return {
      ok: false,
      name,
      message:
        e instanceof TranscriptFormatError
          ? e.message
          : `It could not be analysed (${e instanceof Error ? e.message : String(e)}).`,
    };
  }
}

function fromJson(text: string): ThreadMessage[] {
  let json: Json;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new TranscriptFormatError(
      `It is not valid JSON (${e instanceof Error ? e.message : String(e)}).`,
    );
  }
  const out: ThreadMessage[] = [];
  if (Array.isArray(json)) {
    json.forEach((m, k) => out.push(message(m, `[${k}]`, {})));
    return out;
  }
  const threads = field(json, 'threads');
  if (!Array.isArray(threads))
    throw new TranscriptFormatError(
      'Expected a list of messages or an object with a "threads" list.',
    );
  threads.forEach((t, k) => {
    const messages = field(t, 'messages');
    if (!Array.isArray(messages))
      throw new TranscriptFormatError(`threads[${k}].messages is missing or not a list.`);
    const defaults = {
      threadId: str(field(t, 'id')) ?? `thread-${k + 1}`,
      channel: str(field(t, 'channel')),
      customerId: str(field(t, 'customerId')),
      subject: str(field(t, 'subject')),
    };
    messages.forEach((m, j) => out.push(message(m, `threads[${k}].messages[${j}]`, defaults)));
  });
  return out;
}

function str(v: Json): string | undefined {
  return typeof v === 'string' && v.trim() !== ''
    ? v.trim()
    : typeof v === 'number'
      ? String(v)
      : undefined;
}

function message(
  m: Json,
  path: string,
  defaults: {
    threadId?: string;
    channel?: string | undefined;
    customerId?: string | undefined;
    subject?: string | undefined;
  },
): ThreadMessage {
  if (!isObject(m)) throw new TranscriptFormatError(`${path} is not a message object.`);
  const get = (...keys: string[]) => keys.map((k) => str(m[k])).find((v) => v !== undefined);
  return build(
    {
      threadId: get('threadId', 'thread', 'conversationId') ?? defaults.threadId,
      channel: get('channel') ?? defaults.channel,
      customerId: get('customerId', 'customer') ?? defaults.customerId,
      subject: get('subject') ?? defaults.subject,
      author: get('author', 'from', 'sender'),
      role: get('role'),
      time: get('time', 'timestamp', 'sentAt', 'date'),
      text: get('text', 'message', 'body'),
    },
    path,
  );
}

function build(
  f: Record<
    'threadId' | 'channel' | 'customerId' | 'subject' | 'author' | 'role' | 'time' | 'text',
    string | undefined
  >,
  where: string,
): ThreadMessage {
  if (!f.author) throw new TranscriptFormatError(`${where} has no author.`);
  if (!f.text) throw new TranscriptFormatError(`${where} has no text.`);
  if (!f.time) throw new TranscriptFormatError(`${where} has no time.`);
  const timeMs = Date.parse(f.time);
  if (Number.isNaN(timeMs))
    throw new TranscriptFormatError(`${where} has a time that is not a date: “${f.time}”.`);
  const role = f.role?.toLowerCase();
  return {
    threadId: f.threadId ?? 'thread-1',
    channel: f.channel ?? 'chat',
    customerId: f.customerId ?? '',
    subject: f.subject ?? '',
    author: f.author,
    ...(role === 'agent'
      ? { role: 'AGENT' as const }
      : role === 'customer'
        ? { role: 'CUSTOMER' as const }
        : {}),
    timeMs,
    text: f.text,
  };
}

const CSV_FIELDS: Record<string, string> = {
  thread: 'threadId',
  threadid: 'threadId',
  conversationid: 'threadId',
  channel: 'channel',
  customer: 'customerId',
  customerid: 'customerId',
  subject: 'subject',
  author: 'author',
  from: 'author',
  sender: 'author',
  role: 'role',
  time: 'time',
  timestamp: 'time',
  sentat: 'time',
  date: 'time',
  text: 'text',
  message: 'text',
  body: 'text',
};

function fromCsv(text: string, skipped: string[]): ThreadMessage[] {
  const rows = parseCsvText(text).rows;
  const header = (rows[0] ?? []).map(
    (h) =>
      CSV_FIELDS[
        h
          .trim()
          .toLowerCase()
          .replace(/[\s_-]/g, '')
      ],
  );
  for (const needed of ['author', 'time', 'text'])
    if (!header.includes(needed))
      throw new TranscriptFormatError(
        `The CSV header has no “${needed}” column (found: ${(rows[0] ?? []).join(', ') || 'nothing'}).`,
      );
  const out: ThreadMessage[] = [];
  rows.slice(1).forEach((row, k) => {
    const f: Record<string, string | undefined> = {};
    header.forEach((name, c) => {
      if (name && row[c]?.trim()) f[name] = row[c]!.trim();
    });
    try {
      out.push(build(f as Parameters<typeof build>[0], `Row ${k + 2}`));
    } catch (e) {
      // One bad row is reported and left out; the other messages still count.
      if (e instanceof TranscriptFormatError) skipped.push(e.message);
      else throw e;
    }
  });
  return out;
}

function groupThreads(messages: ThreadMessage[]): ThreadMessage[][] {
  const byThread = new Map<string, ThreadMessage[]>();
  for (const m of messages) {
    const list = byThread.get(m.threadId);
    if (list) list.push(m);
    else byThread.set(m.threadId, [m]);
  }
  return [...byThread.values()].map((list) => list.sort((a, b) => a.timeMs - b.timeMs));
}

/** Reading a message takes about as long as saying it; a thread's turns keep their real times. */
function analyseThread(messages: ThreadMessage[]): ThreadAnalysis {
  const first = messages[0]!;
  const turns: RawTurn[] = messages.map((m) => ({
    speaker: m.author,
    text: m.text,
    ...(m.role ? { role: m.role } : {}),
  }));
  // In chats and e-mail the customer usually writes first.
  const { roles, notices } = speakerRoles(turns, 'CUSTOMER');
  const segments: TranscriptSegment[] = messages.map((m, index) => {
    const beginMs = m.timeMs - first.timeMs;
    const score = turnSentimentScore(m.text);
    return {
      index,
      speaker: roles.get(m.author)!,
      beginMs,
      endMs: beginMs + 1000,
      text: m.text,
      sentiment: sentimentLabel(score),
      sentimentScore: score,
      redactions: [],
    };
  });
  const last = messages[messages.length - 1]!;
  const conversation = analyseToolConversation(
    {
      segments,
      durationMs: segments[segments.length - 1]!.endMs,
      ivrMs: 0,
      notices,
      estimatedTimes: false,
    },
    first.threadId,
    { rules: textRules(), written: true },
  );
  return {
    id: first.threadId,
    channel: first.channel,
    customerId: first.customerId,
    subject: first.subject,
    startedAt: new Date(first.timeMs).toISOString(),
    endedAt: new Date(last.timeMs).toISOString(),
    messages: messages.length,
    conversation,
  };
}

let textRuleList: Rule[] | undefined;
/** The default rules that can be judged on written text. */
export function textRules(): Rule[] {
  textRuleList ??= toolDefaults().rules.filter((r) => appliesToText(r.condition));
  return textRuleList;
}

function appliesToText(c: RuleCondition): boolean {
  if ('all' in c) return c.all.every(appliesToText);
  if ('any' in c) return c.any.every(appliesToText);
  if ('not' in c) return appliesToText(c.not);
  if ('phrase' in c) return !c.phrase.window && c.phrase.speaker !== 'IVR';
  if ('sentiment' in c) return true;
  if ('attribute' in c) return c.attribute.field !== 'durationSec';
  return false;
}

function journeys(threads: ThreadAnalysis[]): CustomerJourney[] {
  const byCustomer = new Map<string, ThreadAnalysis[]>();
  for (const t of threads) {
    if (!t.customerId) continue;
    const list = byCustomer.get(t.customerId);
    if (list) list.push(t);
    else byCustomer.set(t.customerId, [t]);
  }
  return [...byCustomer.entries()]
    .map(([customerId, list]) => {
      const sorted = [...list].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
      // The product's repeat-contact rule (window and transfer gap from the smart settings).
      const flags = repeatContacts(
        sorted.map(() => 0),
        sorted.map((t) => Date.parse(t.startedAt)),
        sorted.map((t) => Date.parse(t.endedAt)),
        // A thread is a contact the customer opened (a chat or an e-mail to the centre).
        sorted.map(() => 1),
        toolDefaults().settings,
      );
      return {
        customerId,
        channels: [...new Set(sorted.map((t) => t.channel))],
        repeatContacts: flags.repeatCall.reduce((sum, f) => sum + f, 0),
        steps: sorted.map((t) => ({
          threadId: t.id,
          channel: t.channel,
          startedAt: t.startedAt,
          subject: t.subject,
          topic: t.conversation.analysis.topics[0] ?? null,
          customerSentiment: t.conversation.analysis.sentiment.customer.overall,
          resolved: t.conversation.analysis.resolved,
          churnLevel: t.conversation.analysis.churnRisk.level,
        })),
      };
    })
    .sort((a, b) => b.steps.length - a.steps.length);
}
