/**
 * Vite plugin: writes dist/_headers, the security and cache headers a static host (Netlify,
 * Cloudflare Pages) sends with the app, derived from the authority the build signs in with.
 * Our app server reads the same file, so tests and deployments run under one policy.
 */
import type { Plugin } from 'vite';
import { readGeneratedAuthority, generatedManifestFile } from './generated-manifest.ts';
import { formatHeadersFile } from './headers-file.ts';
import { headerRules } from './security-headers.ts';

export interface HeadersPluginOptions {
  /** The generated manifest module; src/generated/manifest.gen.ts by default. */
  generatedManifest?: string;
}

export function securityHeadersPlugin(options: HeadersPluginOptions = {}): Plugin {
  return {
    name: 'security-headers',
    apply: 'build',
    generateBundle() {
      // Read here, not at config time: the manifest plugin regenerates at build start.
      const authority = readGeneratedAuthority(options.generatedManifest ?? generatedManifestFile);
      this.emitFile({
        type: 'asset',
        fileName: '_headers',
        source: formatHeadersFile(
          headerRules({ authority }),
          `Response headers for static hosts (Netlify, Cloudflare Pages format).\n` +
            `Generated at build by scripts/serve/headers-plugin.ts for authority ${authority}.`,
        ),
      });
    },
  };
}
