/**
 * Vite plugin: ships the generated API reference as the file /api/openapi.json (the build's
 * dist/api/openapi.json), for API clients and code generators; `npm run generate:data` writes it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { generatedDir } from '../manifest/paths.ts';

export const OPENAPI_FILE = join(generatedDir, 'openapi.json');
export const OPENAPI_PATH = 'api/openapi.json';

export function openApiPlugin(): Plugin {
  return {
    name: 'openapi-document',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: OPENAPI_PATH,
        source: readFileSync(OPENAPI_FILE, 'utf8'),
      });
    },
  };
}
