/**
 * Signed links to a call's audio. An <audio> element fetches its source itself and cannot send
 * the Authorization header, so the server, answering a signed-in reader's request for the call
 * (the bearer token checked, calls.read held), puts a link in the call's `audioUrl` that is good
 * for that call only and for a short time: an HMAC-SHA256 over the call id and the expiry with
 * the deployment's secret. The browser's media stack can then stream it with range requests and
 * seek, which fetching the file with the token into a blob would not allow (the whole file in
 * memory before the first second plays). Nothing in the link names the user; it works for
 * whoever holds it until it expires, which is why it lives minutes, not a session.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { AUDIO_LINK, audioPath } from '../../src/data/http/audio-contract.ts';

export interface AudioLinks {
  /** `/v1/calls/{id}/audio?expires=…&signature=…` (the client puts its API base in front). */
  link(callId: string, nowMs?: number): string;
  /** Whether the query's signature is the server's for this call and has not expired. */
  verify(callId: string, query: URLSearchParams, nowMs?: number): 'ok' | 'expired' | 'forged';
}

/**
 * The deployment's secret: SA_API_AUDIO_SECRET when set (every process of a deployment must
 * share it), else one made on first use and kept in the data directory (mode 600), so links
 * outlive a restart and every process on that directory agrees.
 */
export function linkSecret(configured: string | null, file: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    mkdirSync(dirname(file), { recursive: true });
    const secret = randomBytes(32);
    try {
      // wx: a process that made it first wins; this one reads theirs.
      writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    }
  }
}

export function audioLinks(secret: Buffer, lifetimeS: number): AudioLinks {
  const sign = (callId: string, expires: string) =>
    createHmac('sha256', secret).update(`audio\n${callId}\n${expires}`).digest('base64url');
  return {
    link(callId, nowMs = Date.now()) {
      const expires = String(Math.floor(nowMs / 1000) + lifetimeS);
      const query = new URLSearchParams({
        [AUDIO_LINK.expires]: expires,
        [AUDIO_LINK.signature]: sign(callId, expires),
      });
      return `/v1${audioPath(callId)}?${query}`;
    },
    verify(callId, query, nowMs = Date.now()) {
      const expires = query.get(AUDIO_LINK.expires) ?? '';
      const given = Buffer.from(query.get(AUDIO_LINK.signature) ?? '', 'utf8');
      const wanted = Buffer.from(sign(callId, expires), 'utf8');
      if (!/^\d{1,12}$/.test(expires) || given.length !== wanted.length) return 'forged';
      if (!timingSafeEqual(given, wanted)) return 'forged';
      return Number(expires) * 1000 < nowMs ? 'expired' : 'ok';
    },
  };
}
