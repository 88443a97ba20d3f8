/**
 * The keyword expression language of transcript search:
 *
 *   expr    := or
 *   or      := and ('OR' and)*
 *   and     := unary (['AND'] unary)*          adjacent terms are ANDed
 *   unary   := 'NOT' unary | '-' unary | near
 *   near    := primary ('NEAR' ['/' n] primary)*   within n words (default 10), either order
 *   primary := [speaker ':'] ( '(' expr ')' | '"phrase"' | word | word* )
 *   speaker := AGENT | CUSTOMER | IVR                applies to everything inside it
 *
 * Operators are upper-case; lower-case and/or/not are ordinary words. Words are matched
 * case-insensitively on whole words; a trailing * matches any ending.
 */
import { tokenize } from '../text/tokenize.ts';

export type Speaker = 'AGENT' | 'CUSTOMER' | 'IVR';

export type SearchNode =
  | { type: 'term'; words: string[]; prefix: boolean; speaker: Speaker | null; text: string }
  | { type: 'and'; children: SearchNode[] }
  | { type: 'or'; children: SearchNode[] }
  | { type: 'not'; child: SearchNode }
  | { type: 'near'; left: SearchNode; right: SearchNode; distance: number };

export class SearchSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position + 1}`);
    this.name = 'SearchSyntaxError';
  }
}

type Token =
  | { kind: 'word'; value: string; pos: number; prefix: boolean }
  | { kind: 'phrase'; value: string; pos: number }
  | { kind: 'op'; value: 'AND' | 'OR' | 'NOT' | 'NEAR'; pos: number; distance?: number }
  | { kind: 'speaker'; value: Speaker; pos: number }
  | { kind: '(' | ')' | '-'; pos: number };

export const DEFAULT_NEAR = 10;
const SPEAKERS = new Set(['AGENT', 'CUSTOMER', 'IVR']);

function lex(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch, pos: i++ });
    } else if (ch === '-' && (tokens.length === 0 || /\s|\(/.test(input[i - 1] ?? ' '))) {
      tokens.push({ kind: '-', pos: i++ });
    } else if (ch === '"' || ch === '“' || ch === '”') {
      const end = input.slice(i + 1).search(/["“”]/);
      if (end < 0) throw new SearchSyntaxError('Unclosed quote', i);
      tokens.push({ kind: 'phrase', value: input.slice(i + 1, i + 1 + end), pos: i });
      i += end + 2;
    } else {
      const m = /^[^\s()"“”]+/.exec(input.slice(i))!;
      let word = m[0];
      const pos = i;
      i += word.length;
      const speaker = /^([A-Z]+):(.*)$/.exec(word);
      if (speaker && SPEAKERS.has(speaker[1]!)) {
        tokens.push({ kind: 'speaker', value: speaker[1] as Speaker, pos });
        word = speaker[2]!;
        if (word === '') continue;
        i = pos + speaker[1]!.length + 1 + word.length;
      }
      const near = /^NEAR(?:\/(\d+))?$/.exec(word);
      if (word === 'AND' || word === 'OR' || word === 'NOT')
        tokens.push({ kind: 'op', value: word, pos });
      else if (near)
        tokens.push({
          kind: 'op',
          value: 'NEAR',
          pos,
          distance: near[1] ? Number(near[1]) : DEFAULT_NEAR,
        });
      else
        tokens.push({
          kind: 'word',
          value: word.replace(/\*$/, ''),
          pos,
          prefix: word.endsWith('*') && word.length > 1,
        });
    }
  }
  return tokens;
}

export function parseSearchExpression(input: string): SearchNode {
  const tokens = lex(input);
  let k = 0;
  const peek = () => tokens[k];
  const fail = (message: string): never => {
    throw new SearchSyntaxError(message, peek()?.pos ?? input.length);
  };
  const isOp = (value: string) => {
    const t = peek();
    return t?.kind === 'op' && t.value === value;
  };
  const startsPrimary = () => {
    const t = peek();
    return (
      t !== undefined &&
      (t.kind === 'word' ||
        t.kind === 'phrase' ||
        t.kind === 'speaker' ||
        t.kind === '(' ||
        t.kind === '-' ||
        (t.kind === 'op' && t.value === 'NOT'))
    );
  };

  function or(speaker: Speaker | null): SearchNode {
    const children = [and(speaker)];
    while (isOp('OR')) {
      k++;
      children.push(and(speaker));
    }
    return children.length === 1 ? children[0]! : { type: 'or', children };
  }
  function and(speaker: Speaker | null): SearchNode {
    const children = [unary(speaker)];
    for (;;) {
      if (isOp('AND')) {
        k++;
        children.push(unary(speaker));
      } else if (startsPrimary()) {
        children.push(unary(speaker));
      } else break;
    }
    return children.length === 1 ? children[0]! : { type: 'and', children };
  }
  function unary(speaker: Speaker | null): SearchNode {
    const t = peek();
    if ((t?.kind === 'op' && t.value === 'NOT') || t?.kind === '-') {
      k++;
      return { type: 'not', child: unary(speaker) };
    }
    return near(speaker);
  }
  function near(speaker: Speaker | null): SearchNode {
    let left = primary(speaker);
    while (isOp('NEAR')) {
      const op = peek() as Extract<Token, { kind: 'op' }>;
      k++;
      left = { type: 'near', left, right: primary(speaker), distance: op.distance ?? DEFAULT_NEAR };
    }
    return left;
  }
  function primary(speaker: Speaker | null): SearchNode {
    const t = peek();
    if (!t) return fail('Expected a word, a "phrase" or (');
    if (t.kind === 'speaker') {
      k++;
      return primary(t.value);
    }
    if (t.kind === '(') {
      k++;
      const inner = or(speaker);
      if (peek()?.kind !== ')') fail('Expected )');
      k++;
      return inner;
    }
    if (t.kind === 'phrase' || t.kind === 'word') {
      k++;
      const words = tokenize(t.value).map((w) => w.word);
      if (words.length === 0) {
        throw new SearchSyntaxError(
          t.kind === 'phrase' ? 'Empty phrase' : `"${t.value}" has no letters or digits`,
          t.pos,
        );
      }
      return { type: 'term', words, prefix: t.kind === 'word' && t.prefix, speaker, text: t.value };
    }
    return fail(
      t.kind === ')' ? 'Unexpected )' : `Unexpected ${t.kind === 'op' ? t.value : t.kind}`,
    );
  }

  if (tokens.length === 0)
    throw new SearchSyntaxError('Enter a word or a "phrase" to search for', 0);
  const tree = or(null);
  if (k < tokens.length) fail(peek()!.kind === ')' ? 'Unexpected )' : 'Unexpected input');
  if (!hasPositiveTerm(tree))
    throw new SearchSyntaxError('A search needs at least one term that is not negated', 0);
  return tree;
}

function hasPositiveTerm(node: SearchNode): boolean {
  switch (node.type) {
    case 'term':
      return true;
    case 'not':
      return false;
    case 'near':
      return true;
    default:
      return node.children.some(hasPositiveTerm);
  }
}
