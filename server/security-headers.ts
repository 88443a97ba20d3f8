/**
 * Headers every API answer carries: it is JSON for a script, never a page, a download to sniff
 * or something to keep. A browser that is led to open an answer as a page (a link, a frame) runs
 * nothing from it, frames it nowhere and tells no one where it came from.
 */
import type { ServerResponse } from 'node:http';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  // Answers hold a user's data: no shared or private cache keeps them.
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

export function securityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}
