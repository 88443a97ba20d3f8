/**
 * The customer-insight queries on a small corpus: every count agrees with the call list it
 * drills to, and quotes are verbatim turns of the calls they name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import { pickQuotes } from '../../../src/data/engine/customer-insight/voice-of-customer.ts';
import type { CallDataSource, CallFilters, VocQuote } from '../../../src/data/index.ts';
import { previousPeriod } from '../../../src/data/period.ts';

let source: CallDataSource;
let period: { from: string; to: string };

beforeAll(async () => {
  source = createEmbeddedSource({ seed: 11, calls: 1500 });
  const info = await source.info();
  const to = info.range.to.slice(0, 10);
  period = { from: new Date(Date.parse(to) - 45 * 86_400_000).toISOString().slice(0, 10), to };
});

const total = (filters: CallFilters) => source.calls({ filters, limit: 1 }).then((p) => p.total);

describe('voiceOfCustomer', () => {
  it('hears every analysed call of a small selection and quotes their turns verbatim', async () => {
    const filters = { ...period, dispositionGroup: 'Billing Dispute' as const };
    const voc = await source.voiceOfCustomer({ filters });
    expect(voc.heardCalls).toBe(await total({ ...filters, status: 'analysed' }));
    expect(voc.previousHeardCalls).toBe(
      await total({ ...filters, ...previousPeriod(voc.period), status: 'analysed' }),
    );
    expect(voc.quotes.length).toBeGreaterThan(0);
    for (const q of voc.quotes.slice(0, 4)) {
      const detail = await source.call(q.callId);
      const turn = detail!.transcript[q.segment]!;
      expect(turn.text).toBe(q.text);
      expect(turn.speaker).toBe('CUSTOMER');
      expect(turn.beginMs).toBe(q.beginMs);
    }
    for (const p of voc.risingPhrases) expect(p.share).toBeGreaterThan(p.previousShare);
  });

  it('rejects a query without a period', async () => {
    await expect(source.voiceOfCustomer({ filters: {} as never })).rejects.toMatchObject({
      code: 'invalid-query',
    });
  });
});

describe('pickQuotes', () => {
  const q = (topic: string, text: string, sentimentScore: number): VocQuote => ({
    callId: `call-${text}`,
    startedAt: '2026-03-01T00:00:00.000Z',
    agentName: 'A',
    vendorName: 'V',
    topic,
    dispositionLabel: 'D',
    speaker: 'CUSTOMER',
    segment: 0,
    beginMs: 0,
    endMs: 1,
    text,
    sentimentScore,
  });
  it('takes the strongest distinct quote of each topic, biggest topic first, round by round', () => {
    const byTopic = new Map([
      ['Billing', [q('Billing', 'b1', -2), q('Billing', 'b2', -4), q('Billing', 'b2', -4)]],
      ['Tech', [q('Tech', 't1', 1), q('Tech', 't2', 3), q('Tech', 't3', 0.5)]],
      ['Sales', [q('Sales', 's1', 2)]],
    ]);
    // Billing and Tech both have 3 candidates (tie: by name), Sales 1.
    expect(pickQuotes(byTopic, 5).map((x) => x.text)).toEqual(['b2', 't2', 's1', 'b1', 't1']);
  });

  it('orders topics by their number of calls when given (only the strongest quotes are kept)', () => {
    const byTopic = new Map([
      ['Billing', [q('Billing', 'b1', -2)]],
      ['Tech', [q('Tech', 't1', 1), q('Tech', 't2', 3)]],
    ]);
    const calls = new Map([
      ['Billing', 90],
      ['Tech', 4],
    ]);
    expect(pickQuotes(byTopic, 3, calls).map((x) => x.text)).toEqual(['b1', 't2', 't1']);
    expect(pickQuotes(byTopic, 3).map((x) => x.text)).toEqual(['t2', 'b1', 't1']);
  });
});

describe('fakeCallInsights', () => {
  it('counts flagged calls as the call list does, and bands every analysed call', async () => {
    const f = await source.fakeCallInsights({ filters: period, evidence: 500 });
    expect(f.flaggedCalls).toBe(await total({ ...period, status: 'analysed', fakeCall: true }));
    expect(f.analysedCalls).toBe(await total({ ...period, status: 'analysed' }));
    expect(f.distribution.reduce((n, b) => n + b.calls, 0)).toBe(f.analysedCalls);
    expect(f.distribution.reduce((n, b) => n + b.flagged, 0)).toBe(f.flaggedCalls);
    expect(f.evidence).toHaveLength(f.flaggedCalls);
    for (const s of f.signals) {
      const inEvidence = f.evidence.filter((e) => e.reasons.some((r) => r.signal === s.signal));
      expect(inEvidence.length, s.signal).toBe(s.flaggedCalls);
    }
    for (let k = 1; k < f.evidence.length; k++)
      expect(f.evidence[k - 1]!.score).toBeGreaterThanOrEqual(f.evidence[k]!.score);
  });
});

describe('churnInsights', () => {
  it('follows up exactly the high-risk calls the list shows, per vendor and agent', async () => {
    const c = await source.churnInsights({ filters: period });
    const high = { ...period, status: 'analysed' as const, churnRisk: 'high' as const };
    expect(c.followUp.total.highRiskCalls).toBe(await total(high));
    expect(c.followUp.total.contactedAgain).toBe(await total({ ...high, followedByRepeat: true }));
    const t = c.followUp.total;
    expect(t.saved + t.churned + t.open).toBe(t.contactedAgain);
    for (const rows of [c.followUp.vendors, c.followUp.agents]) {
      expect(rows.reduce((n, r) => n + r.highRiskCalls, 0)).toBe(t.highRiskCalls);
    }
    const vendor = c.followUp.vendors[0]!;
    expect(await total(vendor.filters)).toBe(vendor.highRiskCalls);
    expect(c.reasons.map((r) => r.signal)).toEqual([
      'cancellation-intent',
      'competitor-mention',
      'repeated-contact',
      'unresolved-negative-end',
    ]);
    // Every high-risk call shows at least one signal.
    expect(Math.max(...c.reasons.map((r) => r.calls))).toBeGreaterThan(0);
    for (const r of c.reasons) for (const q of r.quotes) expect(q.text.length).toBeGreaterThan(0);
  });
});

describe('atRiskCustomers', () => {
  it('ranks customers by score; each row drills to its calls; levels cover every customer', async () => {
    const all = await source.atRiskCustomers({ filters: period, limit: 500 });
    expect(all.total).toBe(all.levels.low + all.levels.medium + all.levels.high);
    for (let k = 1; k < all.items.length; k++)
      expect(all.items[k - 1]!.score).toBeGreaterThanOrEqual(all.items[k]!.score);
    for (const row of all.items.slice(0, 5)) expect(await total(row.filters)).toBe(row.calls);
    const high = await source.atRiskCustomers({ filters: period, level: 'high' });
    expect(high.total).toBe(all.levels.high);
    expect(high.items.every((r) => r.level === 'high')).toBe(true);
    let bySegment = 0;
    for (const segment of all.segments) {
      const some = await source.atRiskCustomers({ filters: period, segment, limit: 500 });
      expect(some.items.every((r) => r.segment === segment)).toBe(true);
      bySegment += some.total;
    }
    expect(bySegment).toBe(all.total);
  });
});

describe('topicTrends', () => {
  it('adds up to the aggregation of the whole period', async () => {
    for (const bucket of ['day', 'week', 'month'] as const) {
      const t = await source.topicTrends({ filters: period, bucket });
      const byTopic = await source.aggregate({ filters: period, by: 'topic' });
      const kpis = await source.kpis({ filters: period });
      expect(t.buckets.reduce((n, b) => n + b.metrics.calls, 0)).toBe(kpis.current.calls);
      expect(t.buckets[0]!.start).toBe(kpis.period.from);
      expect(t.buckets[t.buckets.length - 1]!.end).toBe(kpis.period.to);
      for (const b of [t.buckets[0]!, t.buckets[t.buckets.length - 1]!])
        expect(await total({ ...period, from: b.start, to: b.end })).toBe(b.metrics.calls);
      for (const row of byTopic.rows) {
        const series = t.topics.find((s) => s.key === row.key)!;
        expect(
          series.calls.reduce((a, b) => a + b, 0),
          `${bucket} ${row.key}`,
        ).toBe(row.metrics.calls);
      }
    }
  });

  it('rejects an unknown bucket', async () => {
    await expect(
      source.topicTrends({ filters: period, bucket: 'year' as never }),
    ).rejects.toMatchObject({ code: 'invalid-query' });
  });
});
