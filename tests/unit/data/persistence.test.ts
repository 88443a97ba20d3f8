import { describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import { PersistedSource } from '../../../src/data/engine/persistence/persisted-source.ts';
import { memoryStore } from '../../../src/data/engine/persistence/store.ts';
import { DataSourceError, type CallDataSource } from '../../../src/data/source.ts';

const options = { seed: 21, calls: 300 };
const open = (store: ReturnType<typeof memoryStore>) =>
  PersistedSource.open(createEmbeddedSource(options), store);

async function identityRule(source: CallDataSource) {
  return (await source.rules()).find((r) => r.id === 'rule-identity-verification')!;
}

describe('writes kept in the store', { timeout: 60_000 }, () => {
  it('survive a reload: rules, their history, forms and settings come back', async () => {
    const store = memoryStore();
    const first = await open(store);
    const rule = await identityRule(first);
    const { version: _v, ...draft } = rule;
    await first.saveRule({ ...draft, name: 'Identity check (strict)', baseVersion: rule.version });
    await first.saveSettings({ smart: { repeatWindowDays: 5 } });
    const [form] = await first.evaluationForms();
    const { version: _f, ...formDraft } = form!;
    await first.saveEvaluationForm({ ...formDraft, name: 'Quality v2', baseVersion: 1 });

    const reloaded = await open(store);
    const again = await identityRule(reloaded);
    expect(again).toMatchObject({ name: 'Identity check (strict)', version: rule.version + 1 });
    expect((await reloaded.ruleVersions(rule.id)).map((v) => v.rule.version)).toEqual([
      rule.version + 1,
      rule.version,
    ]);
    expect((await reloaded.settings()).smart.repeatWindowDays).toBe(5);
    expect((await reloaded.evaluationForms())[0]).toMatchObject({ name: 'Quality v2', version: 2 });
    expect((await reloaded.info()).storage).toEqual({ persistent: true, notices: [] });
    // The re-analysed history is the same as in the tab that saved.
    const all = { from: '2000-01-01', to: '2100-01-01' };
    expect((await reloaded.kpis({ filters: all })).current).toEqual(
      (await first.kpis({ filters: all })).current,
    );
  });

  it('drops a corrupt stored value with a notice and keeps the rest', async () => {
    const store = memoryStore();
    const first = await open(store);
    await first.saveSettings({ smart: { repeatWindowDays: 9 } });
    store.data.set('rules', { rules: [{ id: 'x', name: '' }] });
    const reloaded = await open(store);
    const info = await reloaded.info();
    expect(info.storage!.notices).toHaveLength(1);
    expect(info.storage!.notices[0]).toMatch(
      /saved compliance and category rules could not be read/,
    );
    expect((await reloaded.rules()).length).toBeGreaterThan(5);
    expect((await reloaded.settings()).smart.repeatWindowDays).toBe(9);
    expect(store.data.has('rules')).toBe(false);
  });

  it('keeps the preferences and the read state of inbox alerts across a reload', async () => {
    const store = memoryStore();
    const first = await open(store);
    await first.savePreferences({ inboxShows: 'unread', reportDigest: 'daily' });
    const [alert] = await first.inbox();
    await first.markInboxRead({ ids: [alert!.id], read: true });

    const reloaded = await open(store);
    expect(await reloaded.preferences()).toEqual({ inboxShows: 'unread', reportDigest: 'daily' });
    expect((await reloaded.inbox()).find((i) => i.id === alert!.id)?.read).toBe(true);
    expect((await reloaded.inbox()).filter((i) => i.read)).toHaveLength(1);

    // A damaged value is dropped with a notice; the defaults come back.
    store.data.set('personal', { preferences: { inboxShows: 'some' }, read: [] });
    const damaged = await open(store);
    expect((await damaged.info()).storage!.notices[0]).toMatch(/preferences and read alerts/);
    expect(await damaged.preferences()).toEqual({ inboxShows: 'all', reportDigest: 'weekly' });
  });

  it('rejects a save based on a stale version made in another tab', async () => {
    const store = memoryStore();
    const tabA = await open(store);
    const tabB = await open(store);
    const rule = await identityRule(tabB); // B reads version 1 ...
    const { version: _v, ...draft } = rule;
    await tabA.saveRule({ ...draft, severity: 'minor', baseVersion: rule.version }); // ... A saves v2
    const stale = tabB.saveRule({ ...draft, severity: 'major', baseVersion: rule.version });
    await expect(stale).rejects.toBeInstanceOf(DataSourceError);
    await expect(stale).rejects.toMatchObject({ code: 'conflict', retryable: false });
    // B now sees A's version, and nothing was overwritten.
    expect(await identityRule(tabB)).toMatchObject({
      severity: 'minor',
      version: rule.version + 1,
    });
    expect(await identityRule(await open(store))).toMatchObject({ severity: 'minor' });
  });

  it('rejects a form published on a stale version', async () => {
    const source = await open(memoryStore());
    const [form] = await source.evaluationForms();
    const { version: _v, ...draft } = form!;
    await source.saveEvaluationForm({ ...draft, baseVersion: 1 });
    await expect(source.saveEvaluationForm({ ...draft, baseVersion: 1 })).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('keeps a submitted review and its dispute across a reload', async () => {
    const store = memoryStore();
    const first = await open(store);
    const queue = await first.reviewQueue({ sampling: 'random', filters: {} });
    const call = queue.page.items[0]!;
    expect(call.reviewStatus).toBeNull();
    const detail = (await first.call(call.callId))!;
    const ai = detail.evaluations.find((e) => e.source === 'ai')!;
    const submitted = await first.submitEvaluation({
      callId: call.callId,
      evaluator: 'Rita Reviewer',
      source: 'human',
      answers: ai.answers,
    });
    await first.updateEvaluation({
      id: submitted.evaluation.id,
      action: 'dispute',
      by: call.agentName,
      note: 'I did verify the caller',
    });
    const reloaded = await open(store);
    const calibration = await reloaded.calibration(call.callId);
    expect(calibration.reviews.map((r) => r.evaluation.status)).toEqual(['disputed']);
    expect(calibration.reviews[0]!.history.map((h) => h.action)).toEqual(['submit', 'dispute']);
    const disputes = await reloaded.reviewQueue({ sampling: 'disputes', filters: {} });
    expect(disputes.page.items.some((i) => i.callId === call.callId)).toBe(true);
  });

  it("sets reviews made on another day's demo calls aside and keeps rules and settings", async () => {
    const store = memoryStore();
    const first = await open(store);
    const queue = await first.reviewQueue({ sampling: 'random', filters: {} });
    const call = queue.page.items[0]!;
    const ai = (await first.call(call.callId))!.evaluations.find((e) => e.source === 'ai')!;
    await first.submitEvaluation({
      callId: call.callId,
      evaluator: 'Rita Reviewer',
      source: 'human',
      answers: ai.answers,
    });
    await first.saveSettings({ smart: { repeatWindowDays: 6 } });
    // The next day the corpus ends a day later and call ids name other calls.
    const nextDay = await PersistedSource.open(
      createEmbeddedSource({ ...options, day: '2026-04-01' }),
      store,
    );
    const notices = (await nextDay.info()).storage!.notices;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(
      /evaluations by reviewers .*up to 2026-03-31.*now ends on 2026-04-01/,
    );
    expect((await nextDay.calibration(call.callId)).reviews).toEqual([]);
    expect((await nextDay.settings()).smart.repeatWindowDays).toBe(6);
    // Set aside once: the store no longer holds them.
    const again = await open(store);
    expect((await again.info()).storage!.notices).toEqual([]);
  });

  it('keeps an undone metadata import undone and assigned lead owners across a reload', async () => {
    const store = memoryStore();
    const first = await open(store);
    const mapping = { callId: 'id', brand: 'brand' };
    const brandA = await first.importMetadata({
      fileName: 'a.csv',
      mapping,
      csv: 'id,brand\ncall-000005,A1\n',
    });
    const brandB = await first.importMetadata({
      fileName: 'b.csv',
      mapping,
      csv: 'id,brand\ncall-000005,B2\n',
    });
    expect([brandA.applied, brandB.applied]).toEqual([true, true]);
    await first.undoMetadataImport(brandB.id);
    const [lead] = (await first.leads({ limit: 1 })).items;
    const { agents } = await first.catalog();
    const owner = agents.find((a) => a.id !== lead!.ownerAgentId)!.id;
    await first.assignLeads({ leadIds: [lead!.id], ownerAgentId: owner });

    const reloaded = await open(store);
    expect((await reloaded.call('call-000005'))!.call.brand).toBe('A1');
    expect((await reloaded.lead(lead!.id))!.lead.ownerAgentId).toBe(owner);
    expect((await reloaded.info()).storage!.notices).toEqual([]);

    // Undoing the other one too leaves nothing to replay; a damaged owner list is dropped.
    await reloaded.undoMetadataImport((await reloaded.metadataImports())[0]!.id);
    const { day } = store.data.get('leadOwners') as { day: string };
    store.data.set('leadOwners', { day, items: [[lead!.id, 'agent-x']] });
    const again = await open(store);
    expect((await again.call('call-000005'))!.call.brand).not.toMatch(/^(A1|B2)$/);
    expect((await again.info()).storage!.notices[0]).toMatch(/lead owners you assigned/);
    expect((await again.lead(lead!.id))!.lead.ownerAgentId).toBe(lead!.ownerAgentId);
  });

  it('works from memory with a notice when the browser gives no store', async () => {
    const source = await PersistedSource.open(createEmbeddedSource(options), null, 'private mode');
    expect((await source.info()).storage).toEqual({
      persistent: false,
      notices: ['Changes are kept only until the page is reloaded: private mode.'],
    });
  });
});

describe("the dashboard's answers kept for the worker's state", { timeout: 60_000 }, () => {
  const all = { filters: { from: '2000-01-01', to: '2100-01-01' } };

  it('answers the same read again from the kept answer, and reads afresh after a write', async () => {
    const source = await open(memoryStore());
    const kept = await source.kpis(all);
    expect(await source.kpis(all)).toBe(kept);
    expect(await source.kpis({ filters: { ...all.filters, vendorId: 'vendor-01' } })).not.toBe(
      kept,
    );

    await source.saveSettings({ smart: { repeatWindowDays: 2 } });
    const after = await source.kpis(all);
    expect(after).not.toBe(kept);
    // What a source that never kept anything answers after the same write.
    const fresh = createEmbeddedSource(options);
    await fresh.saveSettings({ smart: { repeatWindowDays: 2 } });
    expect(after).toEqual(await fresh.kpis(all));
  });

  it("drops them when another tab's change is loaded", async () => {
    const store = memoryStore();
    const tabA = await open(store);
    const tabB = await open(store);
    const kept = await tabA.aggregate({ ...all, by: 'vendor' });
    await tabB.saveSettings({ smart: { repeatWindowDays: 3 } });
    await tabA.info(); // loads B's change
    expect(await tabA.aggregate({ ...all, by: 'vendor' })).not.toBe(kept);
  });

  it('drops them at a lead assignment', async () => {
    const source = await open(memoryStore());
    const series = { filters: (await source.info()).range, bucket: 'week' } as const;
    const kept = await source.timeSeries(series);
    expect(await source.timeSeries(series)).toBe(kept);
    const lead = (await source.leads({ limit: 1 })).items[0]!;
    await source.assignLeads({ leadIds: [lead.id], ownerAgentId: lead.ownerAgentId });
    expect(await source.timeSeries(series)).not.toBe(kept);
  });
});
