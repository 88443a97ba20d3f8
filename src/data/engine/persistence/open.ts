/** Opens the browser's store for one corpus, or says why there is none. */
import type { Corpus } from '../../corpus/corpus.ts';
import { openIndexedDbStore } from './indexed-db.ts';
import type { WriteStore } from './store.ts';

export async function openWriteStore(
  corpus: Corpus,
): Promise<{ store: WriteStore | null; unavailable?: string }> {
  if (typeof indexedDB === 'undefined')
    return { store: null, unavailable: 'this browser offers no IndexedDB' };
  try {
    return { store: await openIndexedDbStore(`callscope-writes-${corpus.seed}-${corpus.n}`) };
  } catch (error) {
    return {
      store: null,
      unavailable: `the browser refused storage (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}
