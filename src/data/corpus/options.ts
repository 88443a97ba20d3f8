/**
 * What names a demo corpus: the page asks the worker for one (worker/protocol.ts) and the kept
 * copy is keyed by it (engine/persistence/corpus-cache.ts). A leaf, so the engine needs no
 * worker module to know it.
 */
export interface CorpusOptions {
  /** Seed of the synthetic corpus; same seed, same data. */
  seed: number;
  /** Number of calls, 1..200,000. */
  calls: number;
  /** The last day with calls (UTC, YYYY-MM-DD); today when not set. */
  day: string;
}
