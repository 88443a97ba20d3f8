/**
 * The live stream over a WebSocket (GET /v1/live, upgraded): the real-time view's LiveEvents
 * (src/data/analysis/live/live-types.ts) as one JSON text message each, here the demo's calls
 * turn by turn at real speed; a deployment would feed its telephony events the same way.
 *
 * Written on node:http's `upgrade` event and node:crypto rather than a library: the server only
 * sends text frames and answers close and ping, which RFC 6455 makes a few lines. Browsers cannot
 * set an Authorization header on a WebSocket, so the access token travels as a subprotocol,
 * `bearer.<token>`, beside `callscope.live.v1` (the one the server answers with); it is checked
 * by the same verifier as every other request before the connection is accepted, and the socket
 * is closed when that token expires (the client opens a new one with a fresh token). A browser
 * names the page's origin: only the API's own and the listed ones (SA_API_ALLOWED_ORIGINS) may
 * open it, as for CORS.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { decodeJwt } from 'jose';
import { demoLiveStream } from '../src/data/analysis/live/demo-stream.ts';
import type { LiveStream } from '../src/data/analysis/live/live-types.ts';
import { LIVE_PROTOCOL } from '../src/data/analysis/live/websocket-stream.ts';
import type { TokenVerifier } from './auth.ts';

export { LIVE_PROTOCOL };
const BEARER_PREFIX = 'bearer.';
const MAX_CONCURRENT = 50;

/** RFC 6455 section 4.2.2: the Sec-WebSocket-Accept answering a Sec-WebSocket-Key. */
export function acceptKey(key: string): string {
  return createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
}

/** One unmasked server frame (text 0x1, close 0x8, pong 0xA) with its payload. */
export function encodeFrame(opcode: number, payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? Buffer.alloc(2) : n < 65_536 ? Buffer.alloc(4) : Buffer.alloc(10);
  head[0] = 0x80 | opcode;
  if (n < 126) head[1] = n;
  else if (n < 65_536) {
    head[1] = 126;
    head.writeUInt16BE(n, 2);
  } else {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, payload]);
}

/** The token among the offered subprotocols, and whether the live protocol was offered. */
export function offeredProtocols(header: string | undefined): {
  live: boolean;
  token: string | null;
} {
  const offered = (header ?? '').split(',').map((p) => p.trim());
  const bearer = offered.find((p) => p.startsWith(BEARER_PREFIX));
  return {
    live: offered.includes(LIVE_PROTOCOL),
    token: bearer ? bearer.slice(BEARER_PREFIX.length) : null,
  };
}

export interface LiveSocketOptions {
  /** The verifier for this request's tokens; null refuses it (an unknown host, say). */
  verifierFor: (req: IncomingMessage) => TokenVerifier | null;
  /** The stream each connection gets; the demo's by default. */
  stream?: (concurrent: number) => LiveStream;
  /** Page origins besides the API's own that may open the stream (config allowedOrigins). */
  allowedOrigins?: ReadonlySet<string>;
}

/** The close code of a stream whose token expired (4000-4999: the application's own). */
export const TOKEN_EXPIRED_CLOSE = 4401;

/**
 * Whether a handshake's Origin may open the stream: none (not a browser: the token decides), the
 * API's own origin (same host), or a listed one. `null` (a sandboxed or file page) never.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: ReadonlySet<string>,
): boolean {
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  if (!URL.canParse(origin) || host === undefined) return false;
  return new URL(origin).host === host.toLowerCase();
}

/** A close frame: the code, then the reason (at most 123 bytes of UTF-8). */
export function closeFrame(code: number, reason: string): Buffer {
  const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
  payload.writeUInt16BE(code, 0);
  payload.write(reason, 2);
  return encodeFrame(0x8, payload);
}

/** setTimeout's longest delay; a later expiry is checked again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Ends the socket with a close frame when the token's `exp` comes; returns the cancel. */
function closeAtExpiry(socket: Duplex, token: string): () => void {
  const exp = decodeJwt(token).exp;
  if (typeof exp !== 'number') return () => {};
  let timer: NodeJS.Timeout;
  const wait = () => {
    const left = exp * 1000 - Date.now();
    timer = setTimeout(
      () => {
        if (exp * 1000 > Date.now()) return wait();
        socket.end(closeFrame(TOKEN_EXPIRED_CLOSE, 'The access token expired: sign in again'));
      },
      Math.min(Math.max(left, 0), LONGEST_TIMER_MS),
    );
  };
  wait();
  return () => clearTimeout(timer);
}

