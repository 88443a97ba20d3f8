/**
 * One call as a deployment sends it (metadata and a transcript file) to the canonical record
 * the store and analysis take, or the list of what is wrong with it, each naming the field.
 * The transcript is read by the same readers as the post-call tool and redacted before it is
 * returned: nothing downstream ever sees a card number in clear.
 */
import type { TranscriptSegment } from '../../generated/data.types.ts';
import { readTranscript } from '../../data/analysis/formats/detect.ts';
import {
  toConversation,
  TranscriptFormatError,
  type TranscriptFormat,
} from '../../data/analysis/formats/parsed.ts';
import {
  redactTranscript,
  type RedactedSpan,
  type RedactionKind,
  type RedactionOptions,
} from '../redaction/index.ts';

/** The metadata fields every call has; any other column is kept in `metadata`. */
export const CALL_FIELDS = [
  'id',
  'startedAt',
  'direction',
  'agent',
  'vendor',
  'customer',
  'queue',
  'disposition',
  'language',
] as const;
export type CallField = (typeof CALL_FIELDS)[number];
const REQUIRED: readonly CallField[] = [
  'id',
  'startedAt',
  'direction',
  'agent',
  'vendor',
  'customer',
];

export interface IngestInput {
  /** The call's metadata: a metadata.csv row, a `<id>.meta.json` or an API body. */
  metadata: Readonly<Record<string, unknown>>;
  transcript: { fileName: string; text: string };
}

export interface IngestOptions {
  /** Which kinds to mask; every kind when absent (redaction is on by default). */
  redaction?: RedactionOptions;
  /** Metadata columns the registry declares; when given, any other column is an error. */
  columns?: ReadonlySet<string>;
}

/** The canonical call: the store's columns and the analysis's transcript. */
export interface IngestedCall {
  /** The deployment's own id: re-sending it replaces the call. */
  externalId: string;
  /** ISO 8601 in UTC. */
  startedAt: string;
  direction: 'inbound' | 'outbound';
  /** Names or ids as the deployment gives them; the store creates them the first time. */
  agent: string;
  vendor: string;
  /** Customer id or phone number. */
  customer: string;
  queue?: string;
  disposition?: string;
  /** BCP 47; en-US when not given. */
  language: string;
  /** Every other column, by its name. */
  metadata: Record<string, string>;
  durationMs: number;
  ivrMs: number;
  /** Redacted turns in time order, each with its masked character ranges. */
  transcript: TranscriptSegment[];
  /** Every masked span; `turn` is the index in `transcript`, `audio` the stretch to silence. */
  redactions: RedactedSpan[];
  transcriptFormat: TranscriptFormat;
  /** What the reader assumed (which label it took for the agent...). */
  notices: string[];
  /** True when some turn times were estimated from word counts. */
  estimatedTimes: boolean;
}

export interface IngestError {
  /** The metadata field, or `transcript`. */
  field: string;
  message: string;
}

export type IngestResult = { ok: true; call: IngestedCall } | { ok: false; errors: IngestError[] };

/** The call page's marks: card data shows as a card number (the contract has no CVV kind). */
const CONTRACT_KIND: Partial<
  Record<RedactionKind, TranscriptSegment['redactions'][number]['kind']>
> = {
  card: 'card-number',
  cvv: 'card-number',
  expiry: 'card-number',
  email: 'email',
  phone: 'phone',
};

const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
// Date and time with seconds optional, fraction optional, and a zone (Z or an offset).
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const MAX_TEXT = 200;

