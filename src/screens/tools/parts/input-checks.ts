/** Checks of the visitor's input made on the page, before anything travels to the worker. */
import { MAX_TRANSCRIPT_BYTES } from '../../../data/index.ts';

/** Said before the worker is asked, so a 5 MB paste does not even travel. */
export function pastedTextProblem(text: string): string | null {
  if (text.trim() === '') return 'The transcript is empty: paste or type a conversation first.';
  const bytes = new Blob([text]).size;
  if (bytes > MAX_TRANSCRIPT_BYTES)
    return `It is ${(bytes / 1_000_000).toFixed(1)} MB; the limit is 1 MB. Paste one conversation at a time.`;
  return null;
}
