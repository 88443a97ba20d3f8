/**
 * A call's audio over HTTP, beside the /v1 contract of contract.ts (which lists the data
 * source's JSON methods; audio is bytes, so it has its own routes, as ingest has in
 * server/ingest-routes.ts). Read by the server and by the clients that send audio (the upload
 * page), so the two agree on the path and the answer.
 *
 *   PUT    /v1/calls/{id}/audio   the raw bytes as the body (Content-Type audio/wav, audio/ogg,
 *                                 audio/mpeg; the server checks the bytes, not the type);
 *                                 scope calls.write and the ingest-calls role; 201 AudioStored,
 *                                 413 over the size limit, 415 a format not taken, 422 audio
 *                                 that cannot be redacted.
 *   GET    /v1/calls/{id}/audio   (and HEAD) with a bearer token holding calls.read, or with the
 *                                 signed link the call's `audioUrl` carries; Range: bytes=...
 *                                 is answered 206 with Content-Range, 416 when unsatisfiable.
 *
 * `{id}` is the product's call id (call-000123) or the deployment's own external id.
 */

/** The signed link's query parameters. */
export const AUDIO_LINK = { expires: 'expires', signature: 'signature' } as const;

/** The path of a call's audio under /v1. */
export function audioPath(callId: string): string {
  return `/calls/${encodeURIComponent(callId)}/audio`;
}

/** File names a folder or the upload page pairs with a transcript as its audio. */
export const AUDIO_FILE = /\.(wav|opus|ogg|mp3)$/i;

/** The content type a client sends for a file name (the server decides from the bytes). */
export function audioContentType(fileName: string): string {
  const ext = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'wav') return 'audio/wav';
  if (ext === 'opus' || ext === 'ogg') return 'audio/ogg';
  if (ext === 'mp3') return 'audio/mpeg';
  return 'application/octet-stream';
}

/** The answer to a stored upload. */
export interface AudioStored {
  callId: string;
  /** What the bytes are: "WAV, µ-law, 8000 Hz", "MP3"... */
  format: string;
  contentType: string;
  bytes: number;
  /** SHA-256 of the stored (redacted) bytes. */
  hash: string;
  /** Length from the file's header, when it says (WAV). */
  durationMs?: number;
  /** Stretches silenced because the transcript redacted what was said there. */
  silenced: { beginMs: number; endMs: number }[];
}
