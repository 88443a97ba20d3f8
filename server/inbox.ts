/**
 * The inbox (SA_API_INBOX): a folder the running API server takes calls from, with the same
 * code and the same done/ and rejected/ moves as `npm run ingest` (ingest-folder.ts), through the
 * service's write path, so an ingested call is served as one sent to POST /v1/calls/batch.
 *
 * A file being copied in must not be taken half-written: a call is taken only when each of its
 * files (and metadata.csv, when the folder has one) is the same size and age as at the previous
 * look. Looks never overlap: the next is planned when the last has finished.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Caller } from './auth.ts';
import type { CallAudio } from './audio/index.ts';
import { ingestFolder, type FolderSummary } from './ingest-folder.ts';
import type { ApiService } from './service.ts';

export interface InboxWatcher {
  /** Resolves with what the next look took (tests wait on it instead of on a clock). */
  nextLook(): Promise<FolderSummary>;
  /** No more looks; resolves when the one under way (if any) has finished. */
  stop(): Promise<void>;
}

export interface InboxOptions {
  readonly dir: string;
  readonly everyS: number;
  readonly service: ApiService;
  readonly audio: CallAudio;
  readonly ingestScope: string;
}

/** Who the audit log names for calls the inbox took. */
export function inboxCaller(ingestScope: string): Caller {
  return {
    subject: 'system:inbox',
    name: 'inbox (SA_API_INBOX)',
    displayName: 'inbox',
    scopes: new Set([ingestScope]),
    roles: ['admin'],
  };
}

/** Each top-level file's size and modification time, by name. */
function fileStates(dir: string): Map<string, string> {
  const states = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    try {
      const { size, mtimeMs } = statSync(join(dir, entry.name));
      states.set(entry.name, `${size}:${mtimeMs}`);
    } catch {
      // Gone between the listing and the look: not there, so not ready.
    }
  }
  return states;
}

export function watchInbox(options: InboxOptions): InboxWatcher {
  const { dir, service, audio } = options;
  mkdirSync(dir, { recursive: true });
  const caller = inboxCaller(options.ingestScope);
  let previous = new Map<string, string>();
  let waiting: ((summary: FolderSummary) => void)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const look = async () => {
    const before = previous;
    const now = fileStates(dir);
    previous = now;
    const settled = (name: string) => now.has(name) && before.get(name) === now.get(name);
    const ready = (files: string[]) =>
      files.every(settled) && (!now.has('metadata.csv') || settled('metadata.csv'));
    const summary = await ingestFolder(dir, service, caller, { audio, ready });
    if (summary.accepted + summary.rejected > 0)
      console.log(`inbox ${dir}: ${summary.accepted} accepted, ${summary.rejected} rejected`);
    const heard = waiting;
    waiting = [];
    for (const resolve of heard) resolve(summary);
  };

  const plan = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = look()
        // A look that fails (the folder removed, a disk error) is told and the next one tries
        // again: the server goes on answering.
        .catch((error: unknown) => console.error(`inbox ${dir}: ${(error as Error).message}`))
        .finally(plan);
    }, options.everyS * 1000);
    timer.unref();
  };
  plan();

  return {
    nextLook: () => new Promise((resolve) => waiting.push(resolve)),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
