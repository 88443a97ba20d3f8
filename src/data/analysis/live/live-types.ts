/**
 * The live view's contract. A deployment feeds `LiveEvent`s from its telephony and streaming
 * speech-to-text (for example over a WebSocket, see websocket-stream.ts); the demo generates
 * them from corpus-like calls. Turn times are ms from the start of the call.
 */
import type { Severity, Speaker, TranscriptSegment } from '../../../generated/data.types.ts';

export type LiveEvent =
  | {
      type: 'call-started';
      callId: string;
      agentName: string;
      customerName: string;
      queue: string;
      direction: 'inbound' | 'outbound';
    }
  | { type: 'turn'; callId: string; speaker: Speaker; text: string; beginMs: number; endMs: number }
  | { type: 'call-ended'; callId: string; durationMs: number };

/**
 * A source of live events; `start` returns the function that stops it. `onClosed` hears why a
 * stream ended on its own (a deployment's socket refused or dropped), never after a stop.
 */
export interface LiveStream {
  start(listener: (event: LiveEvent) => void, onClosed?: (reason: string) => void): () => void;
}

export interface LiveOptions {
  /** Calls in progress at once in the demo. */
  concurrent: number;
  /** 1 = real time. */
  speed: number;
  /** The deployment's live stream (a WebSocket) and the token to open it; absent: the demo. */
  socket?: LiveSocketTarget;
}

/** Where a deployment's live stream is: a ws(s) URL and the caller's access token. */
export interface LiveSocketTarget {
  url: string;
  token: string;
}

export interface LiveAlert {
  id: string;
  callId: string;
  agentName: string;
  /** Position in the call when it was raised. */
  atMs: number;
  kind: 'rule' | 'assist';
  tone: Severity | 'info';
  text: string;
}

export interface LiveCall {
  callId: string;
  agentName: string;
  customerName: string;
  queue: string;
  direction: 'inbound' | 'outbound';
  elapsedMs: number;
  ended: boolean;
  turns: number;
  /** Mean of the customer's last three turns (rolling), null before the customer speaks. */
  rollingSentiment: number | null;
  /** Rolling sentiment after each customer turn (for the sparkline). */
  sentimentSeries: number[];
  topic: string | null;
  failedRules: number;
  /** The newest agent-assist prompt for this call. */
  assist: string | null;
  lastTurn: { speaker: Speaker; text: string } | null;
}

export interface LiveSnapshot {
  calls: LiveCall[];
  /** Newest first, at most 40. */
  alerts: LiveAlert[];
  /** The transcript so far of the call the page follows. */
  focus: { callId: string; segments: TranscriptSegment[] } | null;
  /** Why the stream ended on its own (the page offers to reconnect); absent while it runs. */
  closed?: string;
}
