/**
 * The product's own transcript JSON, as the API returns a call's transcript: a list of turns,
 * or `{ "segments": [...], "durationMs"?: n, "ivrMs"?: n }`, each turn with `speaker` (AGENT,
 * CUSTOMER, IVR or a label), `text` and optional `beginMs`/`endMs` and `sentimentScore` (-5..+5).
 * The scores, the recording's length and where its IVR ends are read so that a call the product
 * exported, or stored and replays after a restart, is analysed again to the same sentiment and
 * timings: not re-scored from its words, nor cut at its last turn.
 */
import { field, isObject, type Json } from './json-shape.ts';
import { TranscriptFormatError, type ParsedTranscript, type RawTurn } from './parsed.ts';

const ROLES = new Set(['AGENT', 'CUSTOMER', 'IVR']);

function turnsOf(json: Json): Json[] | null {
  const list = Array.isArray(json) ? json : field(json, 'segments');
  return Array.isArray(list) && list.length > 0 && isObject(list[0]) && 'speaker' in list[0]
    ? list
    : null;
}

export function isCallscopeTranscript(json: Json): boolean {
  return turnsOf(json) !== null;
}

/** A number that is a length of time, or a TranscriptFormatError naming where. */
function milliseconds(value: Json, where: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new TranscriptFormatError(`${where} is not a number of milliseconds.`);
  return value;
}

export function parseCallscopeTranscript(json: Json): ParsedTranscript {
  const turns: RawTurn[] = turnsOf(json)!.map((t, k) => {
    const speaker = field(t, 'speaker');
    const text = field(t, 'text');
    const beginMs = field(t, 'beginMs');
    const endMs = field(t, 'endMs');
    const sentimentScore = field(t, 'sentimentScore');
    if (typeof speaker !== 'string' || typeof text !== 'string')
      throw new TranscriptFormatError(`segments[${k}] has no speaker or text.`);
    if (
      (beginMs !== undefined && typeof beginMs !== 'number') ||
      (endMs !== undefined && typeof endMs !== 'number')
    )
      throw new TranscriptFormatError(
        `segments[${k}] has a beginMs or endMs that is not a number.`,
      );
    if (
      sentimentScore !== undefined &&
      (typeof sentimentScore !== 'number' || !(sentimentScore >= -5 && sentimentScore <= 5))
    )
      throw new TranscriptFormatError(
        `segments[${k}] has a sentimentScore that is not a number from -5 to 5.`,
      );
    return {
      speaker,
      text,
      ...(ROLES.has(speaker) ? { role: speaker as RawTurn['role'] } : {}),
      ...(typeof beginMs === 'number' ? { beginMs } : {}),
      ...(typeof endMs === 'number' ? { endMs } : {}),
      ...(typeof sentimentScore === 'number' ? { sentimentScore } : {}),
    };
  });
  const durationMs = milliseconds(field(json, 'durationMs'), 'durationMs');
  const ivrMs = milliseconds(field(json, 'ivrMs'), 'ivrMs');
  return {
    format: 'callscope',
    turns,
    ...(durationMs !== undefined ? { durationMs } : {}),
    ...(ivrMs !== undefined ? { ivrMs } : {}),
    notices: [],
  };
}
