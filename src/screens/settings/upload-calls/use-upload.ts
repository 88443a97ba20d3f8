/**
 * The upload page's state: the files picked (transcripts and metadata, read on the page;
 * recordings kept as files, paired with the transcript of the same id), the page's metadata
 * fields, each call's check (the tools worker reads it as the API will), and what became of
 * each sent call (sent through the data source's ingestCalls: ./send-calls.ts) and of its
 * recording (sent after its call was accepted: ./send-recordings.ts).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  METADATA_IMPORT_LIMITS,
  getToolsClient,
  recordingsKept,
  useDataSource,
  type IngestCheck,
  type IngestRecord,
} from '../../../data/index.ts';
import { readTranscriptFile } from '../../tools/parts/files.ts';
import {
  idOfFile,
  kindOf,
  recordOf,
  repeatedIds,
  type MetadataRow,
  type PageFields,
} from './selection.ts';
import { sendCalls, type SendOutcome } from './send-calls.ts';
import { sendRecordings, type RecordingOutcome } from './send-recordings.ts';

export type { SendOutcome, RecordingOutcome };

export interface TranscriptEntry {
  name: string;
  /** The file's text; null when it could not be used (then `problem` says why). */
  text: string | null;
  problem?: string;
}

export interface MetadataEntry {
  name: string;
  rows: MetadataRow[];
  problems: { row?: number; message: string }[];
}

/** Calls per message to the tools worker: progress shows, and a change stops a long check. */
const CHECK_BATCH = 100;

