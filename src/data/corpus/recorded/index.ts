/**
 * Demo calls with audio. A few recent inbound calls of every corpus of 1,000 calls or more are
 * "recorded": their transcript is one of RECORDED_SCRIPTS with the turn times measured from
 * its synthesised audio (timings.json), and the call page plays /recordings/<id>.ogg.
 */
import type { TranscriptSegment } from '../../../generated/data.types.ts';
import { sentimentLabel } from '../../../metrics/index.ts';
import type { TranscriptOutcome } from '../scenarios.ts';
import { RECORDED_SCRIPTS, type RecordedScript } from './scripts.ts';
import timings from './timings.json' with { type: 'json' };

export { RECORDED_SCRIPTS, type RecordedScript } from './scripts.ts';

export interface RecordingTimings {
  /** scriptHash of the lines the audio was made from. */
  scriptHash: string;
  durationMs: number;
  /** [beginMs, endMs] of each turn, in the script's order. */
  turns: [number, number][];
}

export const RECORDING_TIMINGS = timings as unknown as {
  calls: Record<string, RecordingTimings>;
};

/** Where the site serves a recording (files in src/public/recordings/). */
export const recordingUrl = (id: string) => `/recordings/${id}.ogg`;

/** Smallest corpus with recorded calls (their places must not collide). */
const MIN_CALLS = 1_000;
const positions = new Map<number, Map<number, RecordedScript>>();

/** Index → script: recorded calls sit a few hours apart in the last days of the period. */
function recordedPositions(n: number): Map<number, RecordedScript> {
  let at = positions.get(n);
  if (!at) {
    at = new Map();
    if (n >= MIN_CALLS) {
      RECORDED_SCRIPTS.forEach((script, k) =>
        at!.set(n - 1 - Math.floor(n * 0.004 * (k + 1)), script),
      );
    }
    positions.set(n, at);
  }
  return at;
}

/** The recorded script of call i in a corpus of n calls, if it is one. */
export function recordingAt(n: number, i: number): RecordedScript | undefined {
  return recordedPositions(n).get(i);
}

/** A fingerprint of a script's spoken lines (speaker, words, waits): what the audio says. */
export function scriptHash(script: RecordedScript): string {
  const text = JSON.stringify(script.turns.map((t) => [t.speaker, t.text, t.waitMs ?? 0]));
  let h = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) {
    h ^= text.charCodeAt(k);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The transcript of a recorded call, timed by its audio. */
export function recordedTranscript(script: RecordedScript): TranscriptOutcome {
  const timing = RECORDING_TIMINGS.calls[script.id];
  if (!timing) throw new Error(`no audio timings for ${script.id}: run npm run audio:demo`);
  const segments: TranscriptSegment[] = script.turns.map((turn, index) => ({
    index,
    speaker: turn.speaker,
    beginMs: timing.turns[index]![0],
    endMs: timing.turns[index]![1],
    text: turn.text,
    sentiment: sentimentLabel(turn.sentiment),
    sentimentScore: turn.sentiment,
    redactions: [],
  }));
  const lastIvr = segments.filter((s) => s.speaker === 'IVR').at(-1);
  return {
    segments,
    durationMs: timing.durationMs,
    ivrMs: lastIvr ? Math.min(lastIvr.endMs + 500, timing.durationMs) : 0,
    resolved: script.resolved,
    dispositionCode: script.dispositionCode,
    topic: script.topic,
    summary: script.summary,
  };
}
