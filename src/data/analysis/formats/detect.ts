/**
 * Which reader a file needs, from its content (the extension only breaks ties), and the reading
 * itself: every failure becomes a TranscriptFormatError whose message says what is wrong.
 */
import { isAmazonTranscribe, parseAmazonTranscribe } from './amazon-transcribe.ts';
import { isAzureSpeech, parseAzureSpeech } from './azure-speech.ts';
import { isSrt, isWebVtt, parseCaptions } from './captions.ts';
import { isGoogleSpeech, parseGoogleSpeech } from './google-speech.ts';
import { TranscriptFormatError, type ParsedTranscript, type TranscriptFormat } from './parsed.ts';
import { parsePlainText } from './plain-text.ts';
import { isCallscopeTranscript, parseCallscopeTranscript } from './callscope-json.ts';
import { MAX_TRANSCRIPT_BYTES } from './limits.ts';

export function detectFormat(fileName: string, text: string): TranscriptFormat | 'json' {
  const head = text.trimStart().slice(0, 16);
  if (isWebVtt(text) || /\.vtt$/i.test(fileName)) return 'webvtt';
  if (isSrt(text) || (/\.srt$/i.test(fileName) && /-->/.test(text))) return 'srt';
  // "[0:12] Agent: ..." starts with a bracket too: a JSON list starts with an object, list or string.
  if (head.startsWith('{') || /^\[\s*[{["\]]/.test(head) || /\.json$/i.test(fileName))
    return 'json';
  return 'plain-text';
}

export function readTranscript(fileName: string, text: string): ParsedTranscript {
  const parsed = readAnyFormat(fileName, text);
  if (parsed.turns.length === 0) throw new TranscriptFormatError('No speech found in it.');
  return parsed;
}

function readAnyFormat(fileName: string, text: string): ParsedTranscript {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_TRANSCRIPT_BYTES) {
    throw new TranscriptFormatError(
      `It is ${(bytes / 1_000_000).toFixed(1)} MB; the limit is 1 MB (about 150,000 words, many hours of conversation).`,
    );
  }
  if (text.trim() === '') throw new TranscriptFormatError('It is empty.');
  const format = detectFormat(fileName, text);
  if (format === 'webvtt' || format === 'srt') return parseCaptions(text, format);
  if (format === 'plain-text') return parsePlainText(text);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new TranscriptFormatError(
      `It is not valid JSON (${e instanceof Error ? e.message : String(e)}).`,
    );
  }
  if (isAmazonTranscribe(json)) return parseAmazonTranscribe(json);
  if (isAzureSpeech(json)) return parseAzureSpeech(json);
  if (isGoogleSpeech(json)) return parseGoogleSpeech(json);
  if (isCallscopeTranscript(json)) return parseCallscopeTranscript(json);
  throw new TranscriptFormatError(
    'It is JSON, but not a transcript this tool reads: Amazon Transcribe, Google Speech-to-Text or CCAI, Azure Speech batch output, or Callscope’s own transcript JSON.',
  );
}
