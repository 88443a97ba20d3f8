/**
 * The worker side of the protocol, independent of the Worker global so tests can drive it
 * with a pair of in-memory channels.
 */
import { DataSourceError, type CallDataSource } from '../source.ts';
import { type CorpusOptions, type WorkerRequest, type WorkerResponse } from './protocol.ts';
import { SOURCE_METHODS } from '../http/contract.ts';

export function serveSource(
  post: (message: WorkerResponse) => void,
  listen: (listener: (message: WorkerRequest) => void) => void,
  open: (options: Partial<CorpusOptions>) => CallDataSource | Promise<CallDataSource>,
): void {
  let source: CallDataSource | null = null;
  let initError: DataSourceError | null = null;
  const methods = new Set<string>(SOURCE_METHODS);
  /** Cancellable calls in progress, by request id. */
  const running = new Map<number, AbortController>();

  listen(async (message) => {
    if (message.kind === 'cancel') {
      running.get(message.target)?.abort();
      return;
    }
    const fail = (error: unknown) => {
      const e = DataSourceError.from(error);
      post({ id: message.id, ok: false, error: e.toJSON() });
    };
    if (message.kind === 'init') {
      try {
        source = await open(message.options);
        post({ id: message.id, ok: true, result: null });
      } catch (error) {
        initError = new DataSourceError(
          'unavailable',
          `The demo data could not be generated: ${(error as Error).message}`,
        );
        fail(initError);
      }
      return;
    }
    if (!source)
      return fail(
        initError ?? new DataSourceError('unavailable', 'The data source is not initialised'),
      );
    if (!methods.has(message.method))
      return fail(new DataSourceError('invalid-query', `Unknown method ${String(message.method)}`));
    const controller = message.cancellable ? new AbortController() : null;
    if (controller) running.set(message.id, controller);
    try {
      const fn = source[message.method] as (...args: unknown[]) => Promise<unknown>;
      const args = controller ? [...message.args, { signal: controller.signal }] : message.args;
      post({ id: message.id, ok: true, result: await fn.apply(source, args) });
    } catch (error) {
      fail(error);
    } finally {
      running.delete(message.id);
    }
  });
}
