/**
 * Azure AI Speech batch transcription results (docs: "Batch transcription: get results"):
 * `recognizedPhrases[]` with `offsetInTicks`/`durationInTicks` (100 ns) or ISO `offset`/
 * `duration` ("PT1.59S"), `speaker` when diarization was on, `channel` otherwise, and the text
 * in `nBest[0].display`.
 */
import { arrayAt, field, isObject, type Json } from './json-shape.ts';
import { TranscriptFormatError, type ParsedTranscript, type RawTurn } from './parsed.ts';

export function isAzureSpeech(json: Json): boolean {
  return isObject(json) && Array.isArray(json.recognizedPhrases);
}

export function parseAzureSpeech(json: Json): ParsedTranscript {
  const phrases = arrayAt(field(json, 'recognizedPhrases'), 'recognizedPhrases');
  const diarized = phrases.some((p) => field(p, 'speaker') !== undefined);
  const channels = new Set(phrases.map((p) => field(p, 'channel')));
  if (!diarized && channels.size < 2 && phrases.length > 1) {
    throw new TranscriptFormatError(
      'No speaker labels: every phrase is on one channel without a speaker. Turn on diarization (diarizationEnabled) or record agent and customer on separate channels.',
    );
  }
  const turns: RawTurn[] = [];
  phrases.forEach((p, k) => {
    if (field(p, 'recognitionStatus') !== undefined && field(p, 'recognitionStatus') !== 'Success')
      return;
    const best = arrayAt(field(p, 'nBest'), `recognizedPhrases[${k}].nBest`)[0];
    const text = field(best, 'display') ?? field(best, 'lexical');
    if (typeof text !== 'string')
      throw new TranscriptFormatError(`recognizedPhrases[${k}] has no text.`);
    const beginMs = ms(
      field(p, 'offsetInTicks'),
      field(p, 'offsetMilliseconds'),
      field(p, 'offset'),
    );
    const length = ms(
      field(p, 'durationInTicks'),
      field(p, 'durationMilliseconds'),
      field(p, 'duration'),
    );
    if (beginMs === null) throw new TranscriptFormatError(`recognizedPhrases[${k}] has no offset.`);
    const speaker = diarized
      ? `Speaker ${String(field(p, 'speaker'))}`
      : `Channel ${String(field(p, 'channel') ?? 0)}`;
    turns.push({ speaker, text, beginMs, ...(length !== null ? { endMs: beginMs + length } : {}) });
  });
  turns.sort((a, b) => a.beginMs! - b.beginMs!);
  return { format: 'azure-speech', turns, notices: [] };
}

function ms(ticks: Json, millis: Json, iso: Json): number | null {
  if (typeof ticks === 'number') return Math.round(ticks / 10_000);
  if (typeof millis === 'number') return Math.round(millis);
  if (typeof iso === 'string') {
    const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(iso);
    if (m)
      return Math.round(
        ((Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 60 + Number(m[3] ?? 0)) * 1000,
      );
  }
  return null;
}
