/**
 * Builds the redirect bridge (src/redirect-bridge.html: the page MSAL's silent renewal answers
 * into, in a hidden iframe) on its own, once the app's build is written. As a second input of
 * the app's build, the MSAL modules both pages use became a chunk shared by the two entries,
 * apart from the rest of MSAL: the app's first load carried 4.3 KB gzip more for it (issue 14's
 * `/` budget). Built apart, the bridge has its own copy of the few MSAL modules it needs, and
 * the app's entry holds MSAL whole.
 */
import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';

export const REDIRECT_BRIDGE_PAGE = 'redirect-bridge.html';

export function redirectBridgePlugin(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'callscope-redirect-bridge',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        build: {
          outDir,
          emptyOutDir: false,
          // The page holds one small module script: no preload helper to inject.
          modulePreload: false,
          rolldownOptions: { input: resolve(root, REDIRECT_BRIDGE_PAGE) },
        },
      });
    },
  };
}
