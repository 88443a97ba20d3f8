import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { compile } from 'json-schema-to-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleDataSchemas, readDataSchemas } from '../../../scripts/data/bundle-data-schemas.ts';
import { SMALL_CORPUS_BUDGET_MS, smallSource } from './shared-corpus.ts';

const dir = join(process.cwd(), 'schema', 'data');
const files = readDataSchemas(dir);

function ajv() {
  const a = new Ajv2020({
    allErrors: true,
    allowUnionTypes: true,
    strict: false,
    validateFormats: false,
  });
  for (const f of files) a.addSchema(f.schema);
  return a;
}
const id = (file: string) => `https://speech-analytics.local/schema/data/${file}`;

// The corpus is generated once, in its own budget, not in the first test's.
beforeAll(() => void smallSource(), SMALL_CORPUS_BUDGET_MS);

describe('data entity schemas', { timeout: 60_000 }, () => {
  it('describe every property', () => {
    const missing: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (Array.isArray(node)) return node.forEach((n, k) => walk(n, `${path}[${k}]`));
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (o.properties && typeof o.properties === 'object') {
        for (const [name, prop] of Object.entries(
          o.properties as Record<string, Record<string, unknown>>,
        )) {
          const refOnly = typeof prop.$ref === 'string' && prop.description === undefined;
          // A property that only references a type takes that type's description.
          if (!prop.description && !refOnly) missing.push(`${path}.${name}`);
        }
      }
      for (const [k, v] of Object.entries(o)) walk(v, `${path}.${k}`);
    };
    for (const f of files) walk(f.schema, f.fileName);
    expect(missing).toEqual([]);
  });

  it('generate the same TypeScript every time', async () => {
    const run = () =>
      compile(bundleDataSchemas(readDataSchemas(dir)) as never, 'DataEntities', {
        bannerComment: '',
        format: false,
        unreachableDefinitions: true,
      });
    const [a, b] = await Promise.all([run(), run()]);
    expect(a).toBe(b);
    expect(a).toContain('export interface Call ');
    expect(a).toContain('export interface TranscriptSegment ');
  });

  it('accept what the engine returns', async () => {
    const source = smallSource();
    const validator = ajv();
    const check = (file: string, value: unknown) => {
      const ok = validator.validate(id(file), value);
      expect(ok, `${file}: ${JSON.stringify(validator.errors?.slice(0, 3))}`).toBe(true);
    };
    const rows = await source.calls({ filters: { status: 'analysed' }, limit: 20 });
    for (const row of rows.items.slice(0, 8)) {
      const d = (await source.call(row.id))!;
      check('call.schema.json', d.call);
      d.transcript.forEach((s) => check('transcript-segment.schema.json', s));
      d.ruleResults.forEach((r) => check('rule-result.schema.json', r));
      d.evaluations.forEach((e) => check('evaluation.schema.json', e));
      check('agent.schema.json', d.agent);
      check('vendor.schema.json', d.vendor);
      check('customer.schema.json', d.customer);
      check('disposition.schema.json', d.disposition);
    }
    (await source.rules()).forEach((r) => check('rule.schema.json', r));
    (await source.evaluationForms()).forEach((f) => check('evaluation-form.schema.json', f));
    (await source.leads({ limit: 10 })).items.forEach((l) => check('lead.schema.json', l));
    (await source.usage({ from: '2026-03-01', to: '2026-03-03' })).records.forEach((r) =>
      check('usage-record.schema.json', r),
    );
    check('settings.schema.json', await source.settings());
  });

  it('reject malformed data', () => {
    const validator = ajv();
    expect(validator.validate(id('rule.schema.json'), { id: 'x', name: 'x' })).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, 'call.schema.json'), 'utf8')).title).toBe('Call');
  });
});
