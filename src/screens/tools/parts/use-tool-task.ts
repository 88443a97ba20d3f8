/**
 * One run of a tool in the worker: idle, running, done or failed, with the latest run winning
 * (a slow earlier run never overwrites a newer result).
 */
import { useCallback, useRef, useState } from 'react';

export type TaskState<T> =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; value: T }
  | { status: 'failed'; message: string };

export function useToolTask<A extends unknown[], T>(run: (...args: A) => Promise<T>) {
  const [state, setState] = useState<TaskState<T>>({ status: 'idle' });
  const latest = useRef(0);
  const start = useCallback(
    (...args: A) => {
      const ticket = ++latest.current;
      setState({ status: 'running' });
      run(...args).then(
        (value) => ticket === latest.current && setState({ status: 'done', value }),
        (e: unknown) =>
          ticket === latest.current &&
          setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) }),
      );
    },
    [run],
  );
  const reset = useCallback(() => {
    latest.current += 1;
    setState({ status: 'idle' });
  }, []);
  return { state, start, reset };
}
