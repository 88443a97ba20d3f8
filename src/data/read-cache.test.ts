/** The client's read cache: keys, joined reads, answers in hand, failures, writes' changes. */
import { describe, expect, it } from 'vitest';
import { changedBy } from './changes.ts';
import { CONTRACT } from './http/contract.ts';
import { createReadCache, readKey } from './read-cache.ts';
import type { CallDataSource, DataSourceMethod } from './source.ts';

/** A source that counts each method's calls and answers with the count (or `fail` rejects). */
function countingSource(fail: ReadonlySet<string> = new Set()) {
  const asked: string[] = [];
  const source = new Proxy({} as CallDataSource, {
    get: (_target, name) => {
      const method = String(name);
      return async (...args: unknown[]) => {
        asked.push(method);
        if (fail.has(method)) throw new Error(`${method} failed`);
        return { method, args, n: asked.filter((m) => m === method).length };
      };
    },
  });
  return { source, asked };
}

const march = { filters: { from: '2026-03-01', to: '2026-04-01', agentId: 'a1' } };
const marchReordered = { filters: { agentId: 'a1', to: '2026-04-01', from: '2026-03-01' } };

describe('readKey', () => {
  it('is the same for the same data however it was built, without the call options', () => {
    const signal = new AbortController().signal;
    expect(readKey('kpis', [march])).toBe(readKey('kpis', [marchReordered]));
    expect(readKey('search', [march, { signal }])).toBe(readKey('search', [march]));
    expect(readKey('kpis', [march])).not.toBe(readKey('aggregate', [march]));
    expect(readKey('kpis', [march])).not.toBe(
      readKey('kpis', [{ filters: { ...march.filters, agentId: 'a2' } }]),
    );
  });
});

describe('ReadCache', () => {
  it('shares one promise between callers of the same read on its way', async () => {
    const { source, asked } = countingSource();
    const { source: cached } = createReadCache(source);
    const first = cached.kpis(march);
    expect(cached.kpis(marchReordered as never)).toBe(first);
    await first;
    // Settled: not kept, the next read asks again.
    await cached.kpis(march);
    expect(asked).toEqual(['kpis', 'kpis']);
  });

  it('hands an answer read ahead to its first caller once, and has it in hand once arrived', async () => {
    const { source, asked } = countingSource();
    const cache = createReadCache(source);
    const [early] = cache.ahead([{ method: 'kpis', args: [march] }]);
    const run = (s: CallDataSource) => s.kpis(marchReordered as never);
    expect(cache.inHand(run)).toBeUndefined();
    const answer = await early;
    expect(cache.inHand(run)).toEqual({ value: answer });
    expect(cache.inHand((s) => s.kpis({ filters: {} } as never))).toBeUndefined();
    expect(await cache.source.kpis(march)).toBe(answer);
    expect(cache.inHand(run)).toBeUndefined();
    expect(asked).toEqual(['kpis']);
  });

  it('does not keep a failed read: the next caller asks again', async () => {
    const fail = new Set(['info']);
    const { source, asked } = countingSource(fail);
    const cache = createReadCache(source);
    await expect(cache.source.info()).rejects.toThrow('info failed');
    const [ahead] = cache.ahead([{ method: 'info', args: [] }]);
    await expect(ahead).rejects.toThrow('info failed');
    fail.clear();
    expect(await cache.source.info()).toMatchObject({ n: 3 });
    expect(asked).toEqual(['info', 'info', 'info']);
  });

  it('drops and announces exactly the reads a write changes', async () => {
    const { source, asked } = countingSource();
    const cache = createReadCache(source);
    cache.ahead([
      { method: 'preferences', args: [] },
      { method: 'kpis', args: [march] },
    ]);
    const changes: ReadonlySet<string>[] = [];
    cache.onChange((changed) => changes.push(changed));
    await cache.source.savePreferences({} as never);
    expect(changes).toHaveLength(1);
    expect([...changes[0]!]).toEqual(['preferences']);
    // The KPIs read ahead are still handed over; the preferences are read again.
    expect(await cache.source.kpis(march)).toMatchObject({ n: 1 });
    expect(await cache.source.preferences()).toMatchObject({ n: 2 });
    expect(asked).toEqual(['preferences', 'kpis', 'savePreferences', 'preferences']);
  });

  it('never reads a write ahead', () => {
    const cache = createReadCache(countingSource().source);
    expect(() => cache.ahead([{ method: 'saveSettings', args: [{}] }])).toThrow(/write/);
  });
});

describe('what a write changes', () => {
  const methods = Object.keys(CONTRACT) as DataSourceMethod[];
  const writes = methods.filter((m) => CONTRACT[m].write);

  it('names only reads, and every write changes some', () => {
    for (const write of writes) {
      const changed = [...changedBy(write)];
      expect(changed.length, write).toBeGreaterThan(0);
      for (const method of changed) expect(CONTRACT[method].write, method).toBe(false);
    }
  });

  it('reads again what the screens show after the write, and leaves the rest', () => {
    expect([...changedBy('saveSettings')]).toEqual(
      expect.arrayContaining(['settings', 'previewSettings', 'kpis', 'inbox']),
    );
    expect(changedBy('saveSettings').has('preferences')).toBe(false);
    expect([...changedBy('assignLeads')].sort()).toEqual(['lead', 'leads']);
    expect([...changedBy('saveSearch')]).toEqual(['savedSearches']);
    expect([...changedBy('saveSchedule')].sort()).toEqual(['calendar', 'schedules']);
    expect(changedBy('saveRule').has('rules')).toBe(true);
    expect(changedBy('saveRule').has('ruleVersions')).toBe(true);
    expect(changedBy('saveRule').has('evaluationForms')).toBe(false);
    expect([...changedBy('markInboxRead')]).toEqual(['inbox']);
  });
});
