/**
 * A 512-bit Bloom filter of the words a call says, kept per call so keyword search can skip
 * calls that cannot match without rebuilding their transcripts. Two bits per word; no false
 * negatives, so search results are exactly those of a full scan.
 */
import { tokenize } from './tokenize.ts';

export const BLOOM_WORDS = 16;
const BITS = BLOOM_WORDS * 32;

export function wordHash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function setWord(bloom: Uint32Array, offset: number, word: string): void {
  const h = wordHash(word);
  const a = h % BITS;
  const b = (h >>> 9) % BITS;
  bloom[offset + (a >>> 5)]! |= 1 << (a & 31);
  bloom[offset + (b >>> 5)]! |= 1 << (b & 31);
}

export function hasWord(bloom: Uint32Array, offset: number, word: string): boolean {
  const h = wordHash(word);
  const a = h % BITS;
  const b = (h >>> 9) % BITS;
  return (
    (bloom[offset + (a >>> 5)]! & (1 << (a & 31))) !== 0 &&
    (bloom[offset + (b >>> 5)]! & (1 << (b & 31))) !== 0
  );
}

const memo = new Map<string, Uint32Array>();

/** The filter of one line, memoised: scripted lines repeat across calls. */
export function lineBloom(text: string): Uint32Array {
  let bloom = memo.get(text);
  if (!bloom) {
    bloom = new Uint32Array(BLOOM_WORDS);
    for (const t of tokenize(text)) setWord(bloom, 0, t.word);
    if (memo.size > 100_000) memo.clear();
    memo.set(text, bloom);
  }
  return bloom;
}

/** Writes the filter of a whole transcript into target at call * BLOOM_WORDS. */
export function writeCallBloom(
  target: Uint32Array,
  call: number,
  texts: readonly { text: string }[],
): void {
  const offset = call * BLOOM_WORDS;
  target.fill(0, offset, offset + BLOOM_WORDS);
  for (const s of texts) {
    const line = lineBloom(s.text);
    for (let w = 0; w < BLOOM_WORDS; w++) target[offset + w]! |= line[w]!;
  }
}
