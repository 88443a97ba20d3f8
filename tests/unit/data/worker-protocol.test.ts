import { describe, expect, it, vi } from 'vitest';
import { PREVIEW_CHUNK } from '../../../src/data/engine/rule-preview.ts';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import { DataSourceError, type CallDataSource } from '../../../src/data/source.ts';
import { createWorkerSource, type WorkerLike } from '../../../src/data/worker/client.ts';
import type { WorkerRequest, WorkerResponse } from '../../../src/data/worker/protocol.ts';
import { serveSource } from '../../../src/data/worker/serve.ts';

/** A page/worker pair over in-memory queues, with structured cloning like postMessage. */
function connect(open: (options: object) => CallDataSource): {
  worker: WorkerLike;
  crash: (message: string) => void;
} {
  const toPage: ((e: MessageEvent<WorkerResponse>) => void)[] = [];
  const onError: ((e: ErrorEvent) => void)[] = [];
  let toWorker: (m: WorkerRequest) => void = () => {};
  serveSource(
    (message) =>
      queueMicrotask(() =>
        toPage.forEach((l) =>
          l({ data: structuredClone(message) } as MessageEvent<WorkerResponse>),
        ),
      ),
    (listener) => (toWorker = listener),
    open,
  );
  const worker: WorkerLike = {
    postMessage: (m) => queueMicrotask(() => toWorker(structuredClone(m))),
    addEventListener: ((type: string, l: unknown) => {
      if (type === 'message') toPage.push(l as (e: MessageEvent<WorkerResponse>) => void);
      else onError.push(l as (e: ErrorEvent) => void);
    }) as WorkerLike['addEventListener'],
  };
  return { worker, crash: (message) => onError.forEach((l) => l({ message } as ErrorEvent)) };
}

describe('worker protocol', { timeout: 60_000 }, () => {
  it('answers source calls through messages, with the corpus options of init', async () => {
    let seen: object | null = null;
    const { worker } = connect((options) => {
      seen = options;
      return createEmbeddedSource({ calls: 300, seed: 4 });
    });
    const source = createWorkerSource(worker, { calls: 300, seed: 4 });
    const info = await source.info();
    expect(info.calls).toBe(300);
    expect(seen).toEqual({ calls: 300, seed: 4 });
    const [page, kpis] = await Promise.all([
      source.calls({ filters: {}, limit: 3 }),
      source.kpis({ filters: { from: info.range.from, to: info.range.to } }),
    ]);
    expect(page.total).toBe(kpis.current.calls);
  });

  it('turns rejections into DataSourceError with code and details', async () => {
    const { worker } = connect(() => createEmbeddedSource({ calls: 100, seed: 4 }));
    const source = createWorkerSource(worker);
    const error = await source.search({ expression: '(' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataSourceError);
    expect(error).toMatchObject({ code: 'invalid-query', retryable: false });
  });

  it('reports a corpus that cannot be generated, and a crashed worker, as retryable', async () => {
    const failing = connect(() => {
      throw new RangeError('calls must be an integer from 1 to 200000, got 0');
    });
    const source = createWorkerSource(failing.worker, { calls: 0 });
    await expect(source.info()).rejects.toMatchObject({ code: 'unavailable', retryable: true });

    const { worker, crash } = connect(
      () => ({ info: () => new Promise(() => {}) }) as unknown as CallDataSource,
    );
    const hanging = createWorkerSource(worker);
    const pending = hanging.info();
    await new Promise((r) => setTimeout(r, 10));
    crash('out of memory');
    await expect(pending).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('out of memory'),
    });
  });

  it('stops a superseded preview in the worker after the chunk it is in, not after the whole scan', async () => {
    const engine = createEmbeddedSource({ calls: 8000, seed: 4 });
    // The caller aborts the moment the worker starts the preview: the engine is already in its
    // first chunk when the cancel message arrives, so it must stop right after that chunk.
    let onStart = () => {};
    const watched = new Proxy(engine, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (key !== 'previewRule' || typeof value !== 'function') {
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return (...args: unknown[]) => {
          onStart();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const { worker } = connect(() => watched as unknown as CallDataSource);
    const answers: WorkerResponse[] = [];
    worker.addEventListener('message', (event) => answers.push(event.data));
    const source = createWorkerSource(worker);
    const { version: _v, ...rule } = (await source.rules())[0]!;
    const query = { rule, sampleSize: 1_000_000 };
    const whole = await source.previewRule(query);
    expect(whole.evaluatedCalls).toBeGreaterThan(3 * PREVIEW_CHUNK);

    const controller = new AbortController();
    onStart = () => controller.abort();
    const superseded = source.previewRule(query, { signal: controller.signal });
    await expect(superseded).rejects.toMatchObject({ details: ['cancelled'] });
    // The worker's own answer to that request: cancelled after its first chunk of calls.
    await vi.waitFor(() => expect(answers.at(-1)?.ok).toBe(false));
    const answer = answers.at(-1) as Extract<WorkerResponse, { ok: false }>;
    expect(answer.error.details).toEqual([
      'cancelled',
      `${PREVIEW_CHUNK.toLocaleString('en')} of ${whole.evaluatedCalls.toLocaleString('en')} calls`,
    ]);

    // A preview nobody cancels still runs to the end and agrees with the uncancelled one.
    onStart = () => {};
    const again = await source.previewRule(query, { signal: new AbortController().signal });
    expect(again.hits).toBe(whole.hits);
    expect(again.evaluatedCalls).toBe(whole.evaluatedCalls);
  });
});
