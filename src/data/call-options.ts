/**
 * What a source call can carry besides its data: an AbortSignal to stop it. A method that
 * accepts it takes it as its last, optional argument (`previewRule(query, { signal })`). The
 * worker proxy turns an abort into a cancel message, so the engine stops computing between
 * chunks instead of finishing work nobody will read; over HTTP it aborts the request.
 */
import { DataSourceError } from './source-error.ts';

export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** True when a call's last argument is its options (a signal), not data. */
export function isCallOptions(value: unknown): value is CallOptions {
  return (
    typeof value === 'object' &&
    value !== null &&
    'signal' in value &&
    typeof AbortSignal !== 'undefined' &&
    (value as CallOptions).signal instanceof AbortSignal
  );
}

/** The call's signal, when its last argument carries one. */
export function signalOf(args: readonly unknown[]): AbortSignal | undefined {
  const last = args[args.length - 1];
  return isCallOptions(last) ? last.signal : undefined;
}

/** The rejection of a cancelled call; `progress` says how far it got ("2,048 of 20,000 calls"). */
export function cancelledError(progress?: string): DataSourceError {
  return new DataSourceError(
    'unavailable',
    `Cancelled: a newer request replaced this one${progress ? ` after ${progress}` : ''}`,
    ['cancelled', ...(progress ? [progress] : [])],
  );
}
