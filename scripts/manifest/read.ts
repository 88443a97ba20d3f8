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
 * Reads manifest text as strict JSON (no comments, no trailing commas, no duplicate keys) and
 * can place any JSON pointer at its `LINE:COL`. The native JSON.parse does the reading; the
 * slower located syntax tree (jsonc-parser) is built only when there is something to locate,
 * which keeps a valid 1,000-route manifest fast.
 */
export function readManifestText(rawText: string, file: string): ManifestSource {
  // Editors on Windows may save a byte-order mark; it is not content.
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  let lineStarts: number[] | undefined;
  const position = (offset: number): { line: number; column: number } => {
    lineStarts ??= computeLineStarts(text);
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (lineStarts[lo] as number) + 1 };
  };
  const problem = (pointer: string, offset: number, message: string): Problem => ({
    file,
    pointer,
    ...position(offset),
    severity: 'error',
    message,
  });

  let tree: Node | undefined;
  const errors: ParseError[] = [];
  const syntaxTree = (): Node | undefined => {
    tree ??= parseTree(text, errors, {
      disallowComments: true,
      allowTrailingComma: false,
      allowEmptyContent: false,
    });
    return tree;
  };

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    syntaxTree();
    const problems: Problem[] = [];
    const reported = new Set<number>();
    for (const error of errors) {
      const { offset, message } = describeParseError(text, error);
      // jsonc-parser may report one mistake twice at the same place (e.g. a trailing comma).
      if (reported.has(offset)) continue;
      reported.add(offset);
      problems.push(problem('', offset, `JSON syntax error: ${message}`));
    }
    if (problems.length === 0) {
      // Something only the native parser rejects; its message says where.
      const at = /position (\d+)/.exec(String(e));
      problems.push(
        problem('', at ? Number(at[1]) : 0, `JSON syntax error: ${(e as Error).message}`),
      );
    }
    return { file, text, value: undefined, problems, locate: () => problems[0]! };
  }

  const problems = findDuplicateKeys(text).map((d) =>
    problem(
      d.pointer,
      d.offset,
      'duplicate key: JSON parsers keep only one of the values, so remove the other',
    ),
  );

  const locate = (finding: Finding): Problem => {
    const root = syntaxTree();
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

type Frame =
  | { kind: 'object'; keys: Set<string>; key: string; expectKey: boolean }
  | { kind: 'array'; index: number };

/**
 * Duplicate keys of text that JSON.parse accepted (which silently keeps the last value).
 * One pass over the characters; pointers are built only for the duplicates.
 */
export function findDuplicateKeys(text: string): { pointer: string; offset: number }[] {
  const duplicates: { pointer: string; offset: number }[] = [];
  const frames: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i++; text.charCodeAt(i) !== 0x22; i++) {
        if (text.charCodeAt(i) === 0x5c /* \ */) {
          escaped = true;
          i++;
        }
      }
      const top = frames.at(-1);
      if (top?.kind !== 'object' || !top.expectKey) continue;
      const key = escaped
        ? (JSON.parse(text.slice(start, i + 1)) as string)
        : text.slice(start + 1, i);
      top.expectKey = false;
      top.key = key;
      if (!top.keys.has(key)) {
        top.keys.add(key);
        continue;
      }
      const path = frames.slice(0, -1).map((f) => (f.kind === 'object' ? f.key : f.index));
      duplicates.push({ pointer: pointerOf(...path, key), offset: start });
    } else if (c === 0x7b /* { */) {
      frames.push({ kind: 'object', keys: new Set(), key: '', expectKey: true });
    } else if (c === 0x5b /* [ */) {
      frames.push({ kind: 'array', index: 0 });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      frames.pop();
    } else if (c === 0x2c /* , */) {
      const top = frames.at(-1);
      if (top?.kind === 'object') top.expectKey = true;
      else if (top) top.index++;
    }
  }
  return duplicates;
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
