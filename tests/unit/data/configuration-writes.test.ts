import { describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import type { CallFilters } from '../../../src/data/source.ts';

const all: CallFilters & { from: string; to: string } = { from: '2000-01-01', to: '2100-01-01' };

describe('metadata import: all or nothing, history and undo', { timeout: 60_000 }, () => {
  it('one bad row imports nothing; a good file applies, is listed and can be undone', async () => {
    const source = createEmbeddedSource({ seed: 3, calls: 400 });
    const before = await source.calls({ filters: { callId: ['call-000001', 'call-000002'] } });
    const brandOf = (rows: typeof before) => rows.items.map((r) => `${r.id}:${r.brand}`).sort();
    const mapping = { callId: 'Call', brand: 'Brand', disposition: 'Code' };
    const bad = await source.importMetadata({
      fileName: 'bad.csv',
      mapping,
      csv: 'Call;Brand;Code\ncall-000001;Nimbus;SALE\ncall-000002;Nimbus;NOT-A-CODE\n',
    });
    expect(bad.applied).toBe(false);
    expect(bad.changedCalls).toBe(0);
    expect(bad.errors).toEqual([
      expect.objectContaining({
        row: 3,
        column: 'Code',
        message: expect.stringMatching(/NOT-A-CODE/),
      }),
    ]);
    // Row 2 was valid but nothing of the file was applied.
    const unchanged = await source.calls({ filters: { callId: ['call-000001', 'call-000002'] } });
    expect(brandOf(unchanged)).toEqual(brandOf(before));
    expect((await source.calls({ filters: { brand: 'Nimbus' } })).total).toBe(0);

    const good = await source.importMetadata({
      fileName: 'good.csv',
      mapping,
      csv: '\ufeffCall;Brand;Code\ncall-000001;Nimbus;SALE\n"call-000002";"Nimbus";SALE\n',
    });
    expect(good).toMatchObject({ applied: true, errors: [], changedCalls: 2, rows: 2 });
    expect((await source.calls({ filters: { brand: 'Nimbus' } })).total).toBe(2);
    const total = (await source.kpis({ filters: all })).current.calls;
    const byBrand = await source.aggregate({ filters: all, by: 'brand' });
    expect(byBrand.rows.reduce((n, r) => n + r.metrics.calls, 0)).toBe(total);

    const history = await source.metadataImports();
    expect(history.map((h) => [h.fileName, h.applied])).toEqual([
      ['good.csv', true],
      ['bad.csv', false],
    ]);
    await expect(source.undoMetadataImport(bad.id)).rejects.toMatchObject({
      code: 'invalid-query',
    });
    const undone = await source.undoMetadataImport(good.id);
    expect(undone.undoneAt).toBeTruthy();
    expect((await source.calls({ filters: { brand: 'Nimbus' } })).total).toBe(0);
    expect(
      brandOf(await source.calls({ filters: { callId: ['call-000001', 'call-000002'] } })),
    ).toEqual(brandOf(before));
    await expect(source.undoMetadataImport(good.id)).rejects.toMatchObject({
      code: 'invalid-query',
    });
  });

  it('only the newest import in effect can be undone', async () => {
    const source = createEmbeddedSource({ seed: 3, calls: 200 });
    const mapping = { callId: 'id', brand: 'brand' };
    const first = await source.importMetadata({
      fileName: 'a.csv',
      mapping,
      csv: 'id,brand\ncall-000005,A1\n',
    });
    const second = await source.importMetadata({
      fileName: 'b.csv',
      mapping,
      csv: 'id,brand\ncall-000005,B2\n',
    });
    await expect(source.undoMetadataImport(first.id)).rejects.toThrow(/b\.csv/);
    await source.undoMetadataImport(second.id);
    expect((await source.call('call-000005'))!.call.brand).toBe('A1');
    await source.undoMetadataImport(first.id);
    expect((await source.calls({ filters: { brand: ['A1', 'B2'] } })).total).toBe(0);
  });
});

describe('cost control applied', { timeout: 60_000 }, () => {
  it('excludes sampled-out and out-of-range calls from the analysis and keeps the identities', async () => {
    const source = createEmbeddedSource({ seed: 5, calls: 1500 });
    const before = (await source.kpis({ filters: all })).current;
    expect(before.excludedCalls).toBe(0);
    const catalog = await source.catalog();
    const vendor = catalog.vendors[0]!.id;
    await source.saveSettings({
      costControl: {
        sampling: [{ scope: 'vendor', value: vendor, rate: 0.25 }],
        minDurationSec: 60,
      },
    });
    const after = await source.kpis({ filters: all });
    const k = after.current;
    expect(k.calls).toBe(before.calls);
    expect(k.excludedCalls).toBeGreaterThan(0);
    expect(k.analysedCalls).toBe(before.analysedCalls - k.excludedCalls);
    // The drill-down lists exactly the excluded calls, and none of them is shorter-than-60 s analysed.
    const excluded = await source.calls({ filters: after.drillDown.excludedCalls, limit: 500 });
    expect(excluded.total).toBe(k.excludedCalls);
    expect(
      excluded.items.every((r) => r.status === 'excluded' && r.customerSentiment === null),
    ).toBe(true);
    const short = await source.calls({ filters: { maxDurationMs: 59_999, status: 'analysed' } });
    expect(short.total).toBe(0);
    // Sampling: about a quarter of the vendor's 60 s+ calls stay analysed.
    const vendorLong = (
      await source.kpis({ filters: { ...all, vendorId: vendor, minDurationMs: 60_000 } })
    ).current;
    const share = vendorLong.analysedCalls / (vendorLong.analysedCalls + vendorLong.excludedCalls);
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.4);
    // Partition: rows add up to the total, with excluded calls counted in their rows.
    for (const by of ['vendor', 'queue', 'status'] as const) {
      const agg = await source.aggregate({ filters: all, by });
      expect(agg.rows.reduce((n, r) => n + r.metrics.calls, 0)).toBe(k.calls);
      expect(agg.rows.reduce((n, r) => n + r.metrics.excludedCalls, 0)).toBe(k.excludedCalls);
    }
    // Usage prices analysed calls only.
    const usage = await source.usage({ from: all.from, to: all.to });
    expect(usage.totals.analysedCalls).toBe(k.analysedCalls);
    expect(usage.totals.cost).toBeCloseTo(k.totalCost, 3);
    // Lifting the limits brings every call back, analysed exactly as before.
    await source.saveSettings({ costControl: { sampling: [], minDurationSec: 0 } });
    const back = (await source.kpis({ filters: all })).current;
    expect(back).toEqual(before);
  });

  it('refuses an unknown queue and a maximum below the minimum, changing nothing', async () => {
    const source = createEmbeddedSource({ seed: 5, calls: 300 });
    const saved = await source.settings();
    await expect(
      source.saveSettings({
        costControl: { sampling: [{ scope: 'queue', value: 'Nope', rate: 0.5 }] },
      }),
    ).rejects.toMatchObject({
      details: [expect.stringMatching(/^costControl\.sampling\[0\]\.value/)],
    });
    await expect(
      source.saveSettings({ costControl: { minDurationSec: 120, maxDurationSec: 60 } }),
    ).rejects.toMatchObject({ details: [expect.stringMatching(/^costControl\.maxDurationSec/)] });
    expect(await source.settings()).toEqual(saved);
  });
});

