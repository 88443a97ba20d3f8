import { type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { Finding, Problem } from './problem.ts';
import { pointerOf } from './problem.ts';

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
 * Reads manifest text as strict JSON (no comments, no trailing commas) and keeps its syntax
 * tree, so later checks can report `FILE:LINE:COL` for any JSON pointer.
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
  if (root) findDuplicateKeys(root, [], duplicates);
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
    const spot = root ? nearestSpot(root, finding.pointer) : { valueOffset: 0 };
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

/**
 * Duplicate keys, found in one walk. Pointers are built only for the duplicates: building
 * one per value costs more than the whole check on a large manifest.
 */
function findDuplicateKeys(
  node: Node,
  path: (string | number)[],
  duplicates: { pointer: string; offset: number }[],
): void {
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (!key || typeof key.value !== 'string') continue;
      if (seen.has(key.value)) {
        duplicates.push({ pointer: pointerOf(...path, key.value), offset: key.offset });
        continue;
      }
      seen.add(key.value);
      if (value) {
        path.push(key.value);
        findDuplicateKeys(value, path, duplicates);
        path.pop();
      }
    }
  } else if (node.type === 'array') {
    (node.children ?? []).forEach((child, i) => {
      path.push(i);
      findDuplicateKeys(child, path, duplicates);
      path.pop();
    });
  }
}

/** Where a JSON value (and, for an object member, its key) starts in the text. */
interface Spot {
  valueOffset: number;
  keyOffset?: number;
}

/**
 * Walks the syntax tree along a JSON pointer. A missing member (e.g. a required key) is
 * placed where its closest existing parent starts. With duplicate keys, the first one counts.
 */
function nearestSpot(root: Node, pointer: string): Spot {
  let spot: Spot = { valueOffset: root.offset };
  let node = root;
  const segments = pointer === '' ? [] : pointer.slice(1).split('/');
  for (const raw of segments) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node.type === 'object') {
      const property = node.children?.find((p) => p.children?.[0]?.value === segment);
      const [key, value] = property?.children ?? [];
      if (!key || !value) break;
      spot = { valueOffset: value.offset, keyOffset: key.offset };
      node = value;
    } else if (node.type === 'array' && /^\d+$/.test(segment)) {
      const child = node.children?.[Number(segment)];
      if (!child) break;
      spot = { valueOffset: child.offset };
      node = child;
    } else {
      break;
    }
  }
  return spot;
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
