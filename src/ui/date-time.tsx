/**
 * A moment of a history (a rule version saved, an import, an evaluation step) as people read it,
 * "14 Mar, 09:05" (UTC), inside a <time> that carries the full stamp: the words show minutes,
 * the stamp keeps the second and millisecond the write was made, for assistive technology and
 * for tests that must tell two writes of one minute apart (a restart keeps every stamp).
 */
import { formatDateTime } from './format.ts';

export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}