describe('settings preview', { timeout: 60_000 }, () => {
  it('shows exactly what saving then shows, and changes nothing', async () => {
    const source = createEmbeddedSource({ seed: 9, calls: 1200 });
    const info = await source.info();
    const filters = { from: info.range.from, to: info.range.to };
    const saved = await source.kpis({ filters });
    const patch = {
      smart: { repeatWindowDays: 2, fakeCallThreshold: 0.3, silenceThresholdMs: 2000 },
      costControl: { minDurationSec: 30 },
    };
    const preview = await source.previewSettings({ patch, filters });
    expect(preview.current).toEqual(saved.current);
    expect(preview.proposed.excludedCalls).toBeGreaterThan(0);
    expect(preview.proposed.fakeCallRate).not.toBe(preview.current.fakeCallRate);
    expect(preview.proposed.silenceShare).not.toBe(preview.current.silenceShare);
    // Nothing was saved by the preview.
    expect((await source.kpis({ filters })).current).toEqual(saved.current);
    expect((await source.settings()).smart.repeatWindowDays).toBe(7);
    const vendorRows = preview.groups.filter((g) => g.by === 'vendor');
    expect(vendorRows.reduce((n, g) => n + g.proposed.analysedCalls, 0)).toBe(
      preview.proposed.analysedCalls,
    );
    await source.saveSettings(patch);
    expect((await source.kpis({ filters })).current).toEqual(preview.proposed);
  });
});

