/**
 * Retention (SA_API_RETENTION_DAYS): calls that started longer ago than the deployment keeps
 * them are deleted with their recordings, at start and then once a day. Each goes through the
 * contract's deleteCalls on the service's write path, as DELETE /v1/calls/{id} does, so its
 * derived rows go with it and the audit log has the row, with the system as the actor.
 */
import type { Caller } from './auth.ts';
import type { CallAudio } from './audio/index.ts';
import { callId } from '../src/data/corpus/corpus.ts';
import type { CallDeletionResult } from '../src/data/source.ts';
import type { ApiService } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionOptions {
  readonly days: number;
  readonly service: ApiService;
  readonly audio: CallAudio;
  readonly ingestScope: string;
}

export interface Retention {
  /** The latest run (the one at start until a day has passed): the product's ids it deleted. */
  readonly latest: Promise<string[]>;
  /** No more runs; resolves when the one under way (if any) has finished. */
  stop(): Promise<void>;
}

/** Who the audit log names for calls retention deleted: the system, not a user. */
export function retentionCaller(ingestScope: string): Caller {
  return {
    subject: 'system:retention',
    name: 'retention (SA_API_RETENTION_DAYS)',
    displayName: 'retention',
    scopes: new Set([ingestScope]),
    roles: ['admin'],
  };
}

/** The product's ids of live calls that started before `cutoffMs`. */
export function callsStartedBefore(service: ApiService, cutoffMs: number): string[] {
  const corpus = service.corpus;
  const deleted = corpus.ingested?.deleted;
  const out: string[] = [];
  for (let i = 0; i < corpus.n; i++)
    if (corpus.cols.startMs[i]! < cutoffMs && !deleted?.has(i)) out.push(callId(i));
  return out;
}

/** Deletes the calls older than `days` before `nowMs`, with their recordings, one by one. */
export async function applyRetention(
  options: RetentionOptions,
  nowMs = Date.now(),
  stopped: () => boolean = () => false,
): Promise<string[]> {
  const caller = retentionCaller(options.ingestScope);
  const deleted: string[] = [];
  for (const id of callsStartedBefore(options.service, nowMs - options.days * DAY_MS)) {
    // A stopping server does not wait for the rest: the next run deletes them.
    if (stopped()) break;
    const result = (await options.service.call(
      'deleteCalls',
      [{ callId: id }],
      caller,
    )) as CallDeletionResult;
    for (const gone of result.deleted) {
      await options.audio.remove(gone);
      deleted.push(gone);
    }
  }
  return deleted;
}

export function startRetention(options: RetentionOptions): Retention {
  let stopping = false;
  const run = () =>
    applyRetention(options, Date.now(), () => stopping).then(
      (deleted) => {
        if (deleted.length > 0)
          console.log(`retention: ${deleted.length} calls older than ${options.days} days deleted`);
        return deleted;
      },
      // A failed run is told and tried again the next day: the server goes on answering.
      (error: unknown) => {
        console.error(`retention: ${(error as Error).message}`);
        return [];
      },
    );
  let latest = run();
  const daily = setInterval(() => {
    latest = latest.then(run);
  }, DAY_MS);
  daily.unref();
  return {
    get latest() {
      return latest;
    },
    async stop() {
      stopping = true;
      clearInterval(daily);
      await latest;
    },
  };
}