export function normaliseCall(input: IngestInput, options: IngestOptions = {}): IngestResult {
  const errors: IngestError[] = [];
  const meta = input.metadata;
  const text = (field: string): string | undefined => {
    const v = meta[field];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (typeof v !== 'string') {
      errors.push({ field, message: 'must be text' });
      return undefined;
    }
    const trimmed = v.trim();
    if (trimmed.length > MAX_TEXT) {
      errors.push({ field, message: `is ${trimmed.length} characters; the limit is ${MAX_TEXT}` });
      return undefined;
    }
    return trimmed || undefined;
  };
  const values = Object.fromEntries(CALL_FIELDS.map((f) => [f, text(f)])) as Partial<
    Record<CallField, string>
  >;
  for (const f of REQUIRED)
    if (values[f] === undefined && !errors.some((e) => e.field === f))
      errors.push({ field: f, message: 'is missing' });

  if (values.id !== undefined && !ID.test(values.id))
    errors.push({
      field: 'id',
      message:
        'may hold only letters, digits and . _ : - (at most 128, starting with a letter or digit)',
    });
  let startedAt: string | undefined;
  if (values.startedAt !== undefined) {
    const at = Date.parse(values.startedAt);
    if (!ISO_TIME.test(values.startedAt) || Number.isNaN(at))
      errors.push({
        field: 'startedAt',
        message: `“${values.startedAt}” is not an ISO 8601 time with a zone, e.g. 2026-03-01T09:30:00Z`,
      });
    else startedAt = new Date(at).toISOString();
  }
  const direction = values.direction?.toLowerCase();
  if (direction !== undefined && direction !== 'inbound' && direction !== 'outbound')
    errors.push({
      field: 'direction',
      message: `“${values.direction}” is neither inbound nor outbound`,
    });
  if (values.language !== undefined && !LANGUAGE.test(values.language))
    errors.push({
      field: 'language',
      message: `“${values.language}” is not a language tag like en-US`,
    });

  const metadata: Record<string, string> = {};
  for (const key of Object.keys(meta)) {
    if ((CALL_FIELDS as readonly string[]).includes(key)) continue;
    if (options.columns && !options.columns.has(key)) {
      errors.push({ field: key, message: 'is not a metadata column of this deployment' });
      continue;
    }
    const v = text(key);
    if (v !== undefined) metadata[key] = v;
  }

  let read: ReturnType<typeof readTranscript> | undefined;
  try {
    read = readTranscript(input.transcript.fileName, input.transcript.text);
  } catch (e) {
    // No file ends the process or answers 500: an unforeseen shape is a rejected record too.
    const why =
      e instanceof TranscriptFormatError ? e.message : 'It could not be read as a transcript.';
    errors.push({ field: 'transcript', message: `${input.transcript.fileName}: ${why}` });
  }
  if (errors.length || !read) return { ok: false, errors };

  // Redact the file's own turns first, so even the reader's estimates never see the original.
  const redacted = redactTranscript(read.turns, options.redaction);
  const conversation = toConversation({ ...read, turns: redacted.turns });
  const order = segmentOrder(redacted.turns, conversation.segments);
  const redactions = redacted.spans.map((s) => ({ ...s, turn: order[s.turn]! }));
  for (const s of redactions) {
    const kind = CONTRACT_KIND[s.kind];
    if (kind)
      conversation.segments[s.turn]!.redactions.push({ start: s.chars[0], end: s.chars[1], kind });
  }
  return {
    ok: true,
    call: {
      externalId: values.id!,
      startedAt: startedAt!,
      direction: direction as 'inbound' | 'outbound',
      agent: values.agent!,
      vendor: values.vendor!,
      customer: values.customer!,
      ...(values.queue !== undefined ? { queue: values.queue } : {}),
      ...(values.disposition !== undefined ? { disposition: values.disposition } : {}),
      language: values.language ?? 'en-US',
      metadata,
      durationMs: conversation.durationMs,
      ivrMs: conversation.ivrMs,
      transcript: conversation.segments,
      redactions,
      transcriptFormat: read.format,
      notices: conversation.notices,
      estimatedTimes: conversation.estimatedTimes,
    },
  };
}

/** Where each of the file's turns ended up once the conversation is put in time order. */
function segmentOrder(
  turns: readonly { text: string }[],
  segments: readonly TranscriptSegment[],
): number[] {
  const byText = new Map<string, number[]>();
  segments.forEach((s) => byText.set(s.text, [...(byText.get(s.text) ?? []), s.index]));
  return turns.map((t) => byText.get(t.text)!.shift()!);
}
