import { beforeAll, describe, expect, it } from 'vitest';
import {
  addCallToTotals,
  emptyKpiTotals,
  handleTimeMs,
  sentimentBand,
  summariseKpis,
} from '../../../src/metrics/index.ts';
import type { CallKpis, KpiKey } from '../../../src/metrics/index.ts';
import { smallSource } from './shared-corpus.ts';

beforeAll(() => void smallSource(), 120_000);

const filters = { from: '2026-02-01', to: '2026-04-01' };

describe('numbers agree across screens', () => {
  it('dashboard calls = sum over vendors = sum over agents = sum over teams', async () => {
    const source = smallSource();
    const kpis = await source.kpis({ filters });
    for (const by of [
      'vendor',
      'agent',
      'team',
      'queue',
      'brand',
      'disposition',
      'dispositionGroup',
      'direction',
      'status',
    ] as const) {
      const result = await source.aggregate({ filters, by });
      expect(result.partition).toBe(true);
      expect(
        result.rows.reduce((sum, r) => sum + r.metrics.calls, 0),
        by,
      ).toBe(kpis.current.calls);
      expect(result.total.calls).toBe(kpis.current.calls);
    }
  });

  it("a vendor's calls = the sum over its agents, and its row filters list exactly its calls", async () => {
    const source = smallSource();
    const vendors = await source.aggregate({ filters, by: 'vendor' });
    for (const row of vendors.rows.slice(0, 3)) {
      const agents = await source.aggregate({ filters: row.filters, by: 'agent' });
      expect(agents.rows.reduce((s, r) => s + r.metrics.calls, 0)).toBe(row.metrics.calls);
      expect((await source.calls({ filters: row.filters, limit: 1 })).total).toBe(
        row.metrics.calls,
      );
    }
  });

  it('"calls scored" counts the calls with a customer sentiment score, not every analysed call', async () => {
    const source = smallSource();
    const { current, drillDown } = await source.kpis({ filters });
    // Calls without customer speech have no score: fewer scored than analysed.
    expect(current.sentimentScoredCalls).toBeGreaterThan(0);
    expect(current.sentimentScoredCalls).toBeLessThan(current.analysedCalls);
    const unscored = await source.calls({
      filters: { ...filters, status: 'analysed', sentimentScored: false },
      limit: 1,
    });
    expect(current.sentimentScoredCalls + unscored.total).toBe(current.analysedCalls);
    // The average tile drills into the calls it averages over.
    const list = await source.calls({ filters: drillDown.customerSentiment, limit: 1 });
    expect(list.total).toBe(current.sentimentScoredCalls);
  });

  it('every count tile drills into a list of exactly that many calls', async () => {
    const source = smallSource();
    const summary = await source.kpis({ filters });
    const counts: KpiKey[] = [
      'calls',
      'analysedCalls',
      'nonCompliantCalls',
      'churnRiskCalls',
      'fakeCalls',
      'escalatedCalls',
      'repeatCalls',
      'followedByRepeatCalls',
      'repeatPendingCalls',
      'sentimentScoredCalls',
      'negativeCalls',
      'evaluatedCalls',
    ];
    for (const key of counts) {
      const list = await source.calls({ filters: summary.drillDown[key], limit: 1 });
      expect(list.total, key).toBe(summary.current[key]);
    }
    const failing = await source.complianceFailures({
      filters: summary.drillDown.nonCompliantCalls,
      limit: 5,
    });
    expect(failing.total).toBe(summary.current.nonCompliantCalls);
    expect(failing.items.every((r) => r.failures.some((f) => f.severity === 'critical'))).toBe(
      true,
    );
  });

  it('the daily series adds up to the period', async () => {
    const source = smallSource();
    const [series, summary] = await Promise.all([
      source.timeSeries({ filters, bucket: 'day' }),
      source.kpis({ filters }),
    ]);
    expect(series.points).toHaveLength(59);
    expect(series.points.reduce((s, p) => s + p.metrics.calls, 0)).toBe(summary.current.calls);
    const weeks = await source.timeSeries({ filters, bucket: 'week' });
    expect(new Date(weeks.points[0]!.start).getUTCDay()).toBe(1);
    expect(weeks.points.reduce((s, p) => s + p.metrics.calls, 0)).toBe(summary.current.calls);
  });

  it('the previous period is the same length just before', async () => {
    const summary = await smallSource().kpis({ filters: { from: '2026-03-01', to: '2026-03-31' } });
    expect(summary.previousPeriod).toEqual({
      from: '2026-01-30T00:00:00.000Z',
      to: '2026-03-01T00:00:00.000Z',
    });
    expect(summary.previous.calls).toBeGreaterThan(0);
  });

  it('the columnar engine computes the same KPIs as the metrics reference path', async () => {
    const source = smallSource();
    const c = source.corpus.cols;
    const t = emptyKpiTotals();
    for (let i = 0; i < source.corpus.n; i++) {
      const nan = (x: number) => (Number.isNaN(x) ? null : x);
      addCallToTotals(t, {
        analysed: c.status[i] === 0,
        excluded: c.status[i] === 4,
        handleTimeMs: handleTimeMs({
          durationMs: c.durationMs[i]!,
          ivrMs: c.ivrMs[i]!,
          holdMs: c.holdMs[i]!,
          acwMs: c.acwMs[i]!,
        }),
        durationMs: c.durationMs[i]!,
        agentTalkMs: c.agentTalkMs[i]!,
        customerTalkMs: c.customerTalkMs[i]!,
        silenceMs: c.silenceMs[i]!,
        interruptions: c.interruptions[i]!,
        agentSentiment: nan(c.agentSentiment[i]!),
        customerSentiment: nan(c.customerSentiment[i]!),
        sentimentTrend: nan(c.sentimentTrend[i]!),
        negative:
          !Number.isNaN(c.customerSentiment[i]!) &&
          sentimentBand(c.customerSentiment[i]!) === 'negative',
        followedByRepeat: c.followedByRepeat[i] === 1,
        repeatCall: c.repeatCall[i] === 1,
        repeatPending: c.repeatPending[i] === 1,
        complianceScore: nan(c.complianceScore[i]!),
        compliant: c.compliant[i] === 1,
        qaScore: nan(c.qaScore[i]!),
        escalated: c.escalation[i] !== 0,
        churnHigh: c.churnLevel[i] === 2,
        fake: c.fake[i] === 1,
        resolved: c.resolved[i] === 1,
        cost: c.cost[i]!,
      });
    }
    const expected: CallKpis = summariseKpis(t);
    const total = (await smallSource().aggregate({ filters: {}, by: 'vendor' })).total;
    for (const key of Object.keys(expected) as KpiKey[]) {
      if (expected[key] === null) expect(total[key]).toBeNull();
      else expect(total[key], key).toBeCloseTo(expected[key]!, 6);
    }
  });
});
