/** Redaction's public face: masking card numbers and personal data in transcripts and audio. */
export {
  redactTranscript,
  passesLuhn,
  REDACTION_KINDS,
  PLACEHOLDER,
  type RedactionKind,
  type RedactionOptions,
  type RedactionTurn,
  type RedactedSpan,
  type RedactionResult,
} from './redact.ts';
export { silenceWav, WavFormatError } from './silence-wav.ts';
