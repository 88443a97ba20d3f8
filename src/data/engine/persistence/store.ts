/**
 * Where the demo source keeps its writes between page loads. An interface so the engine can be
 * tested with the in-memory store and the worker can use IndexedDB (indexed-db.ts).
 */
export interface WriteStore {
  /** Every stored value by key (an empty object when nothing is stored). */
  readAll(): Promise<Record<string, unknown>>;
  /** Reads one value (undefined when absent): the revision check before a write. */
  read(key: string): Promise<unknown>;
  /** Writes every entry in one transaction: all are stored or none. */
  writeAll(entries: Record<string, unknown>): Promise<void>;
  /** Removes keys (a value found corrupt). */
  remove(keys: readonly string[]): Promise<void>;
}

/** A store in memory: tests, and the fallback when the browser offers no IndexedDB. */
export function memoryStore(initial: Record<string, unknown> = {}): WriteStore & {
  readonly data: Map<string, unknown>;
} {
  const data = new Map<string, unknown>(Object.entries(initial));
  // Values are copied in and out, as IndexedDB's structured clone does.
  const copy = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
  return {
    data,
    async readAll() {
      return Object.fromEntries([...data].map(([k, v]) => [k, copy(v)]));
    },
    async read(key) {
      return copy(data.get(key));
    },
    async writeAll(entries) {
      for (const [k, v] of Object.entries(entries)) data.set(k, copy(v));
    },
    async remove(keys) {
      for (const k of keys) data.delete(k);
    },
  };
}
