/**
 * Vite plugin: ships THIRD_PARTY_NOTICES.md (the licences of material the app contains, such as
 * the Lucide icon paths) in the build output, because those licences require the notice to go
 * with every copy.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { repoRoot } from '../manifest/paths.ts';

export const NOTICES_FILE = 'THIRD_PARTY_NOTICES.md';

export function noticesPlugin(noticesFile = resolve(repoRoot, NOTICES_FILE)): Plugin {
  return {
    name: 'third-party-notices',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: NOTICES_FILE,
        source: readFileSync(noticesFile, 'utf8'),
      });
    },
  };
}