export function useUpload() {
  const source = useDataSource();
  const [transcripts, setTranscripts] = useState<TranscriptEntry[]>([]);
  const [metadataFiles, setMetadataFiles] = useState<MetadataEntry[]>([]);
  const [fields, setFields] = useState<PageFields>({});
  const [reading, setReading] = useState(0);
  const [checks, setChecks] = useState<{ of: unknown; byName: Map<string, IngestCheck> }>({
    of: null,
    byName: new Map(),
  });
  const [outcomes, setOutcomes] = useState<Map<string, SendOutcome>>(new Map());
  const [sending, setSending] = useState<{ done: number; total: number } | null>(null);
  /** Recordings picked, by the call id their name gives. */
  const [recordings, setRecordings] = useState<Map<string, File>>(new Map());
  /** What became of each sent recording, by transcript file. */
  const [recordingOutcomes, setRecordingOutcomes] = useState<Map<string, RecordingOutcome>>(
    new Map(),
  );

  const rowsById = useMemo(() => {
    const rows = new Map<string, MetadataRow>();
    for (const file of metadataFiles)
      for (const row of file.rows) rows.set(String(row.id).trim(), row);
    return rows;
  }, [metadataFiles]);

  const records = useMemo(() => {
    const out = new Map<string, IngestRecord>();
    for (const t of transcripts)
      if (t.text !== null)
        out.set(
          t.name,
          recordOf({ name: t.name, text: t.text }, rowsById.get(idOfFile(t.name)), fields),
        );
    return out;
  }, [transcripts, rowsById, fields]);

  const repeated = useMemo(
    () => repeatedIds([...records.values()].map((r) => String(r.metadata.id))),
    [records],
  );

  // Each change of the files or fields checks every call again in the tools worker; typing in
  // a field waits for a pause, and a newer selection stops an older check between batches.
  const latest = useRef<unknown>(null);
  useEffect(() => {
    latest.current = records;
    if (records.size === 0) return;
    const timer = setTimeout(async () => {
      const tools = getToolsClient();
      const names = [...records.keys()];
      const byName = new Map<string, IngestCheck>();
      for (let from = 0; from < names.length; from += CHECK_BATCH) {
        const batch = names.slice(from, from + CHECK_BATCH);
        let answers: IngestCheck[];
        try {
          answers = await tools.checkCalls(batch.map((n) => records.get(n)!));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          answers = batch.map(() => ({
            format: null,
            turns: 0,
            durationMs: 0,
            redactions: 0,
            notices: [],
            problems: [{ field: 'transcript', message: `could not be checked: ${message}` }],
          }));
        }
        if (latest.current !== records) return;
        batch.forEach((n, k) => byName.set(n, answers[k]!));
        setChecks({ of: from + batch.length < names.length ? null : records, byName });
      }
    }, 250);
    return () => clearTimeout(timer);
  }, [records]);

  const checked = checks.of === records;
  /** A call's check, when it is the check of what would be sent now. */
  const checkOf = (name: string): IngestCheck | undefined =>
    checked ? checks.byName.get(name) : undefined;
  const checkedCount = checked ? records.size : checks.byName.size;

  const add = async (picked: File[]) => {
    // Recordings are not read on the page: the file itself is sent once its call is accepted.
    const audio = picked.filter((f) => kindOf(f.name) === 'audio');
    if (audio.length > 0) {
      setRecordings((r) => new Map([...r, ...audio.map((f) => [idOfFile(f.name), f] as const)]));
      setRecordingOutcomes((o) => {
        const next = new Map(o);
        for (const t of transcripts)
          if (audio.some((f) => idOfFile(f.name) === idOfFile(t.name))) next.delete(t.name);
        return next;
      });
    }
    const files = picked.filter((f) => kindOf(f.name) !== 'audio');
    setReading((n) => n + files.length);
    const read = await Promise.all(
      files.map(async (file): Promise<TranscriptEntry | MetadataEntry> => {
        const kind = kindOf(file.name);
        if (kind === 'transcript') {
          const got = await readTranscriptFile(file);
          return 'text' in got
            ? { name: file.name, text: got.text }
            : { name: file.name, text: null, problem: got.problem };
        }
        if (kind === 'metadata') return readMetadata(file);
        if (kind === 'audio') throw new Error('recordings are kept above');
        return { name: file.name, text: null, problem: kind.problem };
      }),
    );
    const isMeta = (e: TranscriptEntry | MetadataEntry): e is MetadataEntry => 'rows' in e;
    const newTranscripts = read.filter((e): e is TranscriptEntry => !isMeta(e));
    const newMetadata = read.filter(isMeta);
    // A file picked again (fixed, say) takes the place of the one of that name.
    const replacing = (names: { name: string }[]) => {
      const set = new Set(names.map((n) => n.name));
      return (e: { name: string }) => !set.has(e.name);
    };
    setTranscripts((ts) => [...ts.filter(replacing(newTranscripts)), ...newTranscripts]);
    setMetadataFiles((ms) => [...ms.filter(replacing(newMetadata)), ...newMetadata]);
    setOutcomes((o) => {
      const next = new Map(o);
      for (const t of newTranscripts) next.delete(t.name);
      return next;
    });
    setReading((n) => n - files.length);
  };

  const remove = (name: string) => {
    setTranscripts((ts) => ts.filter((t) => t.name !== name));
    setMetadataFiles((ms) => ms.filter((m) => m.name !== name));
    setRecordings((r) => {
      const next = new Map(r);
      if (next.get(idOfFile(name))?.name === name) next.delete(idOfFile(name));
      return next;
    });
  };

  const clear = () => {
    setTranscripts([]);
    setMetadataFiles([]);
    setOutcomes(new Map());
    setRecordings(new Map());
    setRecordingOutcomes(new Map());
  };

  /** The recording picked for a transcript's call (same id), if any. */
  const recordingOf = (name: string): File | undefined => {
    const record = records.get(name);
    return recordings.get(record ? String(record.metadata.id) : idOfFile(name));
  };
  /** Recordings whose id no transcript picked has. */
  const unpaired = [...recordings.values()].filter(
    (f) => !transcripts.some((t) => recordingOf(t.name) === f),
  );

  /** Ready to send: read, checked without a problem, its id alone, not yet accepted. */
  const isReady = (name: string): boolean => {
    const record = records.get(name);
    const check = checkOf(name);
    return (
      record !== undefined &&
      check !== undefined &&
      check.problems.length === 0 &&
      !repeated.has(String(record.metadata.id)) &&
      outcomes.get(name)?.status !== 'accepted'
    );
  };
  const ready = transcripts.filter((t) => isReady(t.name)).map((t) => t.name);

  const send = async () => {
    const items = ready.map((name) => ({ name, record: records.get(name)! }));
    if (items.length === 0 || sending) return;
    setSending({ done: 0, total: items.length });
    const sent = await sendCalls(
      items,
      (request) => source.ingestCalls(request),
      (sent, done) => {
        setOutcomes((o) => new Map([...o, ...sent]));
        setSending({ done, total: items.length });
      },
    );
    // Then each accepted call's recording, one at a time (each can be large).
    const withAudio = items.flatMap(({ name }) => {
      const outcome = sent.get(name);
      const file = recordingOf(name);
      return outcome?.status === 'accepted' && file ? [{ name, callId: outcome.callId, file }] : [];
    });
    await sendRecordings(withAudio, recordingsKept(), (name, outcome) =>
      setRecordingOutcomes((o) => new Map([...o, [name, outcome]])),
    );
    setSending(null);
  };

  return {
    transcripts,
    metadataFiles,
    fields,
    setFields,
    reading: reading > 0,
    records,
    rowsById,
    repeated,
    checking: records.size > 0 && !checked ? { done: checkedCount, total: records.size } : null,
    checkOf,
    outcomes,
    recordingOf,
    recordingOutcomes,
    unpaired,
    ready,
    sending,
    add,
    remove,
    clear,
    send,
  };
}

export type Upload = ReturnType<typeof useUpload>;

async function readMetadata(file: File): Promise<MetadataEntry> {
  if (file.size > METADATA_IMPORT_LIMITS.megabytes * 1024 * 1024)
    return {
      name: file.name,
      rows: [],
      problems: [
        {
          message: `It is larger than ${METADATA_IMPORT_LIMITS.megabytes} MB: split it into smaller files.`,
        },
      ],
    };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { name: file.name, rows: [], problems: [{ message: 'It could not be read.' }] };
  }
  const read = await getToolsClient().readCallMetadata({ name: file.name, text });
  return { name: file.name, ...read };
}
