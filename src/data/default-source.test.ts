// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerRequest, WorkerResponse } from './worker/protocol.ts';

const RANGE = { from: '2026-03-01T00:00:00.000Z', to: '2026-03-31T00:00:00.000Z' };

/** Workers the module under test created, with what was posted to each; each answers at once. */
const workers: { url: string; posted: WorkerRequest[] }[] = [];
class AnsweringWorker {
  private readonly record: { url: string; posted: WorkerRequest[] };
  private readonly listeners: ((event: { data: WorkerResponse }) => void)[] = [];
  constructor(url: URL | string) {
    this.record = { url: String(url), posted: [] };
    workers.push(this.record);
  }
  postMessage(message: WorkerRequest) {
    this.record.posted.push(message);
    const result = message.kind === 'call' && message.method === 'info' ? { range: RANGE } : null;
    queueMicrotask(() => {
      for (const listener of this.listeners)
        listener({ data: { id: message.id, ok: true, result } });
    });
  }
  addEventListener(type: string, listener: (event: { data: WorkerResponse }) => void) {
    if (type === 'message') this.listeners.push(listener);
  }
  removeEventListener() {}
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  workers.length = 0;
  vi.resetModules();
  vi.stubGlobal('Worker', AnsweringWorker);
});
afterEach(() => vi.unstubAllGlobals());

describe('readAheadWithInfo without an API', () => {
  it("starts the page's data worker at once and asks it the screen's reads once the range is known", async () => {
    const { readAheadWithInfo } = await import('./default-source.ts');
    const plan = vi.fn((info: { range: typeof RANGE }) => [
      { method: 'kpis' as const, args: [{ filters: info.range }] as const },
      { method: 'aggregate' as const, args: [{ filters: info.range, by: 'topic' }] as const },
    ]);
    readAheadWithInfo(plan);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.url).toMatch(/data\.worker/);
    expect(workers[0]!.posted).toEqual([expect.objectContaining({ kind: 'init' })]);
    await settle();
    expect(plan).toHaveBeenCalledWith({ range: RANGE });
    const calls = workers[0]!.posted.filter((m) => m.kind === 'call');
    // The worker keeps these answers for its state: the screen's own reads then join them.
    expect(calls.map((m) => [m.method, m.args])).toEqual([
      ['info', []],
      ['kpis', [{ filters: RANGE }]],
      ['aggregate', [{ filters: RANGE, by: 'topic' }]],
    ]);
    // The screen's own first query later uses the same worker.
    readAheadWithInfo(plan);
    expect(workers).toHaveLength(1);
  });
});

describe('readAheadWithInfo with an API', () => {
  const MOVED = { from: '2026-03-02T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' };
  /** Requests to the API in order, as "PATH BODY"; `answerInfo` lets the range's read answer. */
  const requests: string[] = [];
  let answerInfo: (range: typeof RANGE) => void = () => {};

  beforeEach(() => {
    requests.length = 0;
    localStorage.clear();
    document.head.innerHTML = '<meta name="sa-api-url" content="/api">';
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const path = new URL(url, 'https://app.test').pathname;
      requests.push(`${path} ${(init.body as string | undefined) ?? ''}`.trim());
      const body =
        path === '/api/v1/info'
          ? await new Promise((resolve) => (answerInfo = (range) => resolve({ range })))
          : {};
      return new Response(JSON.stringify(body), { status: 200 });
    });
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  async function readAheadKpis() {
    const { setApiTokenSource } = await import('./http/api-connection.ts');
    setApiTokenSource(async () => 'token');
    const { readAheadWithInfo } = await import('./default-source.ts');
    readAheadWithInfo((info) => [{ method: 'kpis', args: [{ filters: info.range }] }]);
    await vi.waitFor(() => expect(requests).toContain('/api/v1/info'));
  }
  const kpis = (range: typeof RANGE) => `/api/v1/kpis ${JSON.stringify({ filters: range })}`;

  it("reads with the range it kept beside the range's read, and only what moved again", async () => {
    await readAheadKpis();
    // No range kept yet: the reads wait for the range.
    expect(requests).toEqual(['/api/v1/info']);
    answerInfo(RANGE);
    await vi.waitFor(() => expect(requests).toEqual(['/api/v1/info', kpis(RANGE)]));

    // The next page load starts them with the kept range, before the range's answer.
    vi.resetModules();
    requests.length = 0;
    await readAheadKpis();
    await vi.waitFor(() => expect(requests).toContain(kpis(RANGE)));
    // The range has moved: the reads go again with it (the first ones are handed to nobody).
    answerInfo(MOVED);
    await vi.waitFor(() => expect(requests).toContain(kpis(MOVED)));
    expect(requests.filter((r) => r.startsWith('/api/v1/kpis'))).toHaveLength(2);

    // And the range kept is the new one: the load after reads with it at once, once.
    vi.resetModules();
    requests.length = 0;
    await readAheadKpis();
    await vi.waitFor(() => expect(requests).toContain(kpis(MOVED)));
    answerInfo(MOVED);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests.filter((r) => r.startsWith('/api/v1/kpis'))).toEqual([kpis(MOVED)]);
  });

  it('ignores a kept range of another API or a damaged one', async () => {
    localStorage.setItem(
      'api:data-range:v1',
      JSON.stringify({ api: 'https://other.example', range: RANGE }),
    );
    await readAheadKpis();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests).toEqual(['/api/v1/info']);
    vi.resetModules();
    requests.length = 0;
    localStorage.setItem(
      'api:data-range:v1',
      JSON.stringify({ api: '/api', range: { from: 'x' } }),
    );
    await readAheadKpis();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests).toEqual(['/api/v1/info']);
  });
});
