/**
 * The customer-insight filters of the call list: every fake-call band, fake-call signal and
 * churn reason count of the Fake Call and Churn VOC views equals the total of the call list
 * it drills to, on the embedded engine and over the API contract (same engine, JSON bodies).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import { scoreBand } from '../../../src/data/engine/insight-filters.ts';
import type { CallDataSource, CallFilters } from '../../../src/data/index.ts';

let source: CallDataSource;
let period: { from: string; to: string };

beforeAll(async () => {
  source = createEmbeddedSource({ seed: 5, calls: 1500 });
  const info = await source.info();
  const to = info.range.to.slice(0, 10);
  period = { from: new Date(Date.parse(to) - 60 * 86_400_000).toISOString().slice(0, 10), to };
});

const total = (filters: CallFilters) => source.calls({ filters, limit: 1 }).then((p) => p.total);

describe('scoreBand', () => {
  it('puts each score in its tenth, 1 in the last band and a float just below a tenth above it', () => {
    expect([0, 0.05, 0.1, 0.3 - 1e-12, 0.3, 0.99, 1].map(scoreBand)).toEqual([0, 0, 1, 3, 3, 9, 9]);
  });
});

describe('insight filters', () => {
  it('each fake-call score band and signal count equals its call list', async () => {
    const insight = await source.fakeCallInsights({ filters: period, evidence: 0 });
    const base: CallFilters = { ...period, status: 'analysed' };
    let bandCalls = 0;
    for (const [band, b] of insight.distribution.entries()) {
      expect(await total({ ...base, fakeScoreBand: band })).toBe(b.calls);
      expect(await total({ ...base, fakeScoreBand: band, fakeCall: true })).toBe(b.flagged);
      bandCalls += b.calls;
    }
    expect(bandCalls).toBe(insight.analysedCalls);
    expect(await total({ ...base, fakeScoreBand: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] })).toBe(
      insight.analysedCalls,
    );
    expect(insight.signals.some((s) => s.analysedCalls > 0)).toBe(true);
    for (const s of insight.signals) {
      expect(await total({ ...base, fakeSignal: s.signal })).toBe(s.analysedCalls);
      expect(await total({ ...base, fakeSignal: s.signal, fakeCall: true })).toBe(s.flaggedCalls);
    }
  });

  it('each churn reason count equals its call list', async () => {
    const insight = await source.churnInsights({ filters: period });
    expect(insight.reasons.some((r) => r.calls > 0)).toBe(true);
    for (const r of insight.reasons)
      expect(await total({ ...period, status: 'analysed', churnSignal: r.signal })).toBe(r.calls);
  });

  it('rejects unknown bands and signals with the field named', async () => {
    await expect(total({ fakeScoreBand: 10 })).rejects.toMatchObject({
      code: 'invalid-query',
      details: [expect.stringContaining('filters.fakeScoreBand')],
    });
    await expect(total({ fakeSignal: 'nope' as never })).rejects.toMatchObject({
      details: [expect.stringContaining('filters.fakeSignal')],
    });
    await expect(total({ churnSignal: 'nope' as never })).rejects.toMatchObject({
      details: [expect.stringContaining('filters.churnSignal')],
    });
  });
});
