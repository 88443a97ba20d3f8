/**
 * The moment a write happens, as the engine stamps it on rule versions, imports, undos and
 * evaluation steps. Normally now; the API server names it: the moment it logs with the write,
 * and, when it replays its write log on start, each write's logged moment, so a restart never
 * rewrites history. Kept per corpus, so two sources in one process never see each other's.
 */
const writing = new WeakMap<object, string>();

export function writeTime(corpus: object): string {
  return writing.get(corpus) ?? new Date().toISOString();
}

/** Runs one write as made at `at` (an ISO time). */
export async function writingAt<T>(corpus: object, at: string, run: () => Promise<T>): Promise<T> {
  writing.set(corpus, at);
  try {
    return await run();
  } finally {
    writing.delete(corpus);
  }
}
