/**
 * Google Cloud output, three shapes:
 * - Speech-to-Text `recognize` / long-running results (v1 and v2): `results[].alternatives[0].words`
 *   with `speakerTag` (v1) or `speakerLabel` (v2) and `startTime`/`endTime` ("1.300s") or
 *   `startOffset`/`endOffset`. With diarization the last result repeats every word with its
 *   speaker, so the result with the most tagged words is read.
 * - CCAI Insights conversations: `transcript.transcriptSegments[]` with
 *   `segmentParticipant.role` (HUMAN_AGENT, END_USER), `words[]` offsets and `sentiment.score` (-1..1).
 * - CCAI conversation upload JSON: `entries[]` with `role`, `text`, `start_timestamp_usec`.
 */
import { arrayAt, field, isObject, type Json } from './json-shape.ts';
import { TranscriptFormatError, type ParsedTranscript, type RawTurn } from './parsed.ts';
import { parseSeconds } from './time.ts';
import { groupWords, type TimedWord } from './words.ts';

export function isGoogleSpeech(json: Json): boolean {
  if (!isObject(json)) return false;
  if (Array.isArray(json.entries)) return true;
  if (Array.isArray(json.transcriptSegments) || isObject(json.transcript)) return true;
  return (
    Array.isArray(json.results) && json.results.some((r) => Array.isArray(field(r, 'alternatives')))
  );
}

export function parseGoogleSpeech(json: Json): ParsedTranscript {
  if (isObject(json) && Array.isArray(json.entries)) return uploadEntries(json.entries);
  const segments =
    field(json, 'transcriptSegments') ?? field(field(json, 'transcript'), 'transcriptSegments');
  if (segments !== undefined)
    return insightsSegments(arrayAt(segments, 'transcript.transcriptSegments'));
  const results = arrayAt(field(json, 'results'), 'results');
  let best: TimedWord[] = [];
  const byChannel: RawTurn[] = [];
  results.forEach((r, k) => {
    const alt = arrayAt(field(r, 'alternatives'), `results[${k}].alternatives`)[0];
    const words = field(alt, 'words');
    const tagged: TimedWord[] = [];
    if (Array.isArray(words)) {
      for (const w of words) {
        const tag = field(w, 'speakerTag') ?? field(w, 'speakerLabel');
        const text = field(w, 'word');
        const beginMs = parseSeconds(field(w, 'startTime') ?? field(w, 'startOffset') ?? '0s');
        const endMs = parseSeconds(field(w, 'endTime') ?? field(w, 'endOffset') ?? '0s');
        if (
          (typeof tag === 'number' || typeof tag === 'string') &&
          tag !== 0 &&
          typeof text === 'string'
        )
          tagged.push({ speaker: String(tag), text, beginMs: beginMs ?? 0, endMs: endMs ?? 0 });
      }
    }
    if (tagged.length > best.length) best = tagged;
    const channel = field(r, 'channelTag');
    const transcript = field(alt, 'transcript');
    if (channel !== undefined && typeof transcript === 'string') {
      const endMs = parseSeconds(field(r, 'resultEndTime') ?? field(r, 'resultEndOffset'));
      byChannel.push({
        speaker: `Channel ${String(channel)}`,
        text: transcript.trim(),
        ...(endMs !== null ? { endMs } : {}),
      });
    }
  });
  if (best.length > 0) return { format: 'google-speech', turns: groupWords(best), notices: [] };
  if (byChannel.length > 0) {
    // Channel results carry only their end time: each starts where the one before ended.
    let previous = 0;
    for (const t of byChannel) {
      t.beginMs = previous;
      if (t.endMs === undefined) delete t.beginMs;
      else previous = t.endMs;
    }
    return { format: 'google-speech', turns: byChannel, notices: [] };
  }
  throw new TranscriptFormatError(
    'No speaker tags: enable speaker diarization (diarizationConfig) or separate channels when transcribing.',
  );
}

function insightsSegments(segments: Json[]): ParsedTranscript {
  const turns = segments.map((s, k): RawTurn => {
    const text = field(s, 'text');
    if (typeof text !== 'string')
      throw new TranscriptFormatError(`transcriptSegments[${k}] has no text.`);
    const role = field(field(s, 'segmentParticipant'), 'role');
    const channel = field(s, 'channelTag');
    const words = field(s, 'words');
    const first = Array.isArray(words) ? words[0] : undefined;
    const last = Array.isArray(words) ? words[words.length - 1] : undefined;
    const beginMs = parseSeconds(field(first, 'startOffset'));
    const endMs = parseSeconds(field(last, 'endOffset'));
    const score = field(field(s, 'sentiment'), 'score');
    return {
      speaker: typeof role === 'string' ? role : `Channel ${String(channel ?? 1)}`,
      text,
      ...(role === 'HUMAN_AGENT' ? { role: 'AGENT' as const } : {}),
      ...(role === 'END_USER' ? { role: 'CUSTOMER' as const } : {}),
      ...(role === 'AUTOMATED_AGENT' ? { role: 'IVR' as const } : {}),
      ...(beginMs !== null ? { beginMs } : {}),
      ...(endMs !== null ? { endMs } : {}),
      ...(typeof score === 'number' ? { sentimentScore: Math.round(score * 50) / 10 } : {}),
    };
  });
  return { format: 'google-speech', turns, notices: [] };
}

function uploadEntries(entries: Json[]): ParsedTranscript {
  const first = Number(field(entries[0], 'start_timestamp_usec'));
  const turns = entries.map((e, k): RawTurn => {
    const text = field(e, 'text');
    const role = field(e, 'role');
    if (typeof text !== 'string' || typeof role !== 'string')
      throw new TranscriptFormatError(`entries[${k}] has no text or role.`);
    const usec = Number(field(e, 'start_timestamp_usec'));
    return {
      speaker: role,
      text,
      ...(Number.isFinite(usec) && Number.isFinite(first)
        ? { beginMs: Math.round((usec - first) / 1000) }
        : {}),
    };
  });
  return { format: 'google-speech', turns, notices: [] };
}
