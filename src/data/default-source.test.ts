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
