/** `npm run ingest`'s folder: pairs and metadata read, calls ingested, files moved with reasons. */
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from './auth.ts';
import { loadApiConfig, openApiService } from './index.ts';
import { ingestFolder } from './ingest-folder.ts';
import { audioOf } from './audio/index.ts';
import { mp3Frame, opusHead, spokenCardTranscript, telephoneWav } from '../tests/audio-fixtures.ts';
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
  let config: ReturnType<typeof loadApiConfig>;

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
    config = loadApiConfig({
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

  it('stores the recording beside each transcript, silenced where a card was said', async () => {
    const inbox = path.join(data.dir, 'inbox-audio');
    cpSync(path.join(folder, 'done', 'extra-1.vtt'), path.join(inbox, 'plain-1.vtt'));
    const card = spokenCardTranscript();
    const meta = (id: string) =>
      JSON.stringify({
        startedAt: '2026-03-06T09:00:00Z',
        direction: 'inbound',
        agent: 'Ken Ito',
        vendor: 'Contoso Outsourcing',
        customer: `CUST-${id}`,
      });
    for (const id of ['plain-1', 'card-1', 'card-2'])
      writeFileSync(path.join(inbox, `${id}.meta.json`), meta(id));
    writeFileSync(path.join(inbox, 'card-1.json'), card.text);
    writeFileSync(path.join(inbox, 'card-2.json'), card.text);
    writeFileSync(path.join(inbox, 'plain-1.opus'), opusHead());
    writeFileSync(path.join(inbox, 'card-1.wav'), telephoneWav(card.durationMs));
    // MP3 cannot be silenced: the call is taken, its recording refused with the reason.
    writeFileSync(path.join(inbox, 'card-2.mp3'), mp3Frame());
    const audio = audioOf(config).calls;
    const summary = await ingestFolder(inbox, service, caller, { audio });
    expect(summary).toMatchObject({ accepted: 3, rejected: 0, audioStored: 2 });
    expect(summary.audioRejects.map((r) => r.id)).toEqual(['card-2']);
    expect(readFileSync(path.join(inbox, 'rejected', 'card-2.audio-reason.txt'), 'utf8')).toMatch(
      /card-2\.mp3: .*cannot be silenced/,
    );
    expect(readdirSync(path.join(inbox, 'rejected')).sort()).toEqual([
      'card-2.audio-reason.txt',
      'card-2.mp3',
    ]);
    expect(readdirSync(path.join(inbox, 'done'))).toContain('card-1.wav');
    const callOf = (id: string) => {
      const i = service.corpus.ingested!.byExternalId.get(id)!;
      return `call-${String(i + 1).padStart(6, '0')}`;
    };
    expect((await audio.entry(callOf('plain-1')))?.contentType).toBe('audio/ogg; codecs=opus');
    expect(await audio.entry(callOf('card-2'))).toBeNull();
    const entry = (await audio.entry(callOf('card-1')))!;
    expect(entry.silenced).toHaveLength(1);
    const chunks: Buffer[] = [];
    for await (const chunk of audio.store.get(entry.hash)) chunks.push(chunk as Buffer);
    const stored = Buffer.concat(chunks);
    const sample = (ms: number) => stored[44 + Math.floor(ms * 8)];
    expect(sample(card.card.beginMs + 100)).toBe(0xff);
    expect(sample(card.card.endMs - 100)).toBe(0xff);
    expect(sample(card.card.beginMs - 1000)).toBe(0x2a);
  });
});
