/**
 * What every transcript reader returns, and the one step that turns it into the analysis's
 * turns: speaker labels to roles, missing times estimated from word counts, missing sentiment
 * scored from the words.
 */
import type { Speaker, TranscriptSegment } from '../../../generated/data.types.ts';
import { sentimentLabel } from '../../../metrics/index.ts';
import { turnSentimentScore } from '../turn-sentiment.ts';

export type TranscriptFormat =
  | 'plain-text'
  | 'amazon-transcribe'
  | 'amazon-call-analytics'
  | 'google-speech'
  | 'azure-speech'
  | 'webvtt'
  | 'srt'
  | 'callscope';

export const FORMAT_NAMES: Record<TranscriptFormat, string> = {
  'plain-text': 'Plain text',
  'amazon-transcribe': 'Amazon Transcribe JSON',
  // A different output with its own shape (participant roles, millisecond offsets): named as read.
  'amazon-call-analytics': 'Amazon Transcribe Call Analytics JSON',
  'google-speech': 'Google Speech-to-Text / CCAI JSON',
  'azure-speech': 'Azure Speech batch JSON',
  webvtt: 'WebVTT captions',
  srt: 'SRT captions',
  callscope: 'Callscope transcript JSON',
};

/** A turn as a file gives it: a speaker label, maybe times, maybe a sentiment score. */
export interface RawTurn {
  /** The file's own label: "Agent", "spk_0", "HUMAN_AGENT", "Guest-1", "2". */
  speaker: string;
  text: string;
  beginMs?: number;
  endMs?: number;
  /** -5..+5 when the file carries one. */
  sentimentScore?: number;
  /** The role when the file states it (Call Analytics, CCAI). */
  role?: Speaker;
  /**
   * Word timings when the file has them (Amazon Transcribe, Google): one per space-separated
   * word of `text`, in order, so redaction can silence exactly the words it masks.
   */
  words?: { beginMs: number; endMs: number }[];
}

export interface ParsedTranscript {
  format: TranscriptFormat;
  turns: RawTurn[];
  /** Length of the recording when the file states it (else: the end of the last turn). */
  durationMs?: number;
  /** Where the opening IVR ends when the file states it (else: the end of its last IVR turn). */
  ivrMs?: number;
  /** Things the reader assumed, shown to the user (e.g. which label it took for the agent). */
  notices: string[];
}

/** A file the reader cannot use: the message says what is wrong, in the user's words. */
export class TranscriptFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranscriptFormatError';
  }
}

const AGENT_LABEL =
  /^(agent|rep|representative|advisor|adviser|operator|support|staff|human_agent)\b/i;
const CUSTOMER_LABEL = /^(customer|caller|client|user|end_user|consumer|member|patient)\b/i;
const IVR_LABEL = /^(ivr|system|bot|automated|virtual_agent|voicemail)\b/i;

/**
 * Roles of the file's speaker labels: named roles as named; otherwise the first unnamed label to
 * speak is `firstUnnamed` (calls open with the agent; chats and e-mails with the customer) and
 * the others the other party.
 */
export function speakerRoles(
  turns: readonly RawTurn[],
  firstUnnamed: 'AGENT' | 'CUSTOMER' = 'AGENT',
): {
  roles: Map<string, Speaker>;
  notices: string[];
} {
  const roles = new Map<string, Speaker>();
  const unnamed: string[] = [];
  for (const t of turns) {
    if (roles.has(t.speaker) || unnamed.includes(t.speaker)) continue;
    const role =
      t.role ??
      (AGENT_LABEL.test(t.speaker)
        ? 'AGENT'
        : CUSTOMER_LABEL.test(t.speaker)
          ? 'CUSTOMER'
          : IVR_LABEL.test(t.speaker)
            ? 'IVR'
            : undefined);
    if (role) roles.set(t.speaker, role);
    else unnamed.push(t.speaker);
  }
  const notices: string[] = [];
  const other = firstUnnamed === 'AGENT' ? 'CUSTOMER' : 'AGENT';
  const taken = [...roles.values()].includes(firstUnnamed);
  unnamed.forEach((label, k) => {
    const role: Speaker = k === 0 && !taken ? firstUnnamed : other;
    roles.set(label, role);
    notices.push(`Took “${label}” for the ${role === 'AGENT' ? 'agent' : 'customer'}.`);
  });
  return { roles, notices };
}

/** Speaking speed used to estimate a turn's length when the file has no times (the corpus's). */
const WPM = { AGENT: 155, CUSTOMER: 140, IVR: 160 } as const;
const GAP_MS = 600;

function estimatedLengthMs(text: string, speaker: Speaker): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.round((words / WPM[speaker]) * 60_000) + 250;
}

export interface Conversation {
  segments: TranscriptSegment[];
  durationMs: number;
  /** Length of the opening IVR, where the conversation proper starts. */
  ivrMs: number;
  notices: string[];
  /** True when some times were estimated from word counts. */
  estimatedTimes: boolean;
}

/** Where the opening IVR ends when a file does not say: the end of its last leading IVR turn. */
export function openingIvrEndMs(segments: readonly TranscriptSegment[]): number {
  let ivrMs = 0;
  for (const s of segments) {
    if (s.speaker !== 'IVR') break;
    ivrMs = s.endMs;
  }
  return ivrMs;
}

/** The parsed file as analysis turns, in time order. */
export function toConversation(parsed: ParsedTranscript): Conversation {
  const { roles, notices } = speakerRoles(parsed.turns);
  const segments: TranscriptSegment[] = [];
  let cursor = 0;
  let estimated = false;
  parsed.turns.forEach((t, k) => {
    const speaker = roles.get(t.speaker)!;
    const next = parsed.turns[k + 1];
    if (t.beginMs === undefined || t.endMs === undefined) estimated = true;
    const beginMs = t.beginMs ?? cursor + (k === 0 ? 0 : GAP_MS);
    let endMs = t.endMs;
    if (endMs === undefined) {
      endMs = beginMs + estimatedLengthMs(t.text, speaker);
      // A timestamp on the next line bounds this turn (a timestamped chat log, captions).
      if (next?.beginMs !== undefined && next.beginMs > beginMs)
        endMs = Math.min(endMs, next.beginMs);
    }
    const score = t.sentimentScore ?? turnSentimentScore(t.text);
    segments.push({
      index: 0,
      speaker,
      beginMs,
      endMs: Math.max(beginMs, endMs),
      text: t.text,
      sentiment: sentimentLabel(score),
      sentimentScore: score,
      redactions: [],
    });
    cursor = Math.max(cursor, endMs);
  });
  segments.sort((a, b) => a.beginMs - b.beginMs);
  segments.forEach((s, index) => (s.index = index));
  const durationMs = segments.reduce((max, s) => Math.max(max, s.endMs), parsed.durationMs ?? 0);
  return {
    segments,
    durationMs,
    ivrMs: Math.min(parsed.ivrMs ?? openingIvrEndMs(segments), durationMs),
    notices: [...parsed.notices, ...notices],
    estimatedTimes: estimated,
  };
}
