import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Workers the module under test created, with what was posted to each. */
const workers: { url: string; posted: unknown[] }[] = [];
class RecordingWorker {
  private readonly record: { url: string; posted: unknown[] };
  constructor(url: URL | string) {
    this.record = { url: String(url), posted: [] };
    workers.push(this.record);
  }
  postMessage(message: unknown) {
    this.record.posted.push(message);
  }
  addEventListener() {}
  removeEventListener() {}
}

beforeEach(() => {
  workers.length = 0;
  vi.resetModules();
  vi.stubGlobal('Worker', RecordingWorker);
});
afterEach(() => vi.unstubAllGlobals());

describe('readAheadWithInfo without an API', () => {
  it("starts the page's data worker and its corpus at once, and reads nothing ahead", async () => {
    const { readAheadWithInfo } = await import('./default-source.ts');
    const plan = vi.fn(() => []);
    readAheadWithInfo(plan);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.url).toMatch(/data\.worker/);
    expect(workers[0]!.posted).toEqual([expect.objectContaining({ kind: 'init' })]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(plan).not.toHaveBeenCalled();
    // The screen's own first query later uses the same worker.
    readAheadWithInfo(plan);
    expect(workers).toHaveLength(1);
  });
});
