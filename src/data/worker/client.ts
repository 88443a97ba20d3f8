/**
 * The page side of the worker: a CallDataSource whose every call posts a request and resolves
 * with the matching response. Small on purpose: the engine lives only in the worker chunk.
 */
import { DataSourceError, type CallDataSource } from '../source.ts';
import { cancelledError, signalOf } from '../call-options.ts';
import { type CorpusOptions, type WorkerRequest, type WorkerResponse } from './protocol.ts';
import { SOURCE_METHODS } from '../http/contract.ts';

/** What the client needs of a Worker (a MessagePort-like object in tests). */
export interface WorkerLike {
  postMessage(message: WorkerRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerResponse>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
}

export function createWorkerSource(
  worker: WorkerLike,
  options: Partial<CorpusOptions> = {},
): CallDataSource {
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();

  worker.addEventListener('message', (event: MessageEvent<WorkerResponse>) => {
    const response = event.data;
    const waiter = pending.get(response.id);
    if (!waiter) return;
    pending.delete(response.id);
    if (response.ok) waiter.resolve(response.result);
    else waiter.reject(DataSourceError.from(response.error));
  });
  worker.addEventListener('error', (event: ErrorEvent) => {
    // A crashed worker fails every open request; a retry creates the request again.
    const error = new DataSourceError(
      'unavailable',
      `The data worker failed: ${event.message || 'unknown error'}`,
    );
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  });

  const send = (request: Omit<WorkerRequest, 'id'>, signal?: AbortSignal): Promise<unknown> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(cancelledError());
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as WorkerRequest);
      // An abort stops the work in the worker (checked between chunks) and rejects here now.
      signal?.addEventListener(
        'abort',
        () => {
          if (!pending.delete(id)) return;
          worker.postMessage({ kind: 'cancel', id: nextId++, target: id });
          reject(cancelledError());
        },
        { once: true },
      );
    });

  const ready = send({ kind: 'init', options } as Omit<WorkerRequest, 'id'>);
  // Each call awaits `ready` and reports its failure; this only keeps the console quiet.
  ready.catch(() => {});
  const source = {} as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const method of SOURCE_METHODS) {
    source[method] = async (...args: unknown[]) => {
      await ready;
      const signal = signalOf(args);
      if (!signal) return send({ kind: 'call', method, args } as Omit<WorkerRequest, 'id'>);
      // A signal cannot be posted: the call goes without it, marked cancellable.
      const data = args.slice(0, -1);
      const request = { kind: 'call', method, args: data, cancellable: true };
      return send(request as Omit<WorkerRequest, 'id'>, signal);
    };
  }
  return source as unknown as CallDataSource;
}
