/**
 * Answers of the dashboard's reads (KPIs, aggregates, time series), kept for the state of the
 * data they were computed on, by the API server (server/service.ts) and by the page's data
 * worker (persistence/persisted-source.ts). Every user opening the dashboard asks the same few
 * questions (this month, last 30 days), and each is a scan of the calls: the second asker gets
 * the first one's answer, and two asking at once share one scan. In the worker, the page asks
 * them ahead while it renders (a screen's `readAhead`) and its own reads then join them.
 *
 * An answer is good only for the state it was read from. The owner calls `changed()` whenever
 * that state may move (a write starts or ends, a rule re-run starts or stops, the corpus is
 * restored or another tab's changes loaded): every kept answer is dropped, and a read that was
 * under way across the change is handed to its caller but not kept.
 */
export class AnswerCache {
  private readonly answers = new Map<string, Promise<unknown>>();

  constructor(private readonly capacity = 256) {}

  /** The data the answers were read from may have changed: forget them all. */
  changed(): void {
    this.answers.clear();
  }

  /** `read()`'s answer to `key`, from a read under way or done on the same state when there is one. */
  answer<T>(key: string, read: () => Promise<T>): Promise<T> {
    const kept = this.answers.get(key) as Promise<T> | undefined;
    if (kept) {
      // Most recently used last: the oldest entry is the one dropped when full.
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept;
    }
    const answer = read();
    this.answers.set(key, answer);
    if (this.answers.size > this.capacity) {
      this.answers.delete(this.answers.keys().next().value as string);
    }
    // A failure is not an answer (the next asker reads again). A read under way across a
    // change was dropped by changed() and is never put back.
    answer.catch(() => {
      if (this.answers.get(key) === answer) this.answers.delete(key);
    });
    return answer;
  }

  /** How many answers are kept (for tests and diagnostics). */
  get size(): number {
    return this.answers.size;
  }
}
