import { it } from 'vitest';
import { createEmbeddedSource } from '/work/wt/rules/src/data/engine/index.ts';
it('probe', async () => {
  const s = createEmbeddedSource({ calls: 20000 });
  const info = await s.info();
  const to = info.range.to; const from = new Date(Date.parse(to) - 7*86400000).toISOString();
  for (const terms of [['cancel'], ['sorry'], ['competitor']]) {
    const t0 = performance.now();
    const p = await s.previewRule({ rule: { name: 'x', kind: 'compliance', active: true, scope: {}, severity: 'critical', points: 5, condition: { phrase: { terms: terms as [string], speaker: 'CUSTOMER' } } }, filters: { from, to }, sampleSize: 1e6 });
    console.log(terms, p.hits, p.applicableCalls, Math.round(performance.now() - t0), 'ms');
  }
}, 120000);
