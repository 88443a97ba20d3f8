import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { demoCorpusPlugin } from './scripts/build/demo-corpus-plugin.ts';
import { noticesPlugin } from './scripts/build/notices-plugin.ts';
import { runtimeFaceGroup, screenKitGroup } from './scripts/build/screen-kit.ts';
import { reactRouterProductionPlugin } from './scripts/build/react-router-production.ts';
import { redirectBridgePlugin } from './scripts/build/redirect-bridge-plugin.ts';
import { routePagesPlugin } from './scripts/build/route-pages.ts';
import { shellChunkStylesPlugin } from './scripts/build/shell-chunk-styles.ts';
import { customerTarget, redirectGeneratedPlugin } from './scripts/build/customer-target.ts';
import { manifestPlugin } from './scripts/manifest/vite-plugin.ts';
import { securityHeadersPlugin } from './scripts/serve/headers-plugin.ts';
import { openApiPlugin } from './scripts/data/openapi-plugin.ts';
import { CORPUS_DAY_ENV } from './src/data/corpus/anchor.ts';
import { TEST_CORPUS_DAY } from './tests/corpus-day.ts';

const UNIT_TEST_FILES = [
  'tests/unit/**/*.test.{ts,tsx}',
  'src/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
  'server/**/*.test.ts',
];
/** Unit test files that mock modules or change globals or the environment (see `projects`). */
const ISOLATED_TEST_FILES = [
  'src/data/default-source.test.ts',
  'src/runtime/first-screen.test.ts',
  'src/runtime/navigation.test.ts',
  'tests/unit/auth/api-token.test.ts',
  'tests/unit/data/corpus-anchor.test.ts',
  'tests/unit/tools/live-socket-client.test.ts',
];

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
// SA_CUSTOMER=NAME (`npm run build:customer -- NAME`) builds a white-label customer: generated
// code in .cache/generated/NAME (src/generated is left alone), the site in dist/customers/NAME.
const customer = customerTarget();

// The app lives in src/ (index.html included) so the repository's top level stays
// manifest -> schema -> src -> scripts -> tests.
export default defineConfig({
  root: fileURLToPath(new URL('./src', import.meta.url)),
  // Checks the manifest (SA_MANIFEST selects another one) and generates src/generated first.
  // securityHeadersPlugin writes dist/_headers (CSP etc.) for static hosts and the app server;
  // routePagesPlugin writes the public routes' pages with their heads drawn (route-pages.ts);
  // noticesPlugin ships THIRD_PARTY_NOTICES.md (the icon set's licence) with the site;
  // demoCorpusPlugin the static demo's corpus, generated once here instead of in each browser.
  plugins: customer
    ? [
        manifestPlugin({ manifest: customer.manifestFile, outDir: customer.generatedDir }),
        redirectGeneratedPlugin(customer),
        reactRouterProductionPlugin(),
        react(),
        shellChunkStylesPlugin(),
        securityHeadersPlugin({ generatedDir: customer.generatedDir }),
        routePagesPlugin({ generatedDir: customer.generatedDir }),
        openApiPlugin(),
        noticesPlugin(),
        demoCorpusPlugin(),
        redirectBridgePlugin(),
      ]
    : [
        manifestPlugin(),
        reactRouterProductionPlugin(),
        react(),
        shellChunkStylesPlugin(),
        securityHeadersPlugin(),
        routePagesPlugin(),
        openApiPlugin(),
        noticesPlugin(),
        demoCorpusPlugin(),
        redirectBridgePlugin(),
      ],
  build: {
    outDir: customer?.outDir ?? fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph the speed benchmark sums first-load JS from.
    manifest: true,
    // Every browser the build targets but Safari 16 preloads modules itself; there a missing
    // preload only makes a lazy chunk's imports arrive one round trip later. Vite's polyfill
    // would cost every page 0.3 KB gzip in the entry chunk.
    modulePreload: { polyfill: false },
    // Manifest images (logo, the nine covers) stay files: inlined as data URLs they add ~1.4 KB
    // gzip to first-load JavaScript, while a page only ever shows the logo and one cover.
    assetsInlineLimit: (file) => (/[\\/]manifest[\\/]/.test(file) ? false : undefined),
    // The app's page; the page MSAL's silent renewal answers into (src/auth/config.ts) is built
    // apart, after it (scripts/build/redirect-bridge-plugin.ts).
    rolldownOptions: {
      // The metrics, the data layer's client side and the shared UI parts run nothing when
      // imported (worker entries aside). Saying so lets the bundler follow a screen's imports
      // through their public faces to the modules it uses, instead of treating every module a
      // face re-exports as needed by every screen: each screen chunk, `/` included, loses
      // 2.4 KB gzip (the statistics tests, the bootstrap, the BI reference text and the search
      // parser were in the chunk every screen loads).
      treeshake: {
        moduleSideEffects: (id: string) =>
          !/[\\/]src[\\/](metrics|data|ui)[\\/].*\.tsx?$/.test(id) || /worker/.test(id),
      },
      input: { main: fileURLToPath(new URL('./src/index.html', import.meta.url)) },
      // A screen's chunk starts at its generated module (screens/<screen>.gen.ts): name the
      // file after the screen, as before, rather than "overview.gen-<hash>.js".
      // The shared parts most screens use ship as one chunk (scripts/build/screen-kit.ts).
      output: {
        chunkFileNames: (chunk) => `assets/${chunk.name.replace(/\.gen$/, '')}-[hash].js`,
        codeSplitting: { groups: [screenKitGroup, runtimeFaceGroup] },
      },
    },
  },
  test: {
    root: projectRoot,
    environment: 'node',
    // Vitest leaves a core free by default: one test file at a time on a 2-core CI machine,
    // where the unit step then takes a third longer.
    maxWorkers: availableParallelism(),
    // Budgets for a busy machine, not vitest's 5 s and 10 s: a test that reads a corpus or starts
    // a server takes several times longer when the cores are shared (a 1 s check failed at 5.2 s
    // beside the browser tests), and time is measured in `npm run bench`, not here. A test that
    // hangs still fails, after a minute.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Testing Library waits within the same budget, not its own 1 s (tests/unit/setup).
    setupFiles: ['tests/unit/setup/testing-library.ts'],
    // Every test's demo corpus ends on the same day, whatever day the tests run.
    env: { [CORPUS_DAY_ENV]: TEST_CORPUS_DAY },
    // Test files share their worker's modules (isolate: false): a corpus, the manifest or a
    // compiled schema is loaded once per worker instead of once per file, which took more than
    // half of the unit step (issue 34). The files that change process-wide state (module mocks,
    // globals, environment variables) keep a module graph of their own.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          // Each project names its own files: a project's include is added to the root's.
          include: UNIT_TEST_FILES,
          isolate: false,
          exclude: [...configDefaults.exclude, ...ISOLATED_TEST_FILES],
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED_TEST_FILES } },
    ],
  },
});
