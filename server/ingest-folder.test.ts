/** `npm run ingest`'s folder: pairs and metadata read, calls ingested, files moved with reasons. */
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from './auth.ts';
import { loadApiConfig, openApiService } from './index.ts';
import { ingestFolder } from './ingest-folder.ts';
import type { ApiService } from './service.ts';
import { temporaryDataDir } from './test-kit.ts';

const samples = path.resolve(import.meta.dirname, '../samples/calls');
const caller: Caller = {
  subject: 'cli:test',
  name: 'test (npm run ingest)',
  displayName: 'test',
  scopes: new Set(['calls.write']),
  roles: ['admin'],
};

describe('ingestFolder', () => {
  const data = temporaryDataDir();
  const folder = path.join(data.dir, 'inbox');
  let service: ApiService;

  beforeAll(async () => {
    cpSync(samples, folder, { recursive: true });
    // One call with its metadata beside it, one with a wrong field, one with none.
    writeFileSync(
      path.join(folder, 'extra-1.vtt'),
      'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\n<v Agent>Hello, how can I help?\n\n00:00:03.500 --> 00:00:06.000\n<v Customer>I want to cancel.\n',
    );
    const meta = {
      startedAt: '2026-03-05T09:00:00Z',
      direction: 'inbound',
      agent: 'Ken Ito',
      vendor: 'Contoso Outsourcing',
      customer: 'CUST-1',
    };
    writeFileSync(path.join(folder, 'extra-1.meta.json'), JSON.stringify(meta));
    cpSync(path.join(folder, 'extra-1.vtt'), path.join(folder, 'extra-2.vtt'));
    writeFileSync(
      path.join(folder, 'extra-2.meta.json'),
      JSON.stringify({ ...meta, direction: 'sideways' }),
    );
    cpSync(path.join(folder, 'extra-1.vtt'), path.join(folder, 'orphan.vtt'));
    const config = loadApiConfig({
      SA_API_AUTHORITY: 'http://127.0.0.1',
      SA_API_DATA_DIR: path.join(data.dir, 'db'),
      SA_API_DEMO: 'off',
    });
    service = await openApiService(config);
  });
  afterAll(async () => {
    await service?.close();
    data.remove();
  });

  it('ingests the samples, moves them to done/ and rejects to rejected/ with the reason', async () => {
    const summary = await ingestFolder(folder, service, caller, { batch: 3 });
    expect(summary).toMatchObject({ accepted: 7, rejected: 2 });
    expect(readdirSync(path.join(folder, 'done')).sort()).toEqual(
      [
        ...readdirSync(samples).filter((f) => f !== 'metadata.csv'),
        'extra-1.vtt',
        'extra-1.meta.json',
      ].sort(),
    );
    expect(readFileSync(path.join(folder, 'rejected', 'extra-2.reason.txt'), 'utf8')).toMatch(
      /^direction: /,
    );
    expect(readFileSync(path.join(folder, 'rejected', 'orphan.reason.txt'), 'utf8')).toMatch(
      /^metadata: no row with id orphan/,
    );
    expect(existsSync(path.join(folder, 'extra-1.vtt'))).toBe(false);
    expect(service.corpus.n).toBe(7);
    const audit = await service.audit(0, 10);
    expect(audit.rows.every((r) => r.actor === 'test (npm run ingest)')).toBe(true);
  });
});
