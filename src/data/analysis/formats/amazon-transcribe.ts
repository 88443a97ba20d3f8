/**
 * Amazon Transcribe output (docs: "Transcribe > Output > Speaker diarization"): `results.items`
 * are words and punctuation with `start_time`/`end_time` in seconds (strings); the speaker of a
 * word is its `speaker_label` or the `results.speaker_labels.segments` span containing it
 * (channel identification: `results.channel_labels.channels[].items`). Also reads Transcribe
 * Call Analytics output (`Transcript[]` with `ParticipantRole`, `BeginOffsetMillis`).
 */
import { arrayAt, field, isObject, type Json } from './json-shape.ts';
import { TranscriptFormatError, type ParsedTranscript, type RawTurn } from './parsed.ts';
import { parseSeconds } from './time.ts';
import { groupWords, type TimedWord } from './words.ts';

export function isAmazonTranscribe(json: Json): boolean {
  if (!isObject(json)) return false;
  if (Array.isArray(json.Transcript) && 'JobStatus' in json) return true;
  return isObject(json.results) && ('items' in json.results || 'transcripts' in json.results);
}

export function parseAmazonTranscribe(json: Json): ParsedTranscript {
  if (isObject(json) && Array.isArray(json.Transcript)) return callAnalytics(json.Transcript);
  const results = field(json, 'results');
  const items = arrayAt(field(results, 'items'), 'results.items');
  const spans = speakerSpans(results);
  if (spans.length === 0 && !items.some((i) => typeof field(i, 'speaker_label') === 'string')) {
    throw new TranscriptFormatError(
      'No speaker labels: run the Transcribe job with ShowSpeakerLabels (speaker diarization) or channel identification.',
    );
  }
  const words: TimedWord[] = [];
  items.forEach((item, k) => {
    const text = field(
      arrayAt(field(item, 'alternatives'), `results.items[${k}].alternatives`)[0],
      'content',
    );
    if (typeof text !== 'string')
      throw new TranscriptFormatError(`results.items[${k}] has no content.`);
    if (field(item, 'type') === 'punctuation') {
      const last = words[words.length - 1];
      if (last) last.text += text;
      return;
    }
    const beginMs = parseSeconds(field(item, 'start_time'));
    const endMs = parseSeconds(field(item, 'end_time'));
    if (beginMs === null || endMs === null)
      throw new TranscriptFormatError(`results.items[${k}] has no start_time or end_time.`);
    const label = field(item, 'speaker_label');
    const speaker =
      typeof label === 'string'
        ? label
        : (spans.find((s) => beginMs >= s.beginMs && beginMs < s.endMs)?.speaker ??
          words[words.length - 1]?.speaker ??
          spans[0]!.speaker);
    words.push({ speaker, text, beginMs, endMs });
  });
  return { format: 'amazon-transcribe', turns: groupWords(words), notices: [] };
}

function speakerSpans(results: Json): { speaker: string; beginMs: number; endMs: number }[] {
  const segments = field(field(results, 'speaker_labels'), 'segments');
  const spans: { speaker: string; beginMs: number; endMs: number }[] = [];
  if (Array.isArray(segments)) {
    for (const s of segments) {
      const b = parseSeconds(field(s, 'start_time'));
      const e = parseSeconds(field(s, 'end_time'));
      const speaker = field(s, 'speaker_label');
      if (b !== null && e !== null && typeof speaker === 'string')
        spans.push({ speaker, beginMs: b, endMs: e });
    }
  }
  const channels = field(field(results, 'channel_labels'), 'channels');
  if (Array.isArray(channels)) {
    for (const c of channels) {
      const speaker = field(c, 'channel_label');
      const items = field(c, 'items');
      if (typeof speaker !== 'string' || !Array.isArray(items)) continue;
      for (const i of items) {
        const b = parseSeconds(field(i, 'start_time'));
        const e = parseSeconds(field(i, 'end_time'));
        if (b !== null && e !== null) spans.push({ speaker, beginMs: b, endMs: e + 1 });
      }
    }
  }
  return spans;
}

function callAnalytics(transcript: Json[]): ParsedTranscript {
  const turns: RawTurn[] = transcript.map((t, k) => {
    const text = field(t, 'Content');
    const role = field(t, 'ParticipantRole');
    const beginMs = field(t, 'BeginOffsetMillis');
    const endMs = field(t, 'EndOffsetMillis');
    if (typeof text !== 'string' || typeof role !== 'string')
      throw new TranscriptFormatError(`Transcript[${k}] has no Content or ParticipantRole.`);
    return {
      speaker: role,
      text,
      ...(typeof beginMs === 'number' ? { beginMs } : {}),
      ...(typeof endMs === 'number' ? { endMs } : {}),
    };
  });
  return { format: 'amazon-call-analytics', turns, notices: [] };
}
