/**
 * One problem found in a manifest. Locations are 1-based and point at the offending value
 * (or key, for an unknown key) in `file`. A merge step (white-label `extends`) can remap
 * `file`/`line`/`column` to the file the value really came from, because the pointer is kept.
 */
export type Severity = 'error' | 'warning';

export interface Problem {
  file: string;
  pointer: string;
  line: number;
  column: number;
  severity: Severity;
  message: string;
}

/** A problem before it is placed in a file: the checks know pointers, the reader knows lines. */
export interface Finding {
  pointer: string;
  severity: Severity;
  message: string;
  /** Point at the property name instead of its value (unknown keys, duplicate keys). */
  at?: 'key' | 'value';
}

export const hasErrors = (problems: readonly Problem[]): boolean =>
  problems.some((p) => p.severity === 'error');

/** Builds a JSON pointer (RFC 6901) from path segments. */
export function pointerOf(...segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

export const error = (pointer: string, message: string, at?: 'key'): Finding =>
  at ? { pointer, severity: 'error', message, at } : { pointer, severity: 'error', message };

export const warning = (pointer: string, message: string): Finding => ({
  pointer,
  severity: 'warning',
  message,
});
