/**
 * Words of a transcript for phrase rules and keyword search: lower-case runs of letters, digits
 * and apostrophes, with their character offsets so hits can be highlighted. Results are cached
 * per distinct text because transcripts repeat the same scripted lines across many calls.
 */
export interface Token {
  word: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const cache = new Map<string, Token[]>();
const CACHE_LIMIT = 50_000;

export function tokenize(text: string): Token[] {
  const hit = cache.get(text);
  if (hit) return hit;
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    tokens.push({
      word: m[0].toLowerCase().replace('’', "'"),
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, tokens);
  return tokens;
}

/** The words of a phrase, as tokenize sees them. */
export function phraseWords(phrase: string): string[] {
  return tokenize(phrase).map((t) => t.word);
}

/** Token positions where `words` occur consecutively. */
export function findPhrase(tokens: readonly Token[], words: readonly string[]): number[] {
  const found: number[] = [];
  if (words.length === 0) return found;
  outer: for (let i = 0; i + words.length <= tokens.length; i++) {
    for (let k = 0; k < words.length; k++) {
      if (tokens[i + k]!.word !== words[k]) continue outer;
    }
    found.push(i);
  }
  return found;
}
