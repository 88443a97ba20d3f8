/**
 * React Router's production build in the app's build. React Router 7 exports only its
 * development build (remix-run/react-router#14102, open), which keeps its development
 * warnings and checks (ENABLE_DEV_WARNINGS) in every page's first load. Its package ships the
 * production build beside it, file for file; the build resolves `react-router` and
 * `react-router/dom` there. The dev server and the unit tests keep the warnings.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** The production build's files, next to the development build the package exports. */
const PRODUCTION: Record<string, string> = (() => {
  const root = dirname(require.resolve('react-router/package.json'));
  return {
    'react-router': join(root, 'dist', 'production', 'index.mjs'),
    'react-router/dom': join(root, 'dist', 'production', 'dom-export.mjs'),
  };
})();

export function reactRouterProductionPlugin(): Plugin {
  return {
    name: 'callscope:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return PRODUCTION[source] ?? null;
    },
  };
}
