/**
 * The upload page's look at a call before it is sent: the same reading and checks the ingest
 * API applies (the domain's normaliseCall: metadata fields, transcript format, redaction), run
 * in the tools worker so a large selection never blocks the page. What only the deployment can
 * say (a start after its last day, a full dictionary) still comes back in the ingest report.
 */
import { normaliseCall, readMetadataCsv } from '../../domain/ingest/index.ts';
import type { IngestRecord } from '../source.ts';
import { readTranscript } from './formats/detect.ts';
import { FORMAT_NAMES } from './formats/parsed.ts';

export interface IngestCheck {
  /** The transcript's format in the user's words, when the file could be read. */
  format: string | null;
  /** Turns and length of the conversation, when the record is ready to send. */
  turns: number;
  durationMs: number;
  /** Card numbers and other personal data that will be masked before anything is stored. */
  redactions: number;
  /** What the reader assumed (which label it took for the agent...). */
  notices: string[];
  /** Every problem, each naming its field (`transcript` for the file); none when ready. */
  problems: { field: string; message: string }[];
}

export function checkIngestRecord(record: IngestRecord): IngestCheck {
  const read = normaliseCall(record);
  if (read.ok) {
    const call = read.call;
    return {
      format: FORMAT_NAMES[call.transcriptFormat],
      turns: call.transcript.length,
      durationMs: call.durationMs,
      redactions: call.redactions.length,
      notices: call.notices,
      problems: [],
    };
  }
  return {
    format: read.errors.some((e) => e.field === 'transcript') ? null : formatOf(record),
    turns: 0,
    durationMs: 0,
    redactions: 0,
    notices: [],
    problems: read.errors.map((e) => ({ field: e.field, message: e.message })),
  };
}

/** The format of a transcript that reads, for a record whose metadata is what failed. */
function formatOf(record: IngestRecord): string | null {
  try {
    return FORMAT_NAMES[readTranscript(record.transcript.fileName, record.transcript.text).format];
  } catch {
    return null;
  }
}

export interface IngestMetadataFile {
  /** One row per call, each with its `id`. */
  rows: Record<string, string | number | boolean | null>[];
  /** Problems by line of a CSV (1 = the header) or for the whole file (no line). */
  problems: { row?: number; message: string }[];
}

/**
 * A metadata file as the folder CLI reads one: a CSV with a header row (`id,startedAt,...`), or
 * JSON, either one call's object (`<id>.meta.json`, whose id may come from its name) or a list
 * of objects each with an `id`.
 */
export function readIngestMetadata(file: { name: string; text: string }): IngestMetadataFile {
  if (/\.csv$/i.test(file.name)) {
    const csv = readMetadataCsv(file.text);
    return { rows: csv.rows, problems: csv.errors };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.text);
  } catch {
    return { rows: [], problems: [{ message: 'It is not valid JSON.' }] };
  }
  const idFromName = /^(.+)\.meta\.json$/i.exec(file.name)?.[1];
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const rows: IngestMetadataFile['rows'] = [];
  const problems: IngestMetadataFile['problems'] = [];
  list.forEach((item, k) => {
    const where = Array.isArray(parsed) ? `Item ${k + 1}` : 'The file';
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      problems.push({ message: `${where} is not an object of metadata fields.` });
      return;
    }
    const row = { ...(item as Record<string, string | number | boolean | null>) };
    if ((row.id === undefined || row.id === '') && idFromName && !Array.isArray(parsed))
      row.id = idFromName;
    if (typeof row.id !== 'string' || row.id.trim() === '') {
      problems.push({ message: `${where} has no id (the call's id, as its transcript is named).` });
      return;
    }
    rows.push(row);
  });
  return { rows, problems };
}
