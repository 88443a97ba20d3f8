/**
 * A turn's words as redaction reads them: each space-separated token with its place in the
 * text, its core (the token without surrounding punctuation, lower case) and the digits it
 * says when it says some ("4111", "four", "oh", "twenty-six", "double" followed by a digit).
 */

export interface Token {
  /** Index among the turn's space-separated words (the word index spans refer to). */
  index: number;
  start: number;
  end: number;
  /** Lower case, surrounding punctuation removed: "1111," → "1111", "Oh." → "oh". */
  core: string;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(/\S+/g)) {
    const raw = m[0];
    tokens.push({
      index: tokens.length,
      start: m.index!,
      end: m.index! + raw.length,
      core: raw.toLowerCase().replace(/^[("'“‘[]+|[)"'”’\].,;:!?]+$/g, ''),
    });
  }
  return tokens;
}

const ONES: Record<string, string> = {
  zero: '0',
  oh: '0',
  o: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
const TEENS: Record<string, string> = {
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
};
const TENS: Record<string, string> = {
  twenty: '2',
  thirty: '3',
  forty: '4',
  fifty: '5',
  sixty: '6',
  seventy: '7',
  eighty: '8',
  ninety: '9',
};
const REPEAT: Record<string, number> = { double: 2, triple: 3 };

/** "0" by its spoken names only counts beside other digits ("oh I see" is not a zero). */
const WEAK_ZERO = new Set(['oh', 'o']);

/**
 * The digits a run of tokens from `from` says, as far as it goes: each entry is one token
 * and its digits. "double four" is one entry of two tokens ("44"); "forty one" one entry
 * ("41"); "4111-1111" one entry ("41111111").
 */
export interface DigitPiece {
  first: number;
  last: number;
  digits: string;
  /** A spoken zero ("oh", "o") that needs digit neighbours to count. */
  weak: boolean;
}

/** Written with a leading "+" (an international phone number). */
export const isPlus = (t: Token) => t.core.startsWith('+');
/** Written with a slash ("09/27": an expiry date). */
export const hasSlash = (t: Token) => t.core.includes('/');

export function digitPiece(tokens: readonly Token[], k: number): DigitPiece | null {
  const core = tokens[k]?.core;
  if (core === undefined) return null;
  // Written digits, grouped by hyphens, dots or slashes inside one token ("4111-1111", "(555)").
  if (/^\+?\(?\d[\d\-./)]*$/.test(core)) {
    const digits = core.replace(/\D/g, '');
    if (digits) return { first: k, last: k, digits, weak: false };
  }
  if (core in ONES) return { first: k, last: k, digits: ONES[core]!, weak: WEAK_ZERO.has(core) };
  if (core in TEENS) return { first: k, last: k, digits: TEENS[core]!, weak: false };
  const hyphenTens = /^(\w+)-(\w+)$/.exec(core);
  if (hyphenTens && hyphenTens[1]! in TENS && hyphenTens[2]! in ONES && hyphenTens[2] !== 'oh')
    return {
      first: k,
      last: k,
      digits: TENS[hyphenTens[1]!]! + ONES[hyphenTens[2]!]!,
      weak: false,
    };
  if (core in TENS) {
    const next = tokens[k + 1]?.core;
    if (next && next in ONES && !WEAK_ZERO.has(next) && next !== 'zero')
      return { first: k, last: k + 1, digits: TENS[core]! + ONES[next]!, weak: false };
    return { first: k, last: k, digits: `${TENS[core]!}0`, weak: false };
  }
  if (core in REPEAT) {
    const next = digitPiece(tokens, k + 1);
    if (next && next.digits.length === 1)
      return { first: k, last: next.last, digits: next.digits.repeat(REPEAT[core]!), weak: false };
  }
  return null;
}

/** Words a caller says between the groups of a number without ending it. */
export const FILLERS = new Set([
  'uh',
  'um',
  'er',
  'erm',
  'ah',
  'and',
  'then',
  'dash',
  'hyphen',
  'space',
  'okay',
  'ok',
  'yes',
  'yeah',
  'so',
  'right',
  'next',
  'is',
  "it's",
  'its',
  'the',
  'last',
  'rest',
  'are',
  'sorry',
  '-',
]);
