/**
 * The upload page's selection as calls to send: which picked files are transcripts and which
 * metadata, each transcript's record (its id is its file name without the extension, as the
 * folder CLI reads a folder; its metadata from a metadata file's row, the page's fields filling
 * what the file leaves out), and the requests a large selection is sent in.
 */
import { AUDIO_FILE, type IngestRecord } from '../../../data/index.ts';

/** Files the page reads as transcripts: the post-call tool's formats. */
const TRANSCRIPT = /\.(json|vtt|srt|txt)$/i;
/** Metadata: a CSV with a header row, `<id>.meta.json`, or `metadata.json` (a list). */
const METADATA = /(\.csv|\.meta\.json|^metadata\.json)$/i;
/** Recordings in formats the server does not take (it takes AUDIO_FILE: WAV, Opus, MP3). */
const OTHER_AUDIO = /\.(m4a|oga|webm|flac|aac)$/i;

export type FileKind = 'transcript' | 'metadata' | 'audio' | { problem: string };

export function kindOf(name: string): FileKind {
  if (METADATA.test(name)) return 'metadata';
  if (TRANSCRIPT.test(name)) return 'transcript';
  if (AUDIO_FILE.test(name)) return 'audio';
  if (OTHER_AUDIO.test(name))
    return {
      problem:
        'Recordings are taken as WAV (.wav), Opus (.opus, .ogg) or MP3 (.mp3): convert it, or send the transcript alone.',
    };
  return {
    problem:
      'It is neither a transcript (.json, .vtt, .srt, .txt) nor metadata (.csv, .meta.json).',
  };
}

/** The call's id a transcript file gives: its name without the extension. */
export function idOfFile(name: string): string {
  return name.replace(/\.[^.]+$/, '');
}

/** The metadata fields the page offers for every call its files leave them out of. */
export const PAGE_FIELDS = [
  'startedAt',
  'direction',
  'agent',
  'vendor',
  'customer',
  'queue',
  'disposition',
] as const;
export type PageField = (typeof PAGE_FIELDS)[number];
export type PageFields = Partial<Record<PageField, string>>;

export type MetadataValue = string | number | boolean | null;
export type MetadataRow = Record<string, MetadataValue>;

/**
 * One transcript's record: the file's id, then the page's fields, then the metadata file's row
 * (a value in a file is the call's own; the page only fills gaps).
 */
export function recordOf(
  transcript: { name: string; text: string },
  row: MetadataRow | undefined,
  fields: PageFields,
): IngestRecord {
  const metadata: MetadataRow = { id: idOfFile(transcript.name) };
  for (const f of PAGE_FIELDS) {
    const value = fields[f]?.trim();
    if (value) metadata[f] = value;
  }
  for (const [key, value] of Object.entries(row ?? {}))
    if (value !== null && value !== '') metadata[key] = value;
  return { metadata, transcript: { fileName: transcript.name, text: transcript.text } };
}

/**
 * What the API server takes in one request (server/ingest-routes.ts: 5,000 calls, 64 MB); a
 * request this size also answers well inside the server's 30 s, and a failed one costs little
 * to send again.
 */
export const REQUEST_LIMITS = { calls: 250, characters: 8_000_000 } as const;

/** Consecutive requests of at most `limits` calls and characters of transcript and metadata. */
export function requestsOf<T extends { record: IngestRecord }>(
  items: readonly T[],
  limits: { calls: number; characters: number } = REQUEST_LIMITS,
): T[][] {
  const requests: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const weight = item.record.transcript.text.length + JSON.stringify(item.record.metadata).length;
    if (
      current.length > 0 &&
      (current.length >= limits.calls || size + weight > limits.characters)
    ) {
      requests.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += weight;
  }
  if (current.length > 0) requests.push(current);
  return requests;
}

/** Ids held by more than one transcript of the selection (each would replace the other). */
export function repeatedIds(ids: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const id of ids) (seen.has(id) ? repeated : seen).add(id);
  return repeated;
}
