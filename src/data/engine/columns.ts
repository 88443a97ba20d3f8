/**
 * Where the words of each word column (../columns.ts) come from in a corpus: the cast, the
 * dictionaries the data brought, or the catalog. Fixed words are in the column's entry.
 */
import { CALL_COLUMNS, type FixedWordColumnName, type WordColumnName } from '../columns.ts';
import { DISPOSITIONS } from '../../domain/dispositions/index.ts';
import type { Corpus } from '../corpus/corpus.ts';

export interface Words {
  /** What the column's filter takes and its dimension's rows are keyed by, by index. */
  keys: readonly string[];
  labels: readonly string[];
  /**
   * The corpus's own list, when new words can join it (a metadata import bringing a queue the
   * data had not seen); the same array as keys.
   */
  open?: string[];
}

const fromData = (list: string[]): Words => ({ keys: list, labels: list, open: list });

const WORDS_IN_DATA: Record<Exclude<WordColumnName, FixedWordColumnName>, (c: Corpus) => Words> = {
  vendor: (corpus) => ({
    keys: corpus.cast.vendors.map((v) => v.id),
    labels: corpus.cast.vendors.map((v) => v.name),
  }),
  agent: (corpus) => ({
    keys: corpus.cast.agents.map((a) => a.id),
    labels: corpus.cast.agents.map((a) => a.name),
  }),
  team: (corpus) => ({ keys: corpus.cast.teams, labels: corpus.cast.teams }),
  site: (corpus) => ({ keys: corpus.cast.sites, labels: corpus.cast.sites }),
  queue: (corpus) => fromData(corpus.queues),
  brand: (corpus) => fromData(corpus.brands),
  product: (corpus) => fromData(corpus.products),
  language: (corpus) => fromData(corpus.languages),
  topic: (corpus) => ({ keys: corpus.topics, labels: corpus.topics }),
  disposition: () => ({
    keys: DISPOSITIONS.map((d) => d.code),
    labels: DISPOSITIONS.map((d) => d.label),
  }),
};

/** The words of a word column in this corpus. */
export function columnWords(corpus: Corpus, name: WordColumnName): Words {
  const spec = CALL_COLUMNS[name];
  if ('values' in spec) {
    return { keys: spec.values, labels: 'valueLabels' in spec ? spec.valueLabels : spec.values };
  }
  return WORDS_IN_DATA[name as Exclude<WordColumnName, FixedWordColumnName>](corpus);
}

/**
 * The words of an open column (one new words can join) that some call has now. A metadata
 * import adds its new words to the list and an undo puts the calls' old values back without
 * taking the words out (codes must stay stable), so filter lists are read from the calls.
 */
export function wordsInUse(
  corpus: Corpus,
  name: 'queue' | 'brand' | 'product' | 'language',
): string[] {
  const words = columnWords(corpus, name).keys;
  const column = corpus.cols[CALL_COLUMNS[name].column];
  const used = new Uint8Array(words.length);
  for (let i = 0; i < corpus.n; i++) used[column[i]!] = 1;
  return words.filter((_, k) => used[k] === 1);
}
