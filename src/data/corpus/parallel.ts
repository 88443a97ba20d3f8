/**
 * Generating the corpus with helper workers: each helper builds slices (see SLICES in
 * generate.ts) and sends back their pass-1 columns; the caller joins them in order and runs
 * the cross-call pass. The result is identical to generateCorpus (a unit test checks it).
 */
import type { Corpus } from './corpus.ts';
import {
  SLICES,
  completeCorpus,
  generateSlice,
  prepareCorpus,
  type GenerateOptions,
  type SliceResult,
} from './generate.ts';

type Column = Corpus['cols'][keyof Corpus['cols']];

/** Columns a slice fills; start times are recomputed by everyone, the rest is pass 2. */
const PASS2 = new Set([
  'startMs',
  'followedByRepeat',
  'repeatCall',
  'repeatPending',
  'contactsIn30Days',
  'sameDayDials',
  'churnScore',
  'churnLevel',
  'fakeScore',
  'fake',
  'lead',
]);

function width(corpus: Corpus, column: Column): number {
  return column.length / corpus.n;
}

export interface SliceMessage {
  result: SliceResult;
  columns: Record<string, Column>;
}

/** The slice's pass-1 columns, copied out so their buffers can be transferred. */
export function sliceColumns(corpus: Corpus, result: SliceResult): Record<string, Column> {
  const out: Record<string, Column> = {};
  for (const [name, column] of Object.entries(corpus.cols) as [string, Column][]) {
    if (PASS2.has(name)) continue;
    const w = width(corpus, column);
    out[name] = column.slice(result.from * w, result.to * w) as Column;
  }
  return out;
}

export function applySliceColumns(corpus: Corpus, message: SliceMessage): void {
  const cols = corpus.cols as unknown as Record<string, Column>;
  for (const [name, part] of Object.entries(message.columns)) {
    const column = cols[name];
    if (!column) throw new Error(`unknown column ${name} from a slice`);
    (column as Float64Array).set(part as Float64Array, message.result.from * width(corpus, column));
  }
}

/** What a helper does with one request (also usable in-process). */
export function buildSliceMessage(options: GenerateOptions, k: number): SliceMessage {
  const corpus = prepareCorpus(options);
  const result = generateSlice(corpus, k);
  return { result, columns: sliceColumns(corpus, result) };
}

/** A helper: send it (options, slice number), get the slice back. */
export type SliceRunner = (options: GenerateOptions, k: number) => Promise<SliceMessage>;

/**
 * Generates the slices through the runners (one slice at a time per runner) and joins them.
 * Any failure rejects; the caller can fall back to generateCorpus.
 */
export async function generateCorpusParallel(
  options: GenerateOptions,
  runners: readonly SliceRunner[],
): Promise<Corpus> {
  const started = performance.now();
  if (runners.length === 0) throw new Error('generateCorpusParallel needs at least one runner');
  // Helpers get the day and the moment resolved here, so they build the same start times
  // (and a run across midnight still builds one corpus).
  const now = options.now ?? Date.now();
  const corpus = prepareCorpus({ ...options, now });
  const pinned = { ...options, day: corpus.day, now };
  const results: SliceResult[] = [];
  let next = 0;
  await Promise.all(
    runners.map(async (run) => {
      while (next < SLICES) {
        const k = next++;
        const message = await run(pinned, k);
        applySliceColumns(corpus, message);
        results.push(message.result);
      }
    }),
  );
  return completeCorpus(corpus, results, started);
}
