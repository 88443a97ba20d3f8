/**
 * Issue 33's findings on tokens and the live stream: a token issued in the future is refused, a
 * live socket is opened only from the API's own or a listed origin, and it is closed when its
 * token expires (HTTP with the same token is 401 by then).
 */
import { request } from 'node:http';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PROTOCOL, TOKEN_EXPIRED_CLOSE, originAllowed } from './live-socket.ts';
import { startTestApi } from './test-kit.ts';

/**
 * Starting (and stopping) an API server over 300 calls: generating and storing the corpus, seconds
 * alone, several times that on a machine busy with other test files.
 */
const START_BUDGET_MS = 120_000;

const APP_ORIGIN = 'https://app.example.com';

/** Opens /v1/live with a token and an Origin; resolves the socket, or the refusal's status. */
function openLive(
  url: string,
  token: string,
  origin?: string,
): Promise<{ status: 101; socket: Duplex } | { status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/v1/live?concurrent=1`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-protocol': `${LIVE_PROTOCOL}, bearer.${token}`,
        ...(origin === undefined ? {} : { origin }),
      },
    });
    req.on('upgrade', (_res, socket) => resolve({ status: 101, socket }));
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The code of the first close frame the server sends, once the socket ends. */
function closeCode(socket: Duplex): Promise<number | null> {
  let bytes = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => (bytes = Buffer.concat([bytes, chunk])));
  return new Promise((resolve) =>
    socket.on('end', () => {
      // Frames are text (0x81) and close (0x88); lengths below 126 or 16-bit.
      let at = 0;
      while (at + 2 <= bytes.length) {
        const opcode = bytes[at]! & 0x0f;
        let length = bytes[at + 1]! & 0x7f;
        let head = 2;
        if (length === 126) {
          length = bytes.readUInt16BE(at + 2);
          head = 4;
        }
        if (opcode === 0x8) return resolve(bytes.readUInt16BE(at + head));
        at += head + length;
      }
      resolve(null);
    }),
  );
}

describe('tokens and the live stream', { timeout: 60_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;

  beforeAll(async () => {
    t = await startTestApi(300, { SA_API_ALLOWED_ORIGINS: APP_ORIGIN });
  }, START_BUDGET_MS);
  afterAll(() => t?.stop(), START_BUDGET_MS);

  it('refuses a token issued in the future beyond the clock leeway', async () => {
    const now = Math.floor(Date.now() / 1000);
    const ask = async (token: string) =>
      (await fetch(`${t.api.url}/v1/info`, { headers: { authorization: `Bearer ${token}` } }))
        .status;
    const yearAhead = await t.authority.token({}, { issuedAt: now + 365 * 86_400 });
    expect(await ask(yearAhead)).toBe(401);
    // Within the leeway (5 s in tests), a clock a little ahead is fine.
    expect(await ask(await t.authority.token({}, { issuedAt: now + 2 }))).toBe(200);
  });

  it('opens the stream only from the API’s own or a listed origin', async () => {
    const token = await t.authority.token();
    for (const foreign of ['https://evil.example', 'null', `${APP_ORIGIN}.evil.example`]) {
      expect((await openLive(t.api.url, token, foreign)).status, foreign).toBe(403);
    }
    for (const allowed of [APP_ORIGIN, t.api.url, undefined]) {
      const opened = await openLive(t.api.url, token, allowed);
      expect(opened.status, String(allowed)).toBe(101);
      if ('socket' in opened) opened.socket.destroy();
    }
  });

  it('closes the stream when its token expires', async () => {
    const token = await t.authority.token({}, { expiresIn: '2s' });
    const opened = await openLive(t.api.url, token);
    if (!('socket' in opened)) throw new Error(`no upgrade: ${opened.status}`);
    // The expiry is the event waited for, within 20 s: ten times the token's life.
    expect(await closeCode(opened.socket)).toBe(TOKEN_EXPIRED_CLOSE);
    opened.socket.destroy();
  }, 20_000);

  it('reads origins as browsers send them', () => {
    const listed = new Set([APP_ORIGIN]);
    expect(originAllowed(undefined, 'api.example.com', listed)).toBe(true);
    expect(originAllowed(APP_ORIGIN, 'api.example.com', listed)).toBe(true);
    expect(originAllowed('https://api.example.com', 'api.example.com', listed)).toBe(true);
    expect(originAllowed('https://api.example.com:444', 'api.example.com', listed)).toBe(false);
    expect(originAllowed('null', 'api.example.com', listed)).toBe(false);
  });
});
