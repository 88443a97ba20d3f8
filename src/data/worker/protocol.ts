/**
 * Messages between the page and the data worker. One request per source call, answered by
 * exactly one response with the same id. Payloads are the source's own JSON types.
 */
import type { CorpusOptions } from '../corpus/options.ts';
import type { CallDataSource, DataSourceErrorCode, DataSourceMethod } from '../source.ts';

export type { CorpusOptions } from '../corpus/options.ts';

export type SourceRequest = {
  [M in DataSourceMethod]: {
    kind: 'call';
    id: number;
    method: M;
    args: Parameters<CallDataSource[M]>;
    /** The caller passed a signal (call-options.ts): the worker hands the method one of its own. */
    cancellable?: true;
  };
}[DataSourceMethod];

/** Stops the call `target` (its caller aborted); answered by nothing, the call itself rejects. */
export interface CancelRequest {
  kind: 'cancel';
  id: number;
  target: number;
}

export type WorkerRequest =
  { kind: 'init'; id: number; options: Partial<CorpusOptions> } | SourceRequest | CancelRequest;

export type WorkerResponse =
  | { id: number; ok: true; result: unknown }
  | {
      id: number;
      ok: false;
      error: { code: DataSourceErrorCode; message: string; details: string[] };
    };