function refuse(socket: Duplex, status: string, message: string): void {
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`,
  );
}

/** An http or http2 (allowHTTP1) server: both emit `upgrade` for HTTP/1.1 upgrades. */
interface UpgradingServer {
  on(event: 'upgrade', listener: (req: IncomingMessage, socket: Duplex) => void): unknown;
}

/**
 * Handles upgrades to /v1/live (also under /api); other upgrades are left to other listeners.
 * Upgraded sockets are no longer the server's connections: `closeAll` ends them on shutdown.
 */
export function attachLiveSocket(
  server: UpgradingServer,
  options: LiveSocketOptions,
): { closeAll(): void } {
  const open = new Set<Duplex>();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    // An upgrade's target that is no URL (`//[`) is not ours; URL would throw in this listener.
    const url = URL.parse(req.url ?? '/', 'http://api.local');
    if (!url) return;
    if (url.pathname.replace(/^\/api(?=\/)/, '') !== '/v1/live') return;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    // A failure while accepting ends this connection, never the process.
    acceptLive(req, socket, url, options).catch((error: unknown) => {
      console.error('live: could not accept a connection', error);
      socket.destroy();
    });
  });
  return {
    closeAll: () => {
      for (const socket of open) socket.destroy();
    },
  };
}

async function acceptLive(
  req: IncomingMessage,
  socket: Duplex,
  url: URL,
  options: LiveSocketOptions,
): Promise<void> {
  socket.on('error', () => socket.destroy());
  const key = req.headers['sec-websocket-key'];
  const { live, token } = offeredProtocols(req.headers['sec-websocket-protocol']);
  if (req.headers.upgrade?.toLowerCase() !== 'websocket' || typeof key !== 'string' || !live)
    return refuse(socket, '400 Bad Request', `Expected a WebSocket offering ${LIVE_PROTOCOL}`);
  const verifier = options.verifierFor(req);
  if (!verifier) return refuse(socket, '400 Bad Request', 'Unknown host');
  if (!originAllowed(req.headers.origin, req.headers.host, options.allowedOrigins ?? new Set())) {
    return refuse(
      socket,
      '403 Forbidden',
      `The origin ${req.headers.origin} may not open the live stream`,
    );
  }
  try {
    await verifier.verify(token ? `Bearer ${token}` : undefined);
  } catch {
    return refuse(
      socket,
      '401 Unauthorized',
      'Sign-in required: offer the subprotocol bearer.<access token>',
    );
  }
  const wanted = Number(url.searchParams.get('concurrent') ?? 20);
  const concurrent = Number.isInteger(wanted) ? Math.min(Math.max(wanted, 1), MAX_CONCURRENT) : 20;
  socket.write(
    [
      'HTTP/1.1 101 Switching Protocols',
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Accept: ${acceptKey(key)}`,
      `Sec-WebSocket-Protocol: ${LIVE_PROTOCOL}`,
      '',
      '',
    ].join('\r\n'),
  );
  const stream = (options.stream ?? ((n) => demoLiveStream({ concurrent: n, speed: 1 })))(
    concurrent,
  );
  const stop = stream.start((event) => {
    if (socket.writable) socket.write(encodeFrame(0x1, Buffer.from(JSON.stringify(event))));
  });
  const expiry = closeAtExpiry(socket, token!);
  socket.on('close', () => {
    stop();
    expiry();
  });
  // The client only ever sends close and ping (masked, small): answer them; ignore the rest.
  socket.on('data', (chunk: Buffer) => {
    const opcode = chunk[0]! & 0x0f;
    if (opcode === 0x8) {
      socket.end(encodeFrame(0x8, Buffer.alloc(0)));
    } else if (opcode === 0x9 && chunk.length >= 6) {
      const length = chunk[1]! & 0x7f;
      const mask = chunk.subarray(2, 6);
      const payload = Buffer.from(chunk.subarray(6, 6 + length));
      for (let k = 0; k < payload.length; k++) payload[k]! ^= mask[k % 4]!;
      socket.write(encodeFrame(0xa, payload));
    }
  });
}
