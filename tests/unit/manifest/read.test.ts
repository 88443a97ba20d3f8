import { describe, expect, it } from 'vitest';
import { findDuplicateKeys, readManifestText } from '../../../scripts/manifest/read.ts';
import { error } from '../../../scripts/manifest/problem.ts';

const at = (text: string, pointer: string, key?: 'key') => {
  const p = readManifestText(text, 'm.json').locate(error(pointer, 'x', key));
  return `${p.line}:${p.column}`;
};

describe('readManifestText', () => {
  const text = '{\n  "a": {\n    "b/c": [10, {"d~e": true}]\n  }\n}\n';

  it('parses strict JSON and keeps the value', () => {
    const source = readManifestText(text, 'm.json');
    expect(source.problems).toEqual([]);
    expect(source.value).toEqual({ a: { 'b/c': [10, { 'd~e': true }] } });
  });

  it('locates every JSON pointer (escaped ~1 and ~0 included) at its value', () => {
    expect(at(text, '')).toBe('1:1');
    expect(at(text, '/a')).toBe('2:8');
    expect(at(text, '/a/b~1c')).toBe('3:12');
    expect(at(text, '/a/b~1c/0')).toBe('3:13');
    expect(at(text, '/a/b~1c/1/d~0e')).toBe('3:25');
  });

  it('locates a key when asked (unknown keys are reported at their name)', () => {
    expect(at(text, '/a/b~1c', 'key')).toBe('3:5');
  });

  it('places a missing member at its closest existing parent', () => {
    expect(at(text, '/a/missing/deeper')).toBe('2:8');
  });

  it('counts CRLF line ends as one line', () => {
    expect(at('{\r\n  "a": 1\r\n}', '/a')).toBe('2:8');
  });

  it('reports a JSON syntax error with its line and column, and no value', () => {
    const source = readManifestText('{\n  "a": 1\n  "b": 2\n}\n', 'm.json');
    expect(source.value).toBeUndefined();
    expect(source.problems).toEqual([
      {
        file: 'm.json',
        pointer: '',
        line: 3,
        column: 3,
        severity: 'error',
        message: 'JSON syntax error: expected ","',
      },
    ]);
  });

  it('rejects comments and trailing commas (strict JSON)', () => {
    const comment = readManifestText('{\n  // note\n  "a": 1\n}', 'm.json').problems;
    expect(comment.map((p) => [p.line, p.column, p.message])).toEqual([
      [2, 3, 'JSON syntax error: comments are not allowed in JSON'],
    ]);
    const trailing = readManifestText('{\n  "a": [1, 2,],\n  "b": 1,\n}', 'm.json').problems;
    expect(trailing.map((p) => [p.line, p.column])).toEqual([
      [2, 13],
      [3, 9],
    ]);
    expect(trailing[0]?.message).toMatch(/trailing comma/);
  });

  it('reports an empty file', () => {
    const source = readManifestText('', 'm.json');
    expect(source.value).toBeUndefined();
    expect(source.problems[0]?.message).toMatch(/^JSON syntax error/);
  });

  it('reports a duplicate key at the second occurrence of its name', () => {
    const source = readManifestText('{\n  "a": 1,\n  "a": 2\n}', 'm.json');
    expect(source.problems.map((p) => [p.pointer, p.line, p.column])).toEqual([['/a', 3, 3]]);
    expect(source.problems[0]?.message).toMatch(/duplicate key/);
  });

  it('finds duplicate keys at any depth, escaped names included, and points at each', () => {
    const text = '{"a": [{"x": 1}, {"x": 1, "y": {"x": 2}, "x": 3}], "b\\u0063": 1, "bc": 2}';
    expect(findDuplicateKeys(text)).toEqual([
      { pointer: '/a/1/x', offset: text.lastIndexOf('"x"') },
      { pointer: '/bc', offset: text.indexOf('"bc"') },
    ]);
    expect(findDuplicateKeys('{"s": "a \\" {\\"x\\": 1, \\"x\\": 2}", "t": [1, {}, []]}')).toEqual(
      [],
    );
  });

  it('ignores a byte-order mark', () => {
    const source = readManifestText('\uFEFF{\n  "a": 1\n}', 'm.json');
    expect(source.problems).toEqual([]);
    expect(source.value).toEqual({ a: 1 });
    expect(source.locate(error('/a', 'x'))).toMatchObject({ line: 2, column: 8 });
  });
});
