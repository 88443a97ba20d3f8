/**
 * Answers already in hand when a screen first renders: a read ahead (HttpSource.readAhead) that
 * arrived before the screen's body mounted. useQuery starts such a query ready, with its answer,
 * instead of rendering "loading" first and the answer one React render later (issue 18: with an
 * API the dashboard's four answers usually arrive before its body's first render, and that
 * extra render was about 100 ms of main-thread work at 1x).
 *
 * A source that holds answers offers `inHand`: the same methods, each returning the answer it
 * holds for exactly those arguments as a promise that says it has settled, else a promise that
 * never settles. Looking does not take the answer: the query's own call then takes it as usual.
 */
import type { CallDataSource } from './source.ts';

/** A data source that may hold answers for reads not yet asked (see above). */
export interface HoldsAnswers {
  readonly inHand?: CallDataSource;
}

type Marked<T> = Promise<T> & { inHand?: { value: T } };

/** Marks `answer` so that, once it has arrived, it says so synchronously (answerInHand). */
export function markArrival<T>(answer: Promise<T>): Promise<T> {
  answer.then(
    (value) => Object.assign(answer, { inHand: { value } }),
    () => undefined,
  );
  return answer;
}

/** The answer of a promise marked by markArrival that has arrived; undefined otherwise. */
export function arrived<T>(answer: Promise<T>): { value: T } | undefined {
  return (answer as Marked<T>).inHand;
}

/** A promise for "not in hand": it never settles, so a query's own chain never continues. */
export function notInHand<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

const NEVER_ABORTED = new AbortController().signal;

/**
 * The answer `run` would get from `source` right now, when the source holds it: `run` is called
 * with the source's view of its answers in hand and gives its answer only if it returns that
 * very promise (a query of one read, as the dashboard's are). Any other query waits as usual.
 */
export function answerInHand<T>(
  source: CallDataSource,
  run: (source: CallDataSource, signal: AbortSignal) => Promise<T>,
): { value: T } | undefined {
  const view = (source as HoldsAnswers).inHand;
  if (!view) return undefined;
  try {
    return arrived(run(view, NEVER_ABORTED));
  } catch {
    return undefined;
  }
}
