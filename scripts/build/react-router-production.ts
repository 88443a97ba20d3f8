/**
 * React Router's production build in the app's build. React Router 7 exports only its
 * development build (remix-run/react-router#14102, open), which keeps its development
 * warnings and checks (ENABLE_DEV_WARNINGS) in every page's first load. Its package ships the
 * production build beside it, file for file; the build resolves `react-router` and
 * `react-router/dom` there. The dev server and the unit tests keep the warnings.
 *
 * The production build also marks what the bundler cannot tell is free of side effects, so the
 * parts the app does not use drop out of `main` (see `markTreeShakable`).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

const PACKAGE_ROOT = dirname(require.resolve('react-router/package.json'));
const PRODUCTION_DIR = join(PACKAGE_ROOT, 'dist', 'production');

/** The production build's files, next to the development build the package exports. */
const PRODUCTION: Record<string, string> = {
  'react-router': join(PRODUCTION_DIR, 'index.mjs'),
  'react-router/dom': join(PRODUCTION_DIR, 'dom-export.mjs'),
};

/**
 * React Router's components and contexts are made by calls the bundler must keep unless told
 * they are pure (`React.forwardRef(...)`, `React.createContext(...)`), and each gets a
 * `displayName` assignment, a side effect, for React's developer tools. So every one stayed in
 * the first load used or not: the data router's <Link>, <NavLink>, <Form> and
 * <ScrollRestoration> with their prefetching and form submission (the app renders its own
 * links, runtime/link.tsx). Marked pure and without the names, unused ones drop out; used
 * ones work the same (the names only label them in the developer tools).
 */
export function markTreeShakable(code: string): string {
  return code
    .replace(/^\s*[\w$]+\.displayName = "[^"\n]*";$/gm, '')
    .replace(
      /(?<!@__PURE__ \*\/ )\b(React\d*\.(?:forwardRef|createContext)\()/g,
      '/* @__PURE__ */ $1',
    );
}

export function reactRouterProductionPlugin(): Plugin {
  return {
    name: 'callscope:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return PRODUCTION[source] ?? null;
    },
    transform(code, id) {
      if (!id.startsWith(PRODUCTION_DIR) || !id.endsWith('.mjs')) return null;
      return { code: markTreeShakable(code), map: null };
    },
  };
}
