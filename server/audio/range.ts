/**
 * The HTTP Range header of an audio request (RFC 9110 14.1.2), for one range of bytes: what an
 * audio element asks for when it starts, seeks or resumes. `bytes=0-`, `bytes=500-999` and
 * `bytes=-500` (the last 500) are read; a header that is not a single byte range is ignored
 * (the whole file is sent), as the RFC allows; a range past the end is unsatisfiable (416).
 */
import type { ByteRange } from './store.ts';

export type RangeAnswer =
  { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

export function requestedRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'whole' };
  const [first, last] = [m[1]!, m[2]!];
  if (first === '') {
    // A suffix: the last N bytes.
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - n), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}
