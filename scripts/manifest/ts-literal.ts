/**
 * Serialises plain JSON data as a TypeScript expression with stable formatting (two-space
 * indent, keys in their given order), so generated files are byte-identical for the same data.
 * `raw` values are emitted verbatim: generated code uses them for identifiers and imports.
 */
export class RawCode {
  constructor(readonly code: string) {}
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function tsKey(key: string): string {
  return IDENTIFIER.test(key) ? key : quote(key);
}

export function quote(text: string): string {
  return "'" + JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'") + "'";
}

export function tsLiteral(value: unknown, indent = ''): string {
  if (value instanceof RawCode) return value.code;
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return '[\n' + value.map((v) => inner + tsLiteral(v, inner) + ',\n').join('') + indent + ']';
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== undefined,
    );
    if (entries.length === 0) return '{}';
    return (
      '{\n' +
      entries.map(([k, v]) => inner + tsKey(k) + ': ' + tsLiteral(v, inner) + ',\n').join('') +
      indent +
      '}'
    );
  }
  throw new TypeError(`cannot emit a ${typeof value} as a TypeScript literal`);
}
