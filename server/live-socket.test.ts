/**
 * The live stream's WebSocket endpoint: the RFC 6455 handshake and frames, and over the real API
 * server (startTestApi: a real token authority) that it refuses a missing or wrong token, accepts
 * the token as a `bearer.<token>` subprotocol, streams LiveEvents the page's parser accepts, and
 * ends on a close frame.
 */
import { request } from 'node:http';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLiveEvent } from '../src/data/analysis/live/websocket-stream.ts';
import { LIVE_PROTOCOL, acceptKey, encodeFrame, offeredProtocols } from './live-socket.ts';
import { startTestApi } from './test-kit.ts';

describe('live socket frames', () => {
  it('answers the RFC 6455 sample key with its sample accept value', () => {
    expect(acceptKey('dGhlIHNhbXBsZSBub25jZQ==')).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
  });

  it('encodes the three payload length forms', () => {
    expect([...encodeFrame(0x1, Buffer.from('Hello'))]).toEqual([
      0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f,
    ]);
    const medium = encodeFrame(0x1, Buffer.alloc(300));
    expect([medium[1], medium.readUInt16BE(2), medium.length]).toEqual([126, 300, 304]);
    const large = encodeFrame(0x1, Buffer.alloc(70_000));
    expect([large[1], Number(large.readBigUInt64BE(2)), large.length]).toEqual([
      127, 70_000, 70_010,
    ]);
  });

  it('finds the token and the live protocol among the offered subprotocols', () => {
    expect(offeredProtocols(`${LIVE_PROTOCOL}, bearer.abc.def-ghi`)).toEqual({
      live: true,
      token: 'abc.def-ghi',
    });
    expect(offeredProtocols(undefined)).toEqual({ live: false, token: null });
    expect(offeredProtocols('chat')).toEqual({ live: false, token: null });
  });
});

/** Text messages of server frames (unmasked) in a byte stream; returns the rest. */
function readFrames(bytes: Buffer, into: string[]): Buffer {
  let at = 0;
  for (;;) {
    if (bytes.length - at < 2) break;
    const opcode = bytes[at]! & 0x0f;
    let length = bytes[at + 1]! & 0x7f;
    let head = 2;
    if (length === 126) {
      if (bytes.length - at < 4) break;
      length = bytes.readUInt16BE(at + 2);
      head = 4;
    } else if (length === 127) {
      if (bytes.length - at < 10) break;
      length = Number(bytes.readBigUInt64BE(at + 2));
      head = 10;
    }
    if (bytes.length - at < head + length) break;
    if (opcode === 0x1) into.push(bytes.toString('utf8', at + head, at + head + length));
    at += head + length;
  }
  return bytes.subarray(at);
}

type Upgrade =
  | { status: 101; protocol: string | undefined; accept: string | undefined; socket: Duplex }
  | { status: number; body: string };

function upgrade(url: string, protocols: string): Promise<Upgrade> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...(protocols ? { 'sec-websocket-protocol': protocols } : {}),
      },
    });
    req.on('upgrade', (res, socket, head) => {
      // Frames sent with the 101 arrive in `head`: hand them back to the socket's readers.
      if (head.length > 0) socket.unshift(head);
      resolve({
        status: 101,
        protocol: res.headers['sec-websocket-protocol'] as string | undefined,
        accept: res.headers['sec-websocket-accept'] as string | undefined,
        socket,
      });
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /v1/live over the API server', { timeout: 60_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;
  let token: string;

  beforeAll(async () => {
    t = await startTestApi(300);
    token = await t.authority.token();
  });
  afterAll(() => t?.stop());

  it('refuses a connection without a valid token or without the live protocol', async () => {
    const url = `${t.api.url}/v1/live`;
    expect(await upgrade(url, LIVE_PROTOCOL)).toMatchObject({ status: 401 });
    expect(await upgrade(url, `${LIVE_PROTOCOL}, bearer.not-a-token`)).toMatchObject({
      status: 401,
    });
    expect(await upgrade(url, `bearer.${token}`)).toMatchObject({ status: 400 });
  });

  it('streams live events turn by turn to a signed-in client, and ends on close', async () => {
    const opened = await upgrade(
      `${t.api.url}/v1/live?concurrent=3`,
      `${LIVE_PROTOCOL}, bearer.${token}`,
    );
    if (!('socket' in opened)) throw new Error(`no upgrade: ${opened.status}`);
    expect(opened.protocol).toBe(LIVE_PROTOCOL);
    expect(opened.accept).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
    const messages: string[] = [];
    let rest: Buffer = Buffer.alloc(0);
    opened.socket.on('data', (chunk: Buffer) => {
      rest = readFrames(Buffer.concat([rest, chunk]), messages);
    });
    await expect.poll(() => messages.length, { timeout: 20_000 }).toBeGreaterThan(3);
    const events = messages.map(parseLiveEvent);
    expect(events.every((e) => e !== null)).toBe(true);
    const started = events.filter((e) => e?.type === 'call-started');
    expect(started).toHaveLength(3);
    expect(events.some((e) => e?.type === 'turn')).toBe(true);
    // A masked close frame from the client: the server answers and ends the connection.
    const ended = new Promise<void>((resolve) => opened.socket.on('end', () => resolve()));
    opened.socket.write(Buffer.from([0x88, 0x80, 1, 2, 3, 4]));
    await ended;
    opened.socket.destroy();
  });
});
