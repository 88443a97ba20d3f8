import { type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { Finding, Problem } from './problem.ts';
import { pointerOf } from './problem.ts';

/** Where a JSON value (and, for an object member, its key) starts in the text. */
interface Spot {
  valueOffset: number;
  keyOffset?: number;
}

export interface ManifestSource {
  file: string;
  text: string;
  /** The parsed JSON, or undefined when the text is not valid JSON. */
  value: unknown;
  /** Syntax errors and duplicate keys, already located. */
  problems: Problem[];
  /** Places a finding (pointer-based) at its line and column in this file. */
  locate(finding: Finding): Problem;
}

/**
 * Reads manifest text as strict JSON (no comments, no trailing commas) and remembers where
 * every JSON pointer starts, so later checks can report `FILE:LINE:COL`.
 */
export function readManifestText(text: string, file: string): ManifestSource {
  const lineStarts = computeLineStarts(text);
  const position = (offset: number): { line: number; column: number } => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (lineStarts[lo] as number) + 1 };
  };

  const spots = new Map<string, Spot>();
  const problems: Problem[] = [];
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  const reported = new Set<number>();
  for (const e of errors) {
    const { offset, message } = describeParseError(text, e);
    // jsonc-parser may report one mistake twice at the same place (e.g. a trailing comma).
    if (reported.has(offset)) continue;
    reported.add(offset);
    problems.push({
      file,
      pointer: '',
      ...position(offset),
      severity: 'error',
      message: `JSON syntax error: ${message}`,
    });
  }

  const duplicates: { pointer: string; offset: number }[] = [];
  if (root) index(root, '', spots, duplicates);
  for (const d of duplicates) {
    problems.push({
      file,
      pointer: d.pointer,
      ...position(d.offset),
      severity: 'error',
      message: 'duplicate key: JSON parsers keep only one of the values, so remove the other',
    });
  }

  const value = errors.length === 0 && root ? JSON.parse(text) : undefined;

  const locate = (finding: Finding): Problem => {
    const spot = nearestSpot(spots, finding.pointer);
    const offset =
      finding.at === 'key' && spot.keyOffset !== undefined ? spot.keyOffset : spot.valueOffset;
    return {
      file,
      pointer: finding.pointer,
      ...position(offset),
      severity: finding.severity,
      message: finding.message,
    };
  };

  return { file, text, value, problems, locate };
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

function index(
  node: Node,
  pointer: string,
  spots: Map<string, Spot>,
  duplicates: { pointer: string; offset: number }[],
  keyOffset?: number,
): void {
  spots.set(
    pointer,
    keyOffset === undefined
      ? { valueOffset: node.offset }
      : { valueOffset: node.offset, keyOffset },
  );
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (!key || typeof key.value !== 'string') continue;
      const childPointer = pointer + pointerOf(key.value);
      if (seen.has(key.value)) {
        duplicates.push({ pointer: childPointer, offset: key.offset });
        continue;
      }
      seen.add(key.value);
      if (value) index(value, childPointer, spots, duplicates, key.offset);
    }
  } else if (node.type === 'array') {
    (node.children ?? []).forEach((child, i) => index(child, pointer + '/' + i, spots, duplicates));
  }
}

/** A missing member (e.g. a required key) is reported where its closest existing parent starts. */
function nearestSpot(spots: Map<string, Spot>, pointer: string): Spot {
  let p = pointer;
  for (;;) {
    const spot = spots.get(p);
    if (spot) return spot;
    if (p === '') return { valueOffset: 0 };
    p = p.slice(0, p.lastIndexOf('/'));
  }
}

const parseErrorText: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'expected end of file',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string',
};

/**
 * Words for a parse error. A "value expected" right before `]` or `}` after a comma is a
 * trailing comma; it is reported at the comma, which is what the admin must delete.
 */
function describeParseError(text: string, e: ParseError): { offset: number; message: string } {
  const code = printParseErrorCode(e.error);
  if (
    (code === 'ValueExpected' || code === 'PropertyNameExpected') &&
    /^[\]}]/.test(text.slice(e.offset))
  ) {
    const comma = /,\s*$/.exec(text.slice(0, e.offset));
    if (comma)
      return { offset: comma.index, message: 'trailing comma is not allowed in JSON; remove it' };
  }
  return { offset: e.offset, message: parseErrorText[code] ?? code };
}
