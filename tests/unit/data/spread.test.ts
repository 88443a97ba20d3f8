import { beforeAll, describe, expect, it } from 'vitest';

import { smallSource } from './shared-corpus.ts';

beforeAll(() => void smallSource(), 120_000);

const filters = { from: '2026-02-01', to: '2026-04-01', vendorId: 'vendor-02' };

describe('spread: sums behind the averaged KPIs', () => {
  it('has the KPI’s n and mean for the same filters', async () => {
    const source = smallSource();
    const [spread, kpis] = await Promise.all([
      source.spread({ filters }),
      source.kpis({ filters }),
    ]);
    const k = kpis.current;
    expect(spread.ahtMs.n).toBe(k.analysedCalls);
    expect(spread.ahtMs.sum / spread.ahtMs.n).toBeCloseTo(k.ahtMs!, 6);
    expect(spread.qaScore.n).toBe(k.evaluatedCalls);
    expect(spread.qaScore.sum / spread.qaScore.n).toBeCloseTo(k.qaScore!, 9);
    expect(spread.customerSentiment.sum / spread.customerSentiment.n).toBeCloseTo(
      k.customerSentiment!,
      9,
    );
    expect(spread.complianceScore.sum / spread.complianceScore.n).toBeCloseTo(
      k.complianceScore!,
      9,
    );
    expect(spread.costPerAnalysedCall.n).toBe(k.analysedCalls);
    expect(spread.costPerAnalysedCall.sum / k.analysedCalls).toBeCloseTo(k.costPerAnalysedCall!, 9);
  });

  it('sums the squares of the listed calls’ values', async () => {
    const source = smallSource();
    const few = { ...filters, status: 'analysed' as const, from: '2026-03-01', to: '2026-03-03' };
    const [spread, page] = await Promise.all([
      source.spread({ filters: few }),
      source.calls({ filters: few, limit: 500 }),
    ]);
    expect(page.total).toBeGreaterThan(1);
    expect(page.total).toBeLessThanOrEqual(500);
    const handle = page.items.map((r) => r.handleTimeMs);
    expect(spread.ahtMs.n).toBe(page.total);
    expect(spread.ahtMs.sum).toBeCloseTo(
      handle.reduce((a, b) => a + b, 0),
      3,
    );
    expect(spread.ahtMs.sumSquares).toBeCloseTo(
      handle.reduce((a, b) => a + b * b, 0),
      -2,
    );
    const scores = page.items.map((r) => r.qaScore).filter((v): v is number => v !== null);
    expect(spread.qaScore.n).toBe(scores.length);
    expect(spread.qaScore.sumSquares).toBeCloseTo(
      scores.reduce((a, b) => a + b * b, 0),
      // The call list rounds scores for display.
      2,
    );
  });
});

describe('spread: per-call values for a bootstrap', () => {
  it('returns every value when asked for at least n, else an even spread of the asked size', async () => {
    const source = smallSource();
    const all = await source.spread({ filters, values: 5000 });
    const aht = all.ahtMs;
    expect(aht.values).toHaveLength(aht.n);
    expect(aht.values!.reduce((s, v) => s + v, 0)).toBeCloseTo(aht.sum, 3);
    const few = await source.spread({ filters, values: 10 });
    expect(few.ahtMs.values).toHaveLength(Math.min(10, aht.n));
    for (const v of few.ahtMs.values!) expect(aht.values).toContain(v);
    expect((await source.spread({ filters })).ahtMs.values).toBeUndefined();
    await expect(source.spread({ filters, values: 5001 })).rejects.toMatchObject({
      code: 'invalid-query',
    });
  });
});
