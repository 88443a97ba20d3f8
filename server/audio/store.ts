/**
 * Where audio bytes live, by the SHA-256 of their content: the same recording sent twice is
 * kept once. `AudioStore` is what the rest of the server uses; the filesystem store keeps the
 * objects under the API's data directory, and an object store (S3, Azure Blob...) would be another
 * implementation of the same four methods, chosen where audio/index.ts builds the store (by a
 * configuration setting to add with it).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface AudioStore {
  /** Stores the bytes (once per content) and returns their hash. */
  put(bytes: Uint8Array): Promise<string>;
  /** Size in bytes, or null when the store has no such object. */
  size(hash: string): Promise<number | null>;
  /** The object's bytes, or a range of them. */
  get(hash: string, range?: ByteRange): Readable;
  delete(hash: string): Promise<void>;
}

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const HASH = /^[0-9a-f]{64}$/;

function checked(hash: string): string {
  // The hash names a file: only ever 64 hex digits, never a path.
  if (!HASH.test(hash)) throw new Error(`not a content hash: ${hash}`);
  return hash;
}

/** Objects as files: `<dir>/<first two hex digits>/<hash>`, written whole or not at all. */
export function fileAudioStore(dir: string): AudioStore {
  const pathOf = (hash: string) => join(dir, checked(hash).slice(0, 2), hash);
  return {
    async put(bytes) {
      const hash = contentHash(bytes);
      const target = pathOf(hash);
      if ((await this.size(hash)) === bytes.length) return hash;
      await mkdir(join(dir, hash.slice(0, 2)), { recursive: true });
      // A temporary name then a rename: a reader never sees half a file, a crash leaves none.
      const temporary = `${target}.${randomUUID()}.part`;
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, target);
      return hash;
    },
    async size(hash) {
      try {
        return (await stat(pathOf(hash))).size;
      } catch {
        return null;
      }
    },
    get(hash, range) {
      return createReadStream(pathOf(hash), range ? { start: range.start, end: range.end } : {});
    },
    async delete(hash) {
      await rm(pathOf(hash), { force: true });
    },
  };
}
