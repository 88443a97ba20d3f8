/** Ingest in the engine: the samples land, are analysed, counted, found, replaced and deleted. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMetadataCsv } from '../../domain/ingest/index.ts';
import { emptyCorpus } from '../corpus/ingested.ts';
import { EmbeddedSource, createEmbeddedSource } from './embedded-source.ts';
import type { IngestRecord } from '../source.ts';
import { PersistedSource } from './persistence/persisted-source.ts';
import { writingAt } from './write-clock.ts';
import { memoryStore } from './persistence/store.ts';

const dir = path.resolve(import.meta.dirname, '../../../samples/calls');
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');

function sampleRecords(): IngestRecord[] {
  const files = readdirSync(dir).filter((f) => f !== 'metadata.csv');
  return readMetadataCsv(read('metadata.csv')).rows.map((row) => {
    const fileName = files.find((f) => f.replace(/\.[^.]+$/, '') === row.id)!;
    return { metadata: row, transcript: { fileName, text: read(fileName) } };
  });
}

const ALL_TIME = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

describe('ingestCalls', () => {
  it('adds the sample calls to an empty deployment, analysed and counted everywhere', async () => {
    const source = new EmbeddedSource(emptyCorpus());
    expect((await source.kpis({ filters: ALL_TIME })).current.calls).toBe(0);
    const report = await source.ingestCalls({ calls: sampleRecords() });
    expect(report).toMatchObject({ accepted: 6, rejected: 0 });
    const kpis = await source.kpis({ filters: ALL_TIME });
    expect(kpis.current.calls).toBe(6);
    const page = await source.calls({ filters: ALL_TIME, limit: 50 });
    expect(page.total).toBe(6);
    // In time order: the CSV's first call is the oldest.
    const first = report.results[0]!;
    expect(first.status).toBe('accepted');
    const detail = await source.call((first as { callId: string }).callId);
    expect(detail?.agent.name).toBe('Maria Lopez');
    expect(detail?.customer.name).toBe('CUST-20418');
    expect(detail?.ruleResults.length).toBeGreaterThan(0);
    const text = detail!.transcript.map((s) => s.text).join(' ');
    expect(text).toContain('[card]');
    expect(text).not.toMatch(/four one one one, one one one one/);
    expect(detail!.transcript.some((s) => s.redactions.length > 0)).toBe(true);
    // The agents, vendors and customers named are created once each.
    const catalog = await source.catalog();
    expect(catalog.agents.map((a) => a.name).sort()).toEqual(
      ['Ana Petrova', 'Dana Reyes', 'Ken Ito', 'Lee Park', 'Maria Lopez'].sort(),
    );
    expect(catalog.vendors).toHaveLength(3);
    // Maria's two calls for CUST-20418 two days apart: a repeat within the 7-day window.
    const repeats = await source.kpis({
      filters: { ...ALL_TIME, customerId: detail!.customer.id },
    });
    expect(repeats.current.calls).toBe(2);
    const found = await source.search({ expression: 'overdue', filters: ALL_TIME, limit: 10 });
    expect(found.total).toBeGreaterThan(0);
  });

  it('replaces a re-sent call instead of adding it, and reports bad records by field', async () => {
    const source = new EmbeddedSource(emptyCorpus());
    const records = sampleRecords();
    await source.ingestCalls({ calls: records });
    const again = await source.ingestCalls({
      calls: [
        records[0]!,
        { ...records[1]!, metadata: { ...records[1]!.metadata, direction: 'sideways' } },
        { ...records[2]!, metadata: { ...records[2]!.metadata, disposition: 'paid' } },
      ],
    });
    expect(again.results[0]).toMatchObject({ status: 'accepted', replaced: true });
    expect(again.results[1]).toMatchObject({ status: 'rejected', field: 'direction' });
    expect(again.results[2]).toMatchObject({ status: 'rejected', field: 'disposition' });
    expect((await source.kpis({ filters: ALL_TIME })).current.calls).toBe(6);
  });

  it("moves a deployment's last day to the day a later call comes in; a pinned day refuses it", async () => {
    const later = (records: IngestRecord[]) => ({
      calls: [
        {
          ...records[0]!,
          metadata: { ...records[0]!.metadata, startedAt: '2026-04-02T09:00:00Z' },
        },
      ],
    });
    // A deployment started on 31 March that keeps running: a call of 2 April, sent that day.
    const corpus = emptyCorpus('2026-03-31');
    corpus.followsClock = true;
    const running = new EmbeddedSource(corpus);
    const sent = await writingAt(corpus, '2026-04-02T10:00:00Z', () =>
      running.ingestCalls(later(sampleRecords())),
    );
    expect(sent).toMatchObject({ accepted: 1, rejected: 0 });
    const range = (await running.info()).range;
    expect(range.to).toBe('2026-04-03T00:00:00.000Z');
    // The period keeps its length, so the default "last days" now end with the new call.
    expect(Date.parse(range.to) - Date.parse(range.from)).toBe(corpus.toMs - corpus.fromMs);
    const lastDay = { from: '2026-04-02T00:00:00Z', to: range.to };
    expect((await running.kpis({ filters: lastDay })).current.calls).toBe(1);
    // A call still to come (after the day it is sent on) is refused as before.
    const early = await writingAt(corpus, '2026-04-02T23:00:00Z', () =>
      running.ingestCalls({
        calls: [
          {
            ...later(sampleRecords()).calls[0]!,
            metadata: { ...sampleRecords()[1]!.metadata, startedAt: '2026-04-03T09:00:00Z' },
          },
        ],
      }),
    );
    expect(early.results[0]).toMatchObject({ status: 'rejected', field: 'startedAt' });
    // A pinned day (tests, a fixed demo) does not move.
    const pinned = new EmbeddedSource(emptyCorpus('2026-03-31'));
    const refused = await pinned.ingestCalls(later(sampleRecords()));
    expect(refused.results[0]).toMatchObject({ status: 'rejected', field: 'startedAt' });
    expect((await pinned.info()).range.to).toBe('2026-04-01T00:00:00.000Z');
  });

  it('deletes one call, or every call of a customer, from every read', async () => {
    const source = new EmbeddedSource(emptyCorpus());
    const report = await source.ingestCalls({ calls: sampleRecords() });
    const ids = report.results.map((r) => (r as { callId: string }).callId);
    expect(await source.deleteCalls({ callId: ids[1]! })).toEqual({ deleted: [ids[1]] });
    expect(await source.call(ids[1]!)).toBeNull();
    expect((await source.kpis({ filters: ALL_TIME })).current.calls).toBe(5);
    expect(
      (await source.search({ expression: 'refunded', filters: ALL_TIME, limit: 10 })).total,
    ).toBe(1);
    const gone = await source.deleteCalls({ customerId: 'CUST-20418' });
    expect(
      (await source.search({ expression: 'refunded', filters: ALL_TIME, limit: 10 })).total,
    ).toBe(0);
    expect(gone.deleted).toHaveLength(2);
    expect((await source.calls({ filters: ALL_TIME, limit: 50 })).total).toBe(3);
  });

  it('adds calls to a generated corpus without changing the generated ones', async () => {
    const source = createEmbeddedSource({ calls: 500, seed: 7 });
    const before = await source.call('call-000010');
    const total = (await source.kpis({ filters: ALL_TIME })).current.calls;
    await source.ingestCalls({ calls: sampleRecords() });
    expect((await source.kpis({ filters: ALL_TIME })).current.calls).toBe(total + 6);
    const after = await source.call('call-000010');
    expect(after?.transcript).toEqual(before?.transcript);
    expect(after?.call.startedAt).toBe(before?.call.startedAt);
  });

  it('keeps calls loaded in the browser across a reload, redacted, with their ids', async () => {
    const store = memoryStore();
    const open = () => PersistedSource.open(createEmbeddedSource({ calls: 300, seed: 21 }), store);
    const first = await open();
    const report = await first.ingestCalls({ calls: sampleRecords() });
    const id = (report.results[0] as { callId: string }).callId;
    expect(JSON.stringify(store.data.get('ingested'))).not.toMatch(/four one one one, one/);
    const reloaded = await open();
    expect((await reloaded.info()).storage?.notices).toEqual([]);
    const again = await reloaded.call(id);
    expect(again?.transcript).toEqual((await first.call(id))?.transcript);
    expect((await reloaded.kpis({ filters: ALL_TIME })).current).toEqual(
      (await first.kpis({ filters: ALL_TIME })).current,
    );
  });
});
