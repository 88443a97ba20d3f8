/**
 * A call's audio through the API (SA_API_DEMO=off): stored by content hash, served whole and
 * by byte range, only to a reader (token or signed link), other formats refused by their bytes,
 * a spoken card number silenced in the stored WAV (checked sample by sample), Opus/MP3 of a call
 * with redactions refused, and the recording deleted with its last call.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mp3Frame,
  opusHead,
  spokenCardTranscript,
  telephoneWav,
} from '../../tests/audio-fixtures.ts';
import { requestApi, startTestApi } from '../test-kit.ts';
import { SILENCE_MARGIN_MS } from './index.ts';

const WAV_HEADER = 44;
const RATE = 8000;

function meta(id: string) {
  return {
    id,
    startedAt: '2026-03-10T10:00:00Z',
    direction: 'inbound',
    agent: 'Maria Lopez',
    vendor: 'Northwind In-house',
    customer: `CUST-${id}`,
  };
}

const plainTranscript = JSON.stringify({
  segments: [
    { speaker: 'AGENT', text: 'Hello, how can I help?', beginMs: 0, endMs: 2000 },
    { speaker: 'CUSTOMER', text: 'My bill is wrong.', beginMs: 2500, endMs: 4000 },
  ],
});

describe('call audio API', () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;
  let writer: string;
  let reader: string;
  let stranger: string;
  let admin: string;
  const card = spokenCardTranscript();
  const ids: Record<string, string> = {};

  const ingest = async (id: string, text: string, fileName = `${id}.json`) => {
    const answer = await requestApi(t.api.url, writer, 'POST', '/v1/calls', {
      metadata: meta(id),
      transcript: { fileName, text },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    ids[id] = answer.body.callId as string;
    return answer.body;
  };
  const put = (id: string, bytes: Uint8Array, token = writer) =>
    fetch(`${t.api.url}/v1/calls/${id}/audio`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'audio/wav' },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
  const get = (id: string, headers: Record<string, string> = {}, token: string | null = reader) =>
    fetch(`${t.api.url}/v1/calls/${id}/audio`, {
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const bytesOf = async (r: Response) => new Uint8Array(await r.arrayBuffer());

  beforeAll(async () => {
    t = await startTestApi(500, { SA_API_DEMO: 'off', SA_API_AUDIO_LIMIT: '1000000' });
    writer = await t.authority.token({ scope: 'calls.read calls.write', roles: ['supervisor'] });
    reader = await t.authority.token({ scope: 'calls.read' });
    admin = await t.authority.token({ scope: 'calls.read calls.write', roles: ['admin'] });
    stranger = await t.authority.token({ scope: 'settings.write' });
    const report = await ingest('card-1', card.text);
    expect(report.redactions).toBeGreaterThan(0);
    await ingest('plain-1', plainTranscript);
    await ingest('plain-2', plainTranscript);
  });
  afterAll(() => t?.stop());

  it('silences the spoken card number in the stored µ-law WAV, and nothing else', async () => {
    const wav = telephoneWav(card.durationMs);
    const stored = await put('card-1', wav);
    expect(stored.status).toBe(201);
    const answer = await stored.json();
    const from = card.card.beginMs - SILENCE_MARGIN_MS;
    const to = card.card.endMs + SILENCE_MARGIN_MS;
    expect(answer).toMatchObject({
      callId: ids['card-1'],
      contentType: 'audio/wav',
      bytes: wav.length,
      durationMs: card.durationMs,
      silenced: [{ beginMs: from, endMs: to }],
    });
    const back = await bytesOf(await get('card-1'));
    expect(back.length).toBe(wav.length);
    const sample = (ms: number) => back[WAV_HEADER + Math.floor((ms * RATE) / 1000)];
    // µ-law silence is 0xff; the generated tone is 0x2a everywhere else.
    for (let ms = from; ms < to; ms += 5) expect(sample(ms), `${ms} ms`).toBe(0xff);
    expect(sample(from - 10)).toBe(0x2a);
    expect(sample(to + 10)).toBe(0x2a);
    expect(sample(500)).toBe(0x2a);
    const silent = back.subarray(WAV_HEADER).filter((b) => b === 0xff).length;
    expect(silent).toBe(Math.round(((to - from) * RATE) / 1000));
    // The header is the sender's: the stored file is still a WAV of the same length.
    expect([...back.subarray(0, WAV_HEADER)]).toEqual([...wav.subarray(0, WAV_HEADER)]);
  });

  it('answers ranges: 206 with Content-Range, the last bytes, 416 past the end', async () => {
    const size = telephoneWav(card.durationMs).length;
    const whole = await get('card-1');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Number(whole.headers.get('content-length'))).toBe(size);
    const full = await bytesOf(whole);
    const part = await get('card-1', { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect([...(await bytesOf(part))]).toEqual([...full.subarray(100, 200)]);
    const open = await get('card-1', { range: `bytes=${size - 5}-` });
    expect(open.status).toBe(206);
    expect((await bytesOf(open)).length).toBe(5);
    const suffix = await get('card-1', { range: 'bytes=-10' });
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    const past = await get('card-1', { range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    const head = await fetch(`${t.api.url}/v1/calls/${ids['card-1']}/audio`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(head.status).toBe(200);
  });

  it('serves audio only to a reader: token with calls.read, or the signed link of the call', async () => {
    expect((await get('card-1', {}, null)).status).toBe(401);
    expect((await get('card-1', {}, stranger)).status).toBe(403);
    const detail = await requestApi(t.api.url, reader, 'GET', `/v1/calls/${ids['card-1']}`);
    const link = detail.body.call.audioUrl as string;
    expect(link).toMatch(/^\/v1\/calls\/call-\d+\/audio\?expires=\d+&signature=/);
    const signed = await fetch(`${t.api.url}${link}`, { headers: { range: 'bytes=0-3' } });
    expect(signed.status).toBe(206);
    expect(new TextDecoder().decode(await bytesOf(signed))).toBe('RIFF');
    // The link is for its call only, and cannot be altered.
    const other = link.replace(ids['card-1']!, ids['plain-1']!);
    expect((await fetch(`${t.api.url}${other}`)).status).toBe(403);
    const forged = link.replace(/expires=(\d+)/, (_, s: string) => `expires=${Number(s) + 1}`);
    const refused = await fetch(`${t.api.url}${forged}`);
    expect(refused.status).toBe(403);
    // The contract's body, with the code its status stands for (not a bad query).
    expect((await refused.json()).error.code).toBe('unauthorised');
    // A call without audio has no link; its audio is 404 to a reader.
    const plain = await requestApi(t.api.url, reader, 'GET', `/v1/calls/${ids['plain-1']}`);
    expect(plain.body.call.audioUrl).toBeUndefined();
    const noAudio = await get('plain-1');
    expect(noAudio.status).toBe(404);
    expect((await noAudio.json()).error.code).toBe('not-found');
    // Sending audio needs the ingest scope.
    expect((await put('plain-1', telephoneWav(500), reader)).status).toBe(403);
    const noCall = await put('no-such-call', telephoneWav(500));
    expect(noCall.status).toBe(404);
    expect((await noCall.json()).error.code).toBe('not-found');
  });

  it('refuses what is not WAV, Opus or MP3 by its bytes, naming it', async () => {
    const text = await put('plain-1', new TextEncoder().encode('hello, this is not audio at all'));
    expect(text.status).toBe(415);
    expect((await text.json()).error.message).toMatch(/text/);
    const flac = new Uint8Array(64);
    flac.set(new TextEncoder().encode('fLaC'));
    const refused = await put('plain-1', flac);
    expect(refused.status).toBe(415);
    expect((await refused.json()).error.message).toMatch(/FLAC/);
    const opus = await put('plain-1', opusHead());
    expect(opus.status).toBe(201);
    expect((await opus.json()).contentType).toBe('audio/ogg; codecs=opus');
    const mp3 = await put('plain-1', mp3Frame());
    expect(mp3.status).toBe(201);
    expect((await get('plain-1')).headers.get('content-type')).toBe('audio/mpeg');
  });

  it('refuses Opus or MP3 of a call with redactions rather than keep the card audible', async () => {
    for (const bytes of [mp3Frame(), opusHead()]) {
      const answer = await put('card-1', bytes);
      expect(answer.status).toBe(422);
      expect((await answer.json()).error.message).toMatch(/cannot be silenced.*WAV/);
    }
    // The silenced WAV stored before is still the call's.
    expect((await get('card-1')).headers.get('content-type')).toBe('audio/wav');
  });

  it('deletes a recording with the last call that uses it', async () => {
    const wav = telephoneWav(800, { code: 1, fill: 0x11 });
    const first = await (await put('plain-1', wav)).json();
    const second = await (await put('plain-2', wav)).json();
    expect(second.hash).toBe(first.hash);
    const object = join(t.config.dataDir, 'audio', 'objects', first.hash.slice(0, 2), first.hash);
    expect(existsSync(object)).toBe(true);
    const drop = (id: string) => requestApi(t.api.url, admin, 'DELETE', `/v1/calls/${id}`);
    expect((await drop('plain-1')).status).toBe(200);
    expect(existsSync(object)).toBe(true);
    expect((await get('plain-2')).status).toBe(200);
    expect((await drop('plain-2')).status).toBe(200);
    expect(existsSync(object)).toBe(false);
    expect((await get('plain-2')).status).toBe(404);
  });

  it('drops the recording of a re-sent call (it was silenced for the transcript replaced)', async () => {
    await ingest('resent-1', plainTranscript);
    expect((await put('resent-1', telephoneWav(500))).status).toBe(201);
    expect((await get('resent-1')).status).toBe(200);
    // The same body again is a retry (the service answers it as before): the audio stays.
    await ingest('resent-1', plainTranscript);
    expect((await get('resent-1')).status).toBe(200);
    const again = await ingest('resent-1', plainTranscript.replace('wrong', 'too high'));
    expect(again.replaced).toBe(true);
    expect((await get('resent-1')).status).toBe(404);
  });

  it('answers hostile requests with their 4xx, never a 500', async () => {
    const at = (p: string, init: RequestInit = {}) => fetch(`${t.api.url}/v1${p}`, init);
    const auth = { authorization: `Bearer ${reader}` };
    const card1 = ids['card-1']!;
    expect((await at('/calls/%E0%A4/audio', { headers: auth })).status).toBe(400);
    expect((await at(`/calls/${card1}/audio?x=1`, { headers: auth })).status).toBe(400);
    expect((await at(`/calls/${card1}/audio?signature=x&expires=abc`)).status).toBe(403);
    expect((await at(`/calls/${card1}/audio?signature=&expires=`)).status).toBe(403);
    expect((await at(`/calls/${card1}/audio`, { method: 'POST', headers: auth })).status).toBe(405);
    for (const range of ['bytes=abc', 'bytes=1-2-3', 'bytes=--1', 'bytes=5-1'])
      expect((await get('card-1', { range })).status, range).toBe(200);
    expect((await get('card-1', { range: 'bytes=99999999999999999999-' })).status).toBe(416);
    const tooLarge = await put('card-1', new Uint8Array(1_000_001));
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error.message).toMatch(/larger than 1000000 bytes/);
    expect((await put('card-1', new Uint8Array(0))).status).toBe(415);
  });
});
