/**
 * Calls look like real calls: handle times have a long tail (so AHT is not always under every
 * SLA target), and people say the same thing in different words (so a search for "refund"
 * does not return one agent sentence a hundred times). Checked on the demo's own corpus.
 */
import { describe, expect, it } from 'vitest';
import { handleTimeMs } from '../../../src/metrics/index.ts';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';

const source = createEmbeddedSource({ calls: 20_000 });
const { cols, n } = source.corpus;

const quantile = (sorted: readonly number[], p: number) =>
  sorted[Math.floor(p * (sorted.length - 1))]!;

describe('call lengths', () => {
  const answered: number[] = [];
  const handle: number[] = [];
  for (let i = 0; i < n; i++) {
    if (cols.status[i] !== 0 || cols.scenario[i] === 5 /* silent-or-fake */) continue;
    answered.push(cols.durationMs[i]!);
    handle.push(
      handleTimeMs({
        durationMs: cols.durationMs[i]!,
        ivrMs: cols.ivrMs[i]!,
        holdMs: cols.holdMs[i]!,
        acwMs: cols.acwMs[i]!,
      }),
    );
  }
  answered.sort((a, b) => a - b);
  handle.sort((a, b) => a - b);
  const minutes = (ms: number) => ms / 60_000;

  it('have a median of several minutes and a long tail past half an hour', () => {
    expect(minutes(quantile(answered, 0.5))).toBeGreaterThan(3);
    expect(minutes(quantile(handle, 0.5))).toBeGreaterThan(4.5);
    expect(minutes(quantile(answered, 0.99))).toBeGreaterThan(12);
    expect(handle.filter((ms) => ms > 30 * 60_000).length).toBeGreaterThan(10);
    // Hold is not recorded, but long holds happen.
    expect(Math.max(...Array.from(cols.holdMs))).toBeGreaterThan(10 * 60_000);
  });

  it('include the wait for a transfer in the hold', () => {
    const bit = 1 << source.corpus.categoryRuleIds.indexOf('cat-transfer');
    const hold: Record<'transferred' | 'other', [number, number]> = {
      transferred: [0, 0],
      other: [0, 0],
    };
    for (let i = 0; i < n; i++) {
      if (cols.status[i] !== 0) continue;
      const group = cols.categories[i]! & bit ? hold.transferred : hold.other;
      group[0] += cols.holdMs[i]!;
      group[1] += 1;
    }
    expect(hold.transferred[1]).toBeGreaterThan(100);
    const mean = ([total, count]: [number, number]) => total / count;
    expect(mean(hold.transferred)).toBeGreaterThan(mean(hold.other) + 60_000);
  });

  it('put some vendors over their AHT target and others under it', async () => {
    const rows = await source.aggregate({ filters: {}, by: 'vendor' });
    const vendors = (await source.catalog()).vendors;
    const status = rows.rows.map((row) => {
      const target = vendors.find((v) => v.id === row.key)!.sla.ahtMs;
      return row.metrics.ahtMs! > target;
    });
    expect(status).toContain(true);
    expect(status).toContain(false);
  });
});

describe('phrasing', () => {
  it('refunds come up in many different sentences, from customers and agents', async () => {
    const result = await source.search({ expression: 'refund', limit: 200 });
    expect(result.total).toBeGreaterThan(100);
    const sentences = new Map<string, Set<string>>();
    for (const hit of result.hits)
      for (const snippet of hit.snippets) {
        const said = sentences.get(snippet.speaker) ?? new Set<string>();
        // Amounts and names differ per call; compare the wording only.
        said.add(snippet.text.replace(/\$[\d.]+|[A-Z][a-z]+/g, '#'));
        sentences.set(snippet.speaker, said);
      }
    expect(sentences.get('CUSTOMER')?.size ?? 0).toBeGreaterThanOrEqual(3);
    expect(sentences.get('AGENT')?.size ?? 0).toBeGreaterThanOrEqual(3);
  });
});
