/**
 * A folder of calls for `npm run ingest -- DIR`: transcripts `<id>.json|.vtt|.srt` with their
 * metadata in the folder's `metadata.csv` (header `id,startedAt,direction,agent,vendor,customer,...`)
 * or a `<id>.meta.json` beside them, and optionally their recording `<id>.wav|.opus|.ogg|.mp3`.
 * Calls go to the service in batches, through the same per-record checks as POST
 * /v1/calls/batch, then each accepted call's recording is stored as PUT /v1/calls/{id}/audio
 * stores it (redacted first); each call's files then move to `done/`, or to `rejected/` with a
 * `<id>.reason.txt` saying which field was wrong and why. A call taken whose recording is
 * refused (a format not taken, redactions it cannot carry) stays ingested; its recording goes to
 * `rejected/` with `<id>.audio-reason.txt`.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { readMetadataCsv } from '../src/domain/ingest/index.ts';
import { AUDIO_FILE } from '../src/data/http/audio-contract.ts';
import type { CallAudio } from './audio/index.ts';
import type { IngestRecord } from '../src/data/source.ts';
import type { Caller } from './auth.ts';
import { ingestRecords } from './ingest-routes.ts';
import type { ApiService } from './service.ts';

const TRANSCRIPT = /\.(json|vtt|srt)$/i;
const META = /\.meta\.json$/i;

/** One call found in the folder: its id, its files, and its record or why it has none. */
interface FolderCall {
  id: string;
  files: string[];
  /** The recording's file name, when the folder has one for this id. */
  audio?: string;
  record: IngestRecord | null;
  problem?: string;
}

export interface FolderSummary {
  accepted: number;
  rejected: number;
  /** Rejected ids and why. */
  rejects: { id: string; reason: string }[];
  /** Recordings stored with their calls, and refused (with why) though their call was taken. */
  audioStored: number;
  audioRejects: { id: string; reason: string }[];
}

/**
 * The calls of a folder, in file-name order; with `ready`, only those whose files it accepts
 * (the inbox leaves a call still being written for a later look).
 */
export function folderCalls(dir: string, ready?: (files: string[]) => boolean): FolderCall[] {
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
  const csv = names.includes('metadata.csv')
    ? readMetadataCsv(readFileSync(join(dir, 'metadata.csv'), 'utf8'))
    : { rows: [], errors: [] };
  for (const e of csv.errors) console.error(`metadata.csv line ${e.row}: ${e.message}`);
  const rows = new Map(csv.rows.map((row) => [row.id ?? '', row]));
  return names
    .filter((name) => TRANSCRIPT.test(name) && !META.test(name))
    .map((fileName) => {
      const id = fileName.replace(TRANSCRIPT, '');
      const metaFile = names.find((n) => n.toLowerCase() === `${id.toLowerCase()}.meta.json`);
      const audio = names.find(
        (n) => AUDIO_FILE.test(n) && n.replace(AUDIO_FILE, '').toLowerCase() === id.toLowerCase(),
      );
      const files = [fileName, ...(metaFile ? [metaFile] : []), ...(audio ? [audio] : [])];
      return { fileName, id, metaFile, audio, files };
    })
    .filter(({ files }) => !ready || ready(files))
    .map(({ fileName, id, metaFile, audio, files }): FolderCall => {
      let metadata: Record<string, string | number | boolean | null> | undefined = rows.get(id);
      if (metaFile) {
        try {
          metadata = JSON.parse(readFileSync(join(dir, metaFile), 'utf8')) as typeof metadata;
        } catch {
          return { id, files, record: null, problem: `${metaFile}: is not valid JSON` };
        }
      }
      if (!metadata)
        return {
          id,
          files,
          record: null,
          problem: `metadata: no row with id ${id} in metadata.csv and no ${id}.meta.json`,
        };
      const text = readFileSync(join(dir, fileName), 'utf8');
      return {
        id,
        files,
        ...(audio ? { audio } : {}),
        record: { metadata: { id, ...metadata }, transcript: { fileName, text } },
      };
    });
}

/**
 * Ingests a folder's calls through the service in batches, moving each call's files to done/
 * or rejected/ (with its reason) as its batch is answered; `progress` hears calls done of all.
 */
export async function ingestFolder(
  dir: string,
  service: ApiService,
  caller: Caller,
  options: {
    batch?: number;
    progress?: (done: number, total: number) => void;
    /** Where recordings go (the deployment's); without it a folder's audio files are left. */
    audio?: CallAudio;
    /** Which calls to take now, by their files; the others stay in the folder. */
    ready?: (files: string[]) => boolean;
  } = {},
): Promise<FolderSummary> {
  const calls = folderCalls(dir, options.ready);
  const batch = options.batch ?? 200;
  const summary: FolderSummary = {
    accepted: 0,
    rejected: 0,
    rejects: [],
    audioStored: 0,
    audioRejects: [],
  };
  const reject = (call: FolderCall, reason: string) => {
    summary.rejected++;
    summary.rejects.push({ id: call.id, reason });
    move(dir, 'rejected', call.files);
    writeFileSync(join(dir, 'rejected', `${call.id}.reason.txt`), `${reason}\n`);
  };
  for (let from = 0; from < calls.length; from += batch) {
    const slice = calls.slice(from, from + batch);
    for (const call of slice) if (!call.record) reject(call, call.problem!);
    const ready = slice.filter((c) => c.record);
    if (ready.length > 0) {
      const report = await ingestRecords(
        ready.map((c) => c.record),
        service,
        caller,
        options.audio,
      );
      for (const outcome of report.results) {
        const call = ready[outcome.index]!;
        if (outcome.status === 'rejected') reject(call, `${outcome.field}: ${outcome.reason}`);
        else {
          summary.accepted++;
          let files = call.files;
          if (call.audio && options.audio) {
            try {
              const bytes = new Uint8Array(readFileSync(join(dir, call.audio)));
              await options.audio.attach(outcome.callId, bytes);
              summary.audioStored++;
            } catch (error) {
              const reason = `${call.audio}: ${(error as Error).message}`;
              summary.audioRejects.push({ id: call.id, reason });
              move(dir, 'rejected', [call.audio]);
              writeFileSync(join(dir, 'rejected', `${call.id}.audio-reason.txt`), `${reason}\n`);
              files = files.filter((f) => f !== call.audio);
            }
          }
          move(dir, 'done', files);
        }
      }
    }
    options.progress?.(Math.min(from + batch, calls.length), calls.length);
  }
  return summary;
}

function move(dir: string, to: 'done' | 'rejected', files: readonly string[]): void {
  const target = join(dir, to);
  if (!existsSync(target)) mkdirSync(target);
  for (const file of files) renameSync(join(dir, file), join(target, file));
}
