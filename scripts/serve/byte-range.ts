/**
 * HTTP byte ranges (RFC 9110 §14) for the app server: a media element seeks in a recording by
 * asking for the bytes from a point on, and Chromium only seeks in files served with ranges.
 * One range per request is enough for media; a list of ranges is answered whole.
 */
export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/** The range a `Range` header asks of a body of `size` bytes: null means the whole body. */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // The last N bytes.
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
