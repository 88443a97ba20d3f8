/**
 * A parsed search expression (src/data/search/parse.ts) as ClickHouse SQL over the
 * `transcripts` table (store/transcript-table.ts): a condition on a call's words and, where it
 * is exact, the call's score as the matcher counts it (occurrences of the terms that made the
 * match, src/data/search/match.ts), so the database can count, rank and page the matches.
 *
 * A term (word, phrase, prefix, for one speaker or any) is exact: a substring of the speaker
 * columns, counted with countSubstrings (a call matches when the count is not 0), or word by
 * word when the phrase can overlap itself ("no no" occurs twice in "no no no"). Whole words
 * that cannot overlap are counted in the word codes when the codes are given, about a quarter
 * of the text to read (store/transcript-table.ts). AND, OR and NOT of exact parts are exact.
 * NEAR/n needs word positions: its condition is both sides present, a superset the matcher
 * confirms; a NOT over it narrows nothing.
 *
 * The token condition is coarser and cheap: whole words present in the text index (a phrase's
 * words anywhere in the column, a prefix's words before the last one), never excluding a match.
 */
import type { SearchNode, Speaker } from '../../src/data/search/parse.ts';
import { sqlString } from '../store/database.ts';
import { CODE_COLUMNS, SPEAKER_COLUMNS, codesText, wordsText } from '../store/transcript-table.ts';

export interface SearchSql {
  /**
   * True for every call that matches, and read from the text index alone (hasAllTokens): the
   * words each matching term needs, in its speaker's column; '1' where it cannot narrow.
   */
  readonly tokens: string;
  /** True for every call that matches (and, when exact, for no other). */
  readonly condition: string;
  /** Whether condition is the match exactly; score is the matcher's score only then. */
  readonly exact: boolean;
  /** Occurrences counted by the matcher (0 when the part does not match). */
  readonly score: string;
}

type Term = Extract<SearchNode, { type: 'term' }>;

const sum = (parts: string[]) => (parts.length === 1 ? parts[0]! : `(${parts.join(' + ')})`);
/** A condition every call meets: a part that narrows nothing. */
export const ANY = '1';
const all = (parts: string[]) =>
  parts.every((p) => p === ANY)
    ? ANY
    : parts
        .filter((p) => p !== ANY)
        .map((p) => `(${p})`)
        .join(' AND ');
const any = (parts: string[]) =>
  parts.includes(ANY) ? ANY : parts.map((p) => `(${p})`).join(' OR ');

/** The stored words' codes (store/transcript-table.ts wordCodes). */
type Codes = Map<string, string>;

export function searchSql(node: SearchNode, codes?: Codes): SearchSql {
  const part = (child: SearchNode) => searchSql(child, codes);
  switch (node.type) {
    case 'term':
      return termSql(node, codes);
    case 'and': {
      const parts = node.children.map(part);
      const condition = parts.map((p) => `(${p.condition})`).join(' AND ');
      return {
        tokens: all(parts.map((p) => p.tokens)),
        condition,
        exact: parts.every((p) => p.exact),
        score: `if(${condition}, ${sum(parts.map((p) => p.score))}, 0)`,
      };
    }
    case 'or': {
      // An unmatched part scores 0, so the sum is the matched parts' occurrences.
      const parts = node.children.map(part);
      return {
        tokens: any(parts.map((p) => p.tokens)),
        condition: parts.map((p) => `(${p.condition})`).join(' OR '),
        exact: parts.every((p) => p.exact),
        score: sum(parts.map((p) => p.score)),
      };
    }
    case 'not': {
      const child = part(node.child);
      // Words a call lacks say nothing about a negation: it narrows nothing.
      return child.exact
        ? { tokens: ANY, condition: `NOT (${child.condition})`, exact: true, score: '0' }
        : { tokens: ANY, condition: ANY, exact: false, score: '0' };
    }
    case 'near': {
      const [left, right] = [part(node.left), part(node.right)];
      return {
        tokens: all([left.tokens, right.tokens]),
        condition: all([left.condition, right.condition]),
        exact: false,
        score: '0',
      };
    }
  }
}

function termSql(term: Term, codes?: Codes): SearchSql {
  const speakers = term.speaker ? [term.speaker] : (Object.keys(SPEAKER_COLUMNS) as Speaker[]);
  const columns = speakers.map((s) => SPEAKER_COLUMNS[s]);
  // ` thank  you ` for a phrase; the last word's closing space left off for a prefix.
  const text = wordsText(term.words);
  const pattern = sqlString(term.prefix ? text.slice(0, -1) : text);
  const whole = term.prefix ? term.words.slice(0, -1) : term.words;
  const words = sqlString(whole.join(' '));
  const inCodes =
    codes && !term.prefix && !overlapsItself(term) ? codesText(codes, term.words) : undefined;
  const counts = speakers.map((s) => {
    // A word no call holds has no code: the term occurs nowhere.
    if (inCodes === null) return '0';
    if (inCodes !== undefined) return `countSubstrings(${CODE_COLUMNS[s]}, ${sqlString(inCodes)})`;
    const c = SPEAKER_COLUMNS[s];
    return overlapsItself(term) ? wordByWordCount(term, c) : `countSubstrings(${c}, ${pattern})`;
  });
  return {
    tokens:
      whole.length === 0 ? ANY : columns.map((c) => `hasAllTokens(${c}, ${words})`).join(' OR '),
    // The counts themselves, so the database reads each column's text once for both.
    condition: counts.map((count) => `${count} > 0`).join(' OR '),
    exact: true,
    score: sum(counts),
  };
}

/**
 * Whether two occurrences of the term can overlap (then countSubstrings, which counts
 * non-overlapping ones, would count fewer than the matcher): some shift s < n where the
 * phrase's words from s on are its first words again (the last one as a prefix, if it is one).
 */
export function overlapsItself(term: Pick<Term, 'words' | 'prefix'>): boolean {
  const { words, prefix } = term;
  const n = words.length;
  for (let s = 1; s < n; s++) {
    let fits = true;
    for (let k = 0; k + s < n && fits; k++) {
      const later = words[k + s]!;
      fits = k + s === n - 1 && prefix ? words[k]!.startsWith(later) : words[k] === later;
    }
    if (fits) return true;
  }
  return false;
}

/** Occurrences counted at every word position, as the matcher does (turn separators never match). */
function wordByWordCount(term: Term, column: string): string {
  const words = `splitByWhitespace(${column})`;
  const n = term.words.length;
  const shifted = term.words.map((_, k) =>
    k === 0 ? words : `arrayResize(arraySlice(${words}, ${k + 1}), length(${words}), '')`,
  );
  const tests = term.words.map((w, k) =>
    k === n - 1 && term.prefix ? `startsWith(w${k}, ${sqlString(w)})` : `w${k} = ${sqlString(w)}`,
  );
  const params = term.words.map((_, k) => `w${k}`).join(', ');
  return `arrayCount((${params}) -> ${tests.join(' AND ')}, ${shifted.join(', ')})`;
}
