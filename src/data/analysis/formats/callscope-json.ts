/**
 * The product's own transcript JSON, as the API returns a call's transcript: a list of turns
 * (or `{ "segments": [...] }`) each with `speaker` (AGENT, CUSTOMER, IVR or a label), `text` and
 * optional `beginMs`/`endMs`.
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

export function parseCallscopeTranscript(json: Json): ParsedTranscript {
  const turns: RawTurn[] = turnsOf(json)!.map((t, k) => {
    const speaker = field(t, 'speaker');
    const text = field(t, 'text');
    const beginMs = field(t, 'beginMs');
    const endMs = field(t, 'endMs');
    if (typeof speaker !== 'string' || typeof text !== 'string')
      throw new TranscriptFormatError(`segments[${k}] has no speaker or text.`);
    if (
      (beginMs !== undefined && typeof beginMs !== 'number') ||
      (endMs !== undefined && typeof endMs !== 'number')
    )
      throw new TranscriptFormatError(
        `segments[${k}] has a beginMs or endMs that is not a number.`,
      );
    return {
      speaker,
      text,
      ...(ROLES.has(speaker) ? { role: speaker as RawTurn['role'] } : {}),
      ...(typeof beginMs === 'number' ? { beginMs } : {}),
      ...(typeof endMs === 'number' ? { endMs } : {}),
    };
  });
  return { format: 'callscope', turns, notices: [] };
}
