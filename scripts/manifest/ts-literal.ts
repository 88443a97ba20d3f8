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

// Most manifest strings need no escaping; skip JSON.stringify for them.
const PLAIN = /^[^'"\\\u0000-\u001f\u2028\u2029]*$/;

export function quote(text: string): string {
  if (PLAIN.test(text)) return "'" + text + "'";
  return "'" + JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'") + "'";
}

export function tsLiteral(value: unknown, indent = ''): string {
  const parts: string[] = [];
  emit(value, indent, parts);
  return parts.join('');
}

/** Appends to one buffer: joining nested strings per level costs more on large manifests. */
function emit(value: unknown, indent: string, out: string[]): void {
  if (value instanceof RawCode) out.push(value.code);
  else if (value === null) out.push('null');
  else if (typeof value === 'string') out.push(quote(value));
  else if (typeof value === 'number' || typeof value === 'boolean') out.push(String(value));
  else if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push('[]');
      return;
    }
    const inner = indent + '  ';
    out.push('[\n');
    for (const item of value) {
      out.push(inner);
      emit(item, inner, out);
      out.push(',\n');
    }
    out.push(indent, ']');
  } else if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== undefined,
    );
    if (entries.length === 0) {
      out.push('{}');
      return;
    }
    const inner = indent + '  ';
    out.push('{\n');
    for (const [k, v] of entries) {
      out.push(inner, tsKey(k), ': ');
      emit(v, inner, out);
      out.push(',\n');
    }
    out.push(indent, '}');
  } else {
    throw new TypeError(`cannot emit a ${typeof value} as a TypeScript literal`);
  }
}
