import { beforeAll, describe, expect, it } from 'vitest';
import { DataSourceError } from '../../../src/data/source.ts';
import { smallSource } from './shared-corpus.ts';

beforeAll(() => void smallSource(), 120_000);

describe('call list', () => {
  it('filters, sorts and pages', async () => {
    const source = smallSource();
    const catalog = await source.catalog();
    const vendor = catalog.vendors[2]!.id;
    const page1 = await source.calls({
      filters: { vendorId: vendor, status: 'analysed' },
      sort: { field: 'durationMs', direction: 'desc' },
      limit: 20,
    });
    expect(page1.items.every((r) => r.vendorId === vendor && r.status === 'analysed')).toBe(true);
    const durations = page1.items.map((r) => r.durationMs);
    expect(durations).toEqual([...durations].sort((a, b) => b - a));
    const page2 = await source.calls({
      filters: { vendorId: vendor, status: 'analysed' },
      sort: { field: 'durationMs', direction: 'desc' },
      offset: 20,
      limit: 20,
    });
    expect(page2.items[0]!.durationMs).toBeLessThanOrEqual(durations[19]!);
    expect(page2.total).toBe(page1.total);
  });

  it('lists newest first by default and accepts a list of values per filter', async () => {
    const source = smallSource();
    const rows = await source.calls({
      filters: { sentiment: ['negative', 'positive'], churnRisk: 'high' },
      limit: 10,
    });
    expect(
      rows.items.every(
        (r) =>
          r.churnRisk === 'high' &&
          r.customerSentiment !== null &&
          Math.abs(r.customerSentiment) >= 1,
      ),
    ).toBe(true);
    const times = rows.items.map((r) => r.startedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('rejects bad input with clear messages', async () => {
    const source = smallSource();
    await expect(source.calls({ filters: { from: 'yesterday' } })).rejects.toThrow(
      /filters.from is not a date/,
    );
    await expect(source.calls({ filters: {}, limit: 5000 })).rejects.toBeInstanceOf(
      DataSourceError,
    );
    await expect(source.kpis({ filters: {} as never })).rejects.toThrow(/from and filters.to/);
    await expect(
      source.timeSeries({ filters: { from: '2000-01-01', to: '2100-01-01' }, bucket: 'day' }),
    ).rejects.toThrow(/too many/);
    await expect(source.aggregate({ filters: {}, by: 'planet' as never })).rejects.toThrow(
      /Unknown dimension/,
    );
  });
});

describe('call detail', () => {
  it('returns the transcript, the analysis with evidence and the rule results', async () => {
    const source = smallSource();
    // A real conversation (a silent or voicemail call can fail compliance in two turns).
    const failing = await source.complianceFailures({
      filters: { compliant: false, topic: 'Billing dispute' },
      limit: 1,
    });
    const detail = (await source.call(failing.items[0]!.callId))!;
    expect(detail.transcript.length).toBeGreaterThan(3);
    expect(detail.call.analysis!.compliant).toBe(false);
    const failed = detail.ruleResults.filter((r) => r.kind === 'compliance' && !r.passed);
    expect(failed.map((r) => r.ruleId)).toEqual(
      expect.arrayContaining(failing.items[0]!.failures.map((f) => f.ruleId)),
    );
    expect(detail.evaluations[0]!.source).toBe('ai');
    expect(await source.call('call-999999')).toBeNull();
    expect(await source.call('nonsense')).toBeNull();
  });
});

describe('leads, evaluations, usage, customers', () => {
  it('lead list and detail', async () => {
    const source = smallSource();
    const hot = await source.leads({ temperature: 'hot', limit: 5 });
    expect(hot.total).toBeGreaterThan(0);
    expect(hot.items.every((l) => l.score >= 70)).toBe(true);
    const detail = (await source.lead(hot.items[0]!.id))!;
    expect(detail.calls.map((c) => c.id)).toEqual(detail.lead.callIds);
  });

  it('evaluations include AI and human reviews', async () => {
    const source = smallSource();
    const human = await source.evaluations({
      filters: {},
      source: ['human', 'calibration'],
      limit: 5,
    });
    const all = await source.evaluations({ filters: {}, limit: 5 });
    expect(human.total).toBeGreaterThan(0);
    expect(all.total).toBe(
      human.total +
        (await source.kpis({ filters: { from: '2000-01-01', to: '2100-01-01' } })).current
          .evaluatedCalls,
    );
  });

  it('usage adds up to the calls of the period', async () => {
    const source = smallSource();
    const usage = await source.usage({ from: '2026-03-01', to: '2026-04-01' });
    const kpis = await source.kpis({ filters: { from: '2026-03-01', to: '2026-04-01' } });
    expect(usage.totals.calls).toBe(kpis.current.calls);
    expect(usage.totals.cost).toBeCloseTo(kpis.current.totalCost, 3);
  });

  it('customers by id', async () => {
    const row = (await smallSource().calls({ filters: {}, limit: 1 })).items[0]!;
    const customer = await smallSource().customer(row.customerId);
    expect(customer?.name).toBe(row.customerName);
    expect(await smallSource().customer('cust-xyz')).toBeNull();
  });
});

describe('filters by id', () => {
  it('customerId and callId narrow to exactly those calls', async () => {
    const source = smallSource();
    const some = (await source.calls({ filters: {}, limit: 3 })).items;
    const byCall = await source.calls({ filters: { callId: some.map((r) => r.id) }, limit: 10 });
    expect(byCall.items.map((r) => r.id).sort()).toEqual(some.map((r) => r.id).sort());
    const byCustomer = await source.calls({
      filters: { customerId: some[0]!.customerId },
      limit: 100,
    });
    expect(byCustomer.total).toBeGreaterThan(0);
    expect(byCustomer.items.every((r) => r.customerId === some[0]!.customerId)).toBe(true);
    expect((await source.calls({ filters: { customerId: 'cust-unknown' } })).total).toBe(0);
  });
});

describe('evaluation rows', () => {
  it('flag auto-failed evaluations as the call page does', async () => {
    const source = smallSource();
    const rows = await source.evaluations({
      filters: { failedRuleId: 'rule-professional-language' },
      source: 'ai',
      limit: 20,
    });
    expect(rows.total).toBeGreaterThan(0);
    for (const row of rows.items.slice(0, 5)) {
      expect(row.autoFailed).toBe(true);
      expect(row.score).toBe(0);
      const detail = (await source.call(row.callId))!;
      expect(detail.evaluations[0]).toMatchObject({ source: 'ai', autoFailed: true, score: 0 });
    }
    const fine = await source.evaluations({
      filters: { compliant: true },
      source: 'ai',
      sort: { field: 'score', direction: 'desc' },
      limit: 1,
    });
    expect(fine.items[0]!.autoFailed).toBe(false);
  });
});
