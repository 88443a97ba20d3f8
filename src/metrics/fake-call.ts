import type { FakeCallAssessment, FakeCallReason } from '../generated/data.types.ts';

export const FAKE_CALL_DEFINITION =
  'Fake-call score = 1 - product of (1 - weight) over the signals found: no customer speech (under 2 s) 0.6, fewer than 3 turns 0.4, shorter than the short-call limit (default 20 s) 0.35, silence over half the call 0.4, the same customer dialled 3+ times in a day by one agent 0.35, IVR or voicemail only 0.7, a Sale disposition with no purchase talk 0.5. Flagged as fake from 0.6 (smart settings). Fake-call % = flagged calls / analysed calls.';

export const FAKE_SIGNAL_WEIGHTS = {
  'no-customer-speech': 0.6,
  'too-few-turns': 0.4,
  'very-short': 0.35,
  'long-silence': 0.4,
  'redialled-number': 0.35,
  'ivr-or-voicemail-only': 0.7,
  'disposition-contradicted': 0.5,
} as const;

export const NO_CUSTOMER_SPEECH_MS = 2000;
export const MIN_TURNS = 3;
export const LONG_SILENCE_SHARE = 0.5;
export const REDIAL_THRESHOLD = 3;

export interface FakeCallSignals {
  durationMs: number;
  customerTalkMs: number;
  /** Agent plus customer turns. */
  turns: number;
  agentTurns: number;
  /** Silence % of the call (0..1). */
  silenceShare: number;
  /** Outbound calls by the same agent to the same customer on the same day, this one included. */
  sameDayDials: number;
  /** A voicemail greeting was recognised. */
  voicemail: boolean;
  /** The disposition claims a sale. */
  saleDisposition: boolean;
  /** Purchase talk (order, payment, sign-up) was found. */
  purchaseTalk: boolean;
}

export interface FakeCallSettings {
  shortCallSeconds: number;
  fakeCallThreshold: number;
}

export function fakeCallAssessment(
  s: FakeCallSignals,
  settings: FakeCallSettings,
): FakeCallAssessment {
  const reasons: FakeCallReason[] = [];
  const add = (signal: FakeCallReason['signal'], description: string) =>
    reasons.push({ signal, description, weight: FAKE_SIGNAL_WEIGHTS[signal] });
  if (s.customerTalkMs < NO_CUSTOMER_SPEECH_MS) {
    add('no-customer-speech', `The customer spoke for ${(s.customerTalkMs / 1000).toFixed(1)} s.`);
  }
  if (s.turns < MIN_TURNS) add('too-few-turns', `Only ${s.turns} turn(s) of conversation.`);
  if (s.durationMs < settings.shortCallSeconds * 1000) {
    add('very-short', `The call lasted ${Math.round(s.durationMs / 1000)} s.`);
  }
  if (s.silenceShare > LONG_SILENCE_SHARE) {
    add('long-silence', `Silence took ${Math.round(s.silenceShare * 100)} % of the call.`);
  }
  if (s.sameDayDials >= REDIAL_THRESHOLD) {
    add('redialled-number', `The agent dialled this customer ${s.sameDayDials} times that day.`);
  }
  if (s.agentTurns === 0 || s.voicemail)
    add('ivr-or-voicemail-only', 'Only the IVR or a voicemail answered.');
  if (s.saleDisposition && !s.purchaseTalk) {
    add('disposition-contradicted', 'Closed as a sale, but nobody talked about buying.');
  }
  const score = 1 - reasons.reduce((keep, r) => keep * (1 - r.weight), 1);
  const rounded = Math.round(score * 1e6) / 1e6;
  return { score: rounded, flagged: rounded >= settings.fakeCallThreshold, reasons };
}

/** What a written thread (chat, e-mail) has of the fake-call signals: its messages. */
export interface FakeThreadSignals {
  customerMessages: number;
  agentMessages: number;
}

/**
 * The fake-call score of a written thread: the same weights, on what text has. Silence, length
 * in seconds and redials are voice measures (a chat's "length" is the time between messages), so
 * they do not count; no customer message, fewer than 3 messages and no agent reply do.
 */
export function fakeThreadAssessment(
  s: FakeThreadSignals,
  settings: FakeCallSettings,
): FakeCallAssessment {
  const reasons: FakeCallReason[] = [];
  const add = (signal: FakeCallReason['signal'], description: string) =>
    reasons.push({ signal, description, weight: FAKE_SIGNAL_WEIGHTS[signal] });
  if (s.customerMessages === 0) add('no-customer-speech', 'The customer wrote no message.');
  const messages = s.customerMessages + s.agentMessages;
  if (messages < MIN_TURNS) add('too-few-turns', `Only ${messages} message(s) in the thread.`);
  if (s.agentMessages === 0) add('ivr-or-voicemail-only', 'No agent replied.');
  const score = 1 - reasons.reduce((keep, r) => keep * (1 - r.weight), 1);
  const rounded = Math.round(score * 1e6) / 1e6;
  return { score: rounded, flagged: rounded >= settings.fakeCallThreshold, reasons };
}

/**
 * Same-day dials: for each outbound call, how many outbound calls its agent made to its customer
 * on the same UTC day. Inbound calls get 0.
 */
export function sameDayDials(
  agent: ArrayLike<number>,
  customer: ArrayLike<number>,
  startMs: ArrayLike<number>,
  outbound: ArrayLike<number>,
): Uint16Array {
  const counts = new Map<string, number>();
  const keys: (string | null)[] = [];
  for (let i = 0; i < agent.length; i++) {
    if (!outbound[i]) {
      keys.push(null);
      continue;
    }
    const key = `${agent[i]}:${customer[i]}:${Math.floor(startMs[i]! / 86_400_000)}`;
    keys.push(key);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Uint16Array.from(keys, (k) => (k === null ? 0 : counts.get(k)!));
}
