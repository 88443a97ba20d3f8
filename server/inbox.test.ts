/**
 * The inbox folder (SA_API_INBOX): a call dropped in while the API runs is served, its files in
 * done/; a file still being written stays where it is until it has stopped changing.
 */
import {
  appendFileSync,
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMetadataCsv } from '../src/domain/ingest/index.ts';
import { requestApi, startTestApi, temporaryDataDir } from './test-kit.ts';

const samples = path.resolve(import.meta.dirname, '../samples/calls');
const ALL_TIME = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

/** A sample call's metadata row as `<id>.meta.json`. */
function sampleMeta(id: string): string {
  const csv = readMetadataCsv(readFileSync(path.join(samples, 'metadata.csv'), 'utf8'));
  return JSON.stringify(csv.rows.find((row) => row.id === id));
}

describe('inbox folder', () => {
  const folder = temporaryDataDir();
  let t: Awaited<ReturnType<typeof startTestApi>>;
  let reader: string;
  const served = async () =>
    (await requestApi(t.api.url, reader, 'POST', '/v1/kpis', { filters: ALL_TIME })).body.current
      .calls as number;

  beforeAll(async () => {
    t = await startTestApi(500, {
      SA_API_DEMO: 'off',
      SA_API_INBOX: folder.dir,
      SA_API_INBOX_EVERY_S: '1',
    });
    reader = await t.authority.token({ scope: 'calls.read' });
  });
  afterAll(async () => {
    await t?.stop();
    folder.remove();
  });

  it('takes a dropped call through the write path: served, audited, files in done/', async () => {
    expect(await served()).toBe(0);
    cpSync(path.join(samples, 'call-1002.vtt'), path.join(folder.dir, 'call-1002.vtt'));
    writeFileSync(path.join(folder.dir, 'call-1002.meta.json'), sampleMeta('call-1002'));
    // Each look is one second apart; a budget of 30 looks covers a loaded machine.
    for (let look = 0; look < 30 && (await served()) === 0; look++) await t.api.inbox!.nextLook();
    expect(await served()).toBe(1);
    expect(readdirSync(path.join(folder.dir, 'done')).sort()).toEqual([
      'call-1002.meta.json',
      'call-1002.vtt',
    ]);
    const audit = await t.api.service.audit(0, 5);
    expect(audit.rows[0]?.actor).toBe('inbox (SA_API_INBOX)');
  });

  it('leaves a file still being written until it stops changing', async () => {
    const transcript = readFileSync(path.join(samples, 'call-1001.json'), 'utf8');
    const half = Math.floor(transcript.length / 2);
    const growing = path.join(folder.dir, 'call-1001.json');
    writeFileSync(path.join(folder.dir, 'call-1001.meta.json'), sampleMeta('call-1001'));
    writeFileSync(growing, transcript.slice(0, half));
    // The file grows between every two looks, as a slow copy does: none of them takes it.
    for (let at = half; at < transcript.length;) {
      const next = Math.min(transcript.length, at + Math.ceil((transcript.length - half) / 4));
      await t.api.inbox!.nextLook();
      expect(existsSync(growing)).toBe(true);
      appendFileSync(growing, transcript.slice(at, next));
      at = next;
    }
    expect(existsSync(growing)).toBe(true);
    expect(existsSync(path.join(folder.dir, 'rejected'))).toBe(false);
    // Written out: taken whole once it has held still for a look.
    for (let look = 0; look < 30 && (await served()) === 1; look++) await t.api.inbox!.nextLook();
    expect(await served()).toBe(2);
    expect(readdirSync(path.join(folder.dir, 'done'))).toContain('call-1001.json');
  });
});
