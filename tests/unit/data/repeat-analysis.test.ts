/**
 * Repeat chains, repeat cost and repeat factors: hand-computed fixtures for the pure parts, and
 * identities against the engine's KPIs and call lists on a small corpus.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callsByCustomer, chainFrom } from '../../../src/data/engine/repeat-chains.ts';
import { handlingCost } from '../../../src/metrics/index.ts';
import { smallSource } from './shared-corpus.ts';

beforeAll(() => void smallSource(), 120_000);

const filters = { from: '2026-02-01', to: '2026-04-01' };

describe('callsByCustomer', () => {
  it('groups calls by customer in time order and knows each call’s place', () => {
    // Calls 0..5 (already in time order) of customers 1, 0, 1, 2, 1, 0.
    const index = callsByCustomer([1, 0, 1, 2, 1, 0]);
    expect([...index.offsets]).toEqual([0, 2, 5, 6]);
    expect([...index.calls]).toEqual([1, 5, 0, 2, 4, 3]);
    expect([...index.position]).toEqual([0, 0, 1, 0, 2, 1]);
  });
});

describe('chainFrom', () => {
  // One customer's calls 10..14: 10 followed by a repeat; 11 is a transferred leg (not a
  // repeat); 12 repeats and is followed by 13; 13 is not followed; 14 repeats something later.
  const row = [10, 11, 12, 13, 14];
  const followed = new Uint8Array(20);
  const repeat = new Uint8Array(20);
  followed[10] = 1;
  followed[12] = 1;
  repeat[12] = 1;
  repeat[13] = 1;
  repeat[14] = 1;

  it('follows each call to the next repeat, skipping calls that are not repeats', () => {
    expect(chainFrom(row, 0, followed, repeat)).toEqual([10, 12, 13]);
  });

  it('ends at a call not followed by a repeat', () => {
    expect(chainFrom(row, 3, followed, repeat)).toEqual([13]);
  });

  it('ends when no later repeat exists even if the flag says so (a pending window)', () => {
    const f = new Uint8Array(20);
    f[13] = 1;
    expect(chainFrom(row, 3, f, new Uint8Array(20))).toEqual([13]);
  });
});

describe('handlingCost', () => {
  it('prices calls and handled minutes by the rate card', () => {
    // 3 calls, 12 minutes: 3 x 0.40 + 12 x 0.65 = 1.20 + 7.80 = 9.00
    expect(handlingCost(3, 12 * 60_000, { perCall: 0.4, perHandledMinute: 0.65 })).toBeCloseTo(
      9,
      10,
    );
    expect(handlingCost(0, 0, { perCall: 0.4, perHandledMinute: 0.65 })).toBe(0);
  });
});

describe('repeat queries agree with the KPIs and the call lists', { timeout: 60_000 }, () => {
  it('repeat cost counts exactly the repeat calls, per vendor and in total', async () => {
    const source = smallSource();
    const [cost, kpis, catalog] = await Promise.all([
      source.repeatCost({ filters }),
      source.kpis({ filters }),
      source.catalog(),
    ]);
    expect(cost.total.repeatCalls).toBe(kpis.current.repeatCalls);
    expect(cost.total.repeatCalls).toBeGreaterThan(0);
    expect((await source.calls({ filters: cost.total.filters, limit: 1 })).total).toBe(
      cost.total.repeatCalls,
    );
    let sum = 0;
    for (const row of cost.rows) {
      expect((await source.calls({ filters: row.filters, limit: 1 })).total).toBe(row.repeatCalls);
      const calls = await source.calls({ filters: row.filters, limit: 500 });
      const handleMs = calls.items.reduce((n, c) => n + c.handleTimeMs, 0);
      const card = catalog.vendors.find((v) => v.id === row.vendorId)!.rateCard;
      expect(row.cost).toBeCloseTo(handlingCost(row.repeatCalls, handleMs, card), 6);
      sum += row.cost;
    }
    expect(cost.total.cost).toBeCloseTo(sum, 6);
  });

  it('repeat factors split the analysed calls and keep the dashboard’s repeat rate', async () => {
    const source = smallSource();
    const [factors, kpis] = await Promise.all([
      source.repeatFactors({ filters }),
      source.kpis({ filters }),
    ]);
    expect(factors.total.repeatRate).toBe(kpis.current.repeatRate);
    const analysed = factors.resolution.reduce((n, r) => n + r.metrics.analysedCalls, 0);
    expect(analysed).toBe(kpis.current.analysedCalls);
    const followed = factors.resolution.reduce((n, r) => n + r.metrics.followedByRepeatCalls, 0);
    expect(followed).toBe(kpis.current.followedByRepeatCalls);
    for (const row of factors.resolution) {
      const list = await source.calls({ filters: row.filters!, limit: 1 });
      expect(list.total).toBe(row.metrics.calls);
    }
    const banded = factors.endSentiment.reduce((n, r) => n + r.metrics.analysedCalls, 0);
    expect(banded).toBeLessThanOrEqual(kpis.current.analysedCalls);
    expect(banded).toBeGreaterThan(0);
  });

  it('chains start at the calls that begin one, and each link is a later repeat', async () => {
    const source = smallSource();
    const chains = await source.repeatChains({ filters, limit: 500 });
    const starts = await source.calls({ filters: chains.firstCallFilters, limit: 1 });
    expect(chains.total).toBe(starts.total);
    expect(chains.total).toBeGreaterThan(0);
    expect(chains.lengths.reduce((n, l) => n + l.chains, 0)).toBe(chains.total);
    for (let k = 1; k < chains.items.length; k++)
      expect(chains.items[k - 1]!.calls.length).toBeGreaterThanOrEqual(
        chains.items[k]!.calls.length,
      );
    for (const chain of chains.items.slice(0, 20)) {
      expect(chain.calls.length).toBeGreaterThanOrEqual(2);
      const rows = await source.calls({
        filters: { callId: chain.calls.map((c) => c.callId) },
        limit: 50,
      });
      const byId = new Map(rows.items.map((r) => [r.id, r]));
      chain.calls.forEach((call, k) => {
        const row = byId.get(call.callId)!;
        expect(row.customerId).toBe(chain.customerId);
        if (k > 0) {
          expect(call.gapMs).toBe(
            Date.parse(call.startedAt) - Date.parse(chain.calls[k - 1]!.startedAt),
          );
          expect(call.gapMs!).toBeGreaterThan(0);
          expect(row.repeatCall).not.toBe(false);
        }
      });
      expect(byId.get(chain.calls[0]!.callId)!.followedByRepeat).toBe(true);
    }
  });
});
