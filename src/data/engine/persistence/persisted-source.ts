/**
 * The embedded source with its writes kept in a WriteStore (IndexedDB in the browser), so a
 * reload loses nothing. On open the stored slices are restored (each checked whole; an unusable
 * one is dropped with a notice in `info().storage`) and history re-analysed once. Before each
 * write, and before reading what writes change, the store's revision is compared with the one
 * this source last saw: a change from another tab is loaded first, so a save based on a stale
 * version meets the newer one and is rejected as a conflict instead of overwriting it.
 */
import { signalOf } from '../../call-options.ts';
import { reanalyseAll } from '../../corpus/generate.ts';
import { CONTRACT, SOURCE_METHODS } from '../../http/contract.ts';
import type { CallDataSource, DataSourceMethod, StorageState } from '../../source.ts';
import { AnswerCache } from '../answer-cache.ts';
import type { EmbeddedSource } from '../embedded-source.ts';
import { PERSISTED_SLICES, recordImport, recordImportUndone } from './slices.ts';
import type { WriteStore } from './store.ts';

/** Methods that change stored state (the contract's writes): each is followed by a save. */
export const WRITE_METHODS: ReadonlySet<DataSourceMethod> = new Set<DataSourceMethod>(
  SOURCE_METHODS.filter((method) => CONTRACT[method].write),
);

/** Reads of what writes change: another tab's save is loaded before answering them. */
const FRESH_READS: ReadonlySet<DataSourceMethod> = new Set<DataSourceMethod>([
  'info',
  'schedules',
  'calendar',
  'rules',
  'ruleVersions',
  'ruleStats',
  'evaluationForms',
  'settings',
  'calibration',
  'reviewQueue',
  'savedSearches',
  'preferences',
  'inbox',
]);

/** The dashboard's reads: their answers are kept for the state they were read from. */
const KEPT_READS: ReadonlySet<DataSourceMethod> = new Set<DataSourceMethod>([
  'kpis',
  'aggregate',
  'timeSeries',
]);

const REVISION = 'revision';

export class PersistedSource {
  private revision: unknown = undefined;
  private readonly state: StorageState;
  /** Writes run one after another, each after the previous one's save. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Answers of KEPT_READS for the current state; dropped at every change. */
  private readonly answers = new AnswerCache();

  private constructor(
    private readonly inner: EmbeddedSource,
    private readonly store: WriteStore | null,
    notices: string[],
  ) {
    this.state = { persistent: store !== null, notices };
    inner.onRuleJobSettled = () => {
      // A re-run that ended (done, stopped or failed) leaves a state no kept answer was read from.
      this.answers.changed();
      return this.save();
    };
  }

  /** `store` null = the browser gave none (the reason goes in `unavailable`). */
  static async open(
    inner: EmbeddedSource,
    store: WriteStore | null,
    unavailable?: string,
  ): Promise<CallDataSource> {
    const notices = store
      ? []
      : [`Changes are kept only until the page is reloaded: ${unavailable ?? 'no storage'}.`];
    const persisted = new PersistedSource(inner, store, notices);
    await persisted.load();
    return persisted.asSource();
  }

  private asSource(): CallDataSource {
    const out = {} as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const method of SOURCE_METHODS) {
      const fn = (this.inner[method] as (...a: unknown[]) => Promise<unknown>).bind(this.inner);
      if (WRITE_METHODS.has(method)) out[method] = (...args) => this.write(method, fn, args);
      else if (KEPT_READS.has(method)) out[method] = (...args) => this.kept(method, fn, args);
      else if (method === 'info')
        out[method] = async () => {
          await this.sync();
          return { ...(await this.inner.info()), storage: structuredClone(this.state) };
        };
      else if (FRESH_READS.has(method))
        out[method] = async (...args) => {
          await this.sync();
          return fn(...args);
        };
      else out[method] = fn;
    }
    return out as unknown as CallDataSource;
  }

  /**
   * A dashboard read, answered from the answer kept for this state when there is one. Nothing
   * is kept during a rule re-run (the columns change step by step) nor for a caller with a
   * signal (a read it may stop).
   */
  private kept(
    method: DataSourceMethod,
    fn: (...a: unknown[]) => Promise<unknown>,
    args: unknown[],
  ): Promise<unknown> {
    if (this.inner.rerunning || signalOf(args)) return fn(...args);
    return this.answers.answer(`${method} ${JSON.stringify(args)}`, () => fn(...args));
  }

  /** A write: kept answers go before it starts and again when it ends, whatever its outcome. */
  private async changing(
    fn: (...a: unknown[]) => Promise<unknown>,
    args: unknown[],
  ): Promise<unknown> {
    this.answers.changed();
    try {
      return await fn(...args);
    } finally {
      this.answers.changed();
    }
  }

  private write(
    method: DataSourceMethod,
    fn: (...a: unknown[]) => Promise<unknown>,
    args: unknown[],
  ): Promise<unknown> {
    const run = async () => {
      await this.sync();
      const result = await this.changing(fn, args);
      if (method === 'importMetadata') {
        const request = args[0] as Parameters<CallDataSource['importMetadata']>[0];
        if ((result as { applied?: boolean }).applied) recordImport(this.inner.corpus, request);
        else return result;
      }
      if (method === 'undoMetadataImport') recordImportUndone(this.inner.corpus);
      await this.save();
      return result;
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => {});
    return next;
  }

  /** Loads another tab's saves when the stored revision is not the one last seen here. */
  private async sync(): Promise<void> {
    if (!this.store) return;
    let stored: unknown;
    try {
      stored = await this.store.read(REVISION);
    } catch {
      return; // unreadable store: keep working from memory
    }
    if (stored !== this.revision && !this.inner.rerunning) await this.load();
  }

  private async load(): Promise<void> {
    if (!this.store) return;
    let all: Record<string, unknown>;
    try {
      all = await this.store.readAll();
    } catch (error) {
      this.state.notices.push(`Saved changes could not be read: ${message(error)}.`);
      return;
    }
    const corpus = this.inner.corpus;
    const dropped: string[] = [];
    let restored = false;
    for (const slice of PERSISTED_SLICES) {
      if (!(slice.key in all)) continue;
      try {
        slice.restore(corpus, all[slice.key]);
        if (slice.changesCalls !== false) restored = true;
      } catch (error) {
        dropped.push(slice.key);
        this.state.notices.push(
          `Your saved ${slice.label} could not be read and were dropped (${message(error)}); the defaults are used instead.`,
        );
      }
    }
    if (restored) reanalyseAll(corpus);
    this.answers.changed();
    this.revision = all[REVISION];
    if (dropped.length > 0) await this.store.remove(dropped).catch(() => {});
  }

  private async save(): Promise<void> {
    if (!this.store) return;
    const corpus = this.inner.corpus;
    const entries: Record<string, unknown> = {};
    for (const slice of PERSISTED_SLICES) entries[slice.key] = slice.capture(corpus);
    const revision = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    entries[REVISION] = revision;
    try {
      await this.store.writeAll(entries);
      this.revision = revision;
    } catch (error) {
      this.state.persistent = false;
      this.state.notices.push(
        `The browser would not keep your last change (${message(error)}); it stays until the page is reloaded.`,
      );
    }
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