describe('leads', { timeout: 60_000 }, () => {
  it('bulk-assigns leads to one owner, all or nothing, kept across a settings change', async () => {
    const source = createEmbeddedSource({ seed: 4, calls: 2000 });
    const page = await source.leads({ limit: 3 });
    expect(page.items.length).toBe(3);
    const ids = page.items.map((l) => l.id);
    const agent = (await source.catalog()).agents.at(-1)!.id;
    await expect(
      source.assignLeads({ leadIds: [...ids, 'lead-99999'], ownerAgentId: agent }),
    ).rejects.toMatchObject({
      code: 'invalid-query',
    });
    expect(
      (await source.leads({ ownerAgentId: agent })).items.filter((l) => ids.includes(l.id)),
    ).toHaveLength(page.items.filter((l) => l.ownerAgentId === agent).length);
    const updated = await source.assignLeads({ leadIds: ids, ownerAgentId: agent });
    expect(updated.map((l) => l.ownerAgentId)).toEqual([agent, agent, agent]);
    await source.saveSettings({ smart: { repeatWindowDays: 3 } });
    const mine = await source.leads({ ownerAgentId: agent, limit: 500 });
    expect(ids.every((id) => mine.items.some((l) => l.id === id))).toBe(true);
    const detail = await source.lead(ids[0]!);
    expect(detail!.lead.ownerAgentId).toBe(agent);
    expect(detail!.calls.map((c) => c.id)).toEqual(detail!.lead.callIds);
    for (const e of detail!.evidence) expect(detail!.lead.callIds).toContain(e.callId);
  });
});

describe('inbox and calendar', { timeout: 60_000 }, () => {
  it('lists rule, cost and dispute alerts with a read state that persists', async () => {
    const source = createEmbeddedSource({ seed: 7, calls: 2500 });
    await source.saveSettings({ costControl: { monthlyCap: 1 } });
    const items = await source.inbox();
    const kinds = new Set(items.map((i) => i.kind));
    expect(kinds.has('rule')).toBe(true);
    expect(kinds.has('cost')).toBe(true);
    expect(items.every((i) => !i.read)).toBe(true);
    const rule = items.find((i) => i.kind === 'rule')!;
    const failing = await source.calls({ filters: rule.filters! });
    expect(rule.title).toContain(`on ${failing.total} call`);
    const after = await source.markInboxRead({ ids: [rule.id], read: true });
    expect(after.find((i) => i.id === rule.id)!.read).toBe(true);
    expect((await source.inbox()).filter((i) => i.read).map((i) => i.id)).toEqual([rule.id]);
    await expect(source.markInboxRead({ ids: ['nope'], read: true })).rejects.toMatchObject({
      code: 'not-found',
    });
    const calendar = await source.calendar();
    expect(calendar.some((e) => e.kind === 'report')).toBe(true);
    expect([...calendar.map((e) => e.at)].sort()).toEqual(calendar.map((e) => e.at));
  });
});

describe('preferences', { timeout: 60_000 }, () => {
  it('are validated, kept, and set which report deliveries the calendar shows', async () => {
    const source = createEmbeddedSource({ seed: 7, calls: 300 });
    expect(await source.preferences()).toEqual({ inboxShows: 'all', reportDigest: 'weekly' });
    const weekly = (await source.calendar()).filter((e) => e.id.startsWith('report:weekly'));
    expect(weekly.length).toBe(2);
    await expect(
      source.savePreferences({ reportDigest: 'hourly' as 'daily' }),
    ).rejects.toMatchObject({ details: ['reportDigest: must be off, daily or weekly'] });
    await source.savePreferences({ reportDigest: 'daily', inboxShows: 'unread' });
    const daily = (await source.calendar()).filter((e) => e.id.startsWith('report:daily'));
    expect(daily.length).toBe(10);
    expect((await source.calendar()).some((e) => e.id.startsWith('report:weekly'))).toBe(false);
    expect((await source.preferences()).inboxShows).toBe('unread');
  });
});
