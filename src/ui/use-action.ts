/**
 * A write from a screen (save, delete, submit): its pending state and its error, kept until the
 * next attempt, so a failed save shows its message at the right place and the draft stays.
 */
import { useCallback, useRef, useState } from 'react';
import { DataSourceError, useDataSource, type CallDataSource } from '../data/index.ts';

export interface Action<A extends unknown[], T> {
  run: (...args: A) => Promise<T | undefined>;
  pending: boolean;
  error: DataSourceError | null;
  clearError: () => void;
}

export function useAction<A extends unknown[], T>(
  write: (source: CallDataSource, ...args: A) => Promise<T>,
): Action<A, T> {
  const source = useDataSource();
  const writeRef = useRef(write);
  writeRef.current = write;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<DataSourceError | null>(null);
  const run = useCallback(
    async (...args: A) => {
      setPending(true);
      setError(null);
      try {
        return await writeRef.current(source, ...args);
      } catch (e) {
        setError(DataSourceError.from(e));
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [source],
  );
  return { run, pending, error, clearError: useCallback(() => setError(null), []) };
}

/** Field-level details of an invalid-query error, by path ("condition.all[0].phrase.terms"). */
export function fieldProblems(error: DataSourceError | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!error) return out;
  for (const detail of error.details) {
    const at = detail.indexOf(': ');
    // "path: message", or a bare path whose message is the error's own.
    if (at > 0) out.set(detail.slice(0, at), detail.slice(at + 2));
    else out.set(detail, error.message);
  }
  return out;
}
