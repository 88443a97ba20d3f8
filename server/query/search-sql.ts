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
import {
  CODE_COLUMNS,
  POSITION_BITS,
  SPEAKER_COLUMNS,
  SPEAKER_SHIFT,
  codesText,
  speakerNumber,
  wordsText,
} from '../store/transcript-table.ts';

/** The position bits of a place (store/transcript-table.ts place()). */
const POSITION_MASK = (1 << POSITION_BITS) - 1;

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

/**
 * An expression over the postings (store/transcript-table.ts): the calls holding its words,
 * one row per call with each word's places in a column (placesOf), decided and scored exactly
 * as the matcher does, NEAR/n included: a phrase is a run of places (counted at every start, so
 * phrases that overlap themselves too), a speaker is the places' top bits, and NEAR measures
 * the positions the places hold.
 */
export interface PostingsSql {
  /** The word numbers whose postings are read (none: no call holds a word it needs). */
  readonly codes: number[];
  /** Those every matching call holds (none: a call may hold any of them alone). */
  readonly required: number[];
  /** Columns computed from the places before the condition: `name` AS expression. */
  readonly arrays: string[];
  /** True for every call that matches and for no other. */
  readonly condition: string;
  /** Occurrences counted by the matcher. */
  readonly score: string;
}

/** The column holding word number `code`'s places in a call (empty if the call lacks it). */
export const placesOf = (code: number) => `p${code}`;

/**
 * The expression over the postings, or null where they cannot decide it: prefixes (any word
 * with that start), NEAR/n of more than two terms, and expressions a call without any of
 * their words can match (NOT alone in an OR), whose calls are not all in the postings.
 */
export function postingsSql(node: SearchNode, numbers: Map<string, number>): PostingsSql | null {
  if (!needsWord(node)) return null;
  const found = { codes: new Set<number>(), arrays: [] as string[] };
  const part = postingsPart(node, numbers, found);
  return (
    part && {
      codes: [...found.codes],
      required: [...part.required],
      arrays: found.arrays,
      condition: part.condition,
      score: part.score,
    }
  );
}

/** Whether every call that matches holds a word of the expression. */
function needsWord(node: SearchNode): boolean {
  switch (node.type) {
    case 'term':
      return node.words.length > 0;
    case 'and':
      return node.children.some(needsWord);
    case 'or':
      return node.children.every(needsWord);
    case 'not':
      return false;
    case 'near':
      return true;
  }
}

type Found = { codes: Set<number>; arrays: string[] };
type Part = { condition: string; score: string; required: Set<number> };

const union = (sets: Set<number>[]) => new Set(sets.flatMap((s) => [...s]));
const intersection = ([first, ...rest]: Set<number>[]) =>
  new Set([...first!].filter((c) => rest.every((s) => s.has(c))));

function postingsPart(node: SearchNode, numbers: Map<string, number>, found: Found): Part | null {
  const parts = (children: SearchNode[]) => {
    const all = children.map((c) => postingsPart(c, numbers, found));
    return all.every((p) => p !== null) ? all : null;
  };
  switch (node.type) {
    case 'term': {
      const ends = termEnds(node, numbers, found);
      if (ends === undefined) return null;
      const count = ends === null ? '0' : `length(${ends})`;
      return { condition: `${count} > 0`, score: count, required: termCodes(node, numbers) };
    }
    case 'and': {
      const all = parts(node.children);
      if (!all) return null;
      const condition = all.map((p) => `(${p.condition})`).join(' AND ');
      return {
        condition,
        score: `if(${condition}, ${sum(all.map((p) => p.score))}, 0)`,
        required: union(all.map((p) => p.required)),
      };
    }
    case 'or': {
      const all = parts(node.children);
      if (!all) return null;
      return {
        condition: all.map((p) => `(${p.condition})`).join(' OR '),
        score: sum(all.map((p) => p.score)),
        required: intersection(all.map((p) => p.required)),
      };
    }
    case 'not': {
      const child = postingsPart(node.child, numbers, found);
      return child && { condition: `NOT (${child.condition})`, score: '0', required: new Set() };
    }
    case 'near':
      return nearPart(node, numbers, found);
  }
}

/**
 * NEAR/n of two terms: an occurrence of either side is used when one of the other's is at most
 * n words away (the gap between them, 0 when they overlap), and the score counts the used
 * occurrences of both sides, as the matcher does.
 */
function nearPart(
  node: Extract<SearchNode, { type: 'near' }>,
  numbers: Map<string, number>,
  found: Found,
): Part | null {
  const { left, right, distance } = node;
  if (left.type !== 'term' || right.type !== 'term') return null;
  const [a, b] = [termEnds(left, numbers, found), termEnds(right, numbers, found)];
  if (a === undefined || b === undefined) return null;
  if (a === null || b === null) return { condition: '0', score: '0', required: new Set() };
  // The sides' start positions, computed once per call before the pairs are compared.
  const k = found.arrays.length;
  const starts = (ends: string, term: Term) =>
    `arrayMap(e -> toInt32(bitAnd(e, ${POSITION_MASK})) - ${term.words.length - 1}, ${ends})`;
  found.arrays.push(`${starts(a, left)} AS near${k}`, `${starts(b, right)} AS near${k + 1}`);
  const gap = `greatest(y - x - ${left.words.length}, x - y - ${right.words.length}, 0) <= ${distance}`;
  const leftUsed = `arrayCount(x -> arrayExists(y -> ${gap}, near${k + 1}), near${k})`;
  const rightUsed = `arrayCount(y -> arrayExists(x -> ${gap}, near${k}), near${k + 1})`;
  return {
    condition: `${leftUsed} > 0`,
    score: `(${leftUsed} + ${rightUsed})`,
    required: union([termCodes(left, numbers), termCodes(right, numbers)]),
  };
}

/** A term's word numbers, if every word is stored (else it occurs nowhere and needs none). */
function termCodes(term: Term, numbers: Map<string, number>): Set<number> {
  const codes = term.words.map((w) => numbers.get(w));
  return codes.every((c) => c !== undefined) ? new Set(codes) : new Set();
}

/**
 * The places where a term's occurrences end (its last word's), as an array expression: the
 * places of each word shifted to where the phrase would end, intersected (no lambda reads
 * another word's places, which ClickHouse would copy for every element); null when a word is
 * in no call (the term occurs nowhere); undefined when the postings cannot tell (a prefix).
 */
function termEnds(term: Term, numbers: Map<string, number>, found: Found) {
  if (term.prefix || term.words.length === 0) return undefined;
  const codes = term.words.map((w) => numbers.get(w));
  if (codes.some((c) => c === undefined)) return null;
  for (const c of codes) found.codes.add(c!);
  const last = codes.length - 1;
  const shifted = codes.map((c, k) =>
    k === last ? placesOf(c!) : `arrayMap(e -> e + ${last - k}, ${placesOf(c!)})`,
  );
  const ends = shifted.length === 1 ? shifted[0]! : `arrayIntersect(${shifted.join(', ')})`;
  return term.speaker
    ? `arrayFilter(e -> bitShiftRight(e, ${SPEAKER_SHIFT}) = ${speakerNumber(term.speaker)}, ${ends})`
    : ends;
}
