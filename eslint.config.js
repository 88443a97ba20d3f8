// The architecture's rules, enforced (README "How it fits together"). Each block says which
// folder may import what; `npm test` runs this before the type check.
import { readFileSync } from 'node:fs';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const below = (folder, ...allowed) => ({
  group: [`**/${folder}/*`, `**/${folder}/**`, ...allowed.map((file) => `!**/${folder}/${file}`)],
  message: `import ${folder} through its public face (${allowed.join(', ')})`,
});

// A later block's no-restricted-imports replaces an earlier one's, so the data layer's blocks
// below each repeat this.
const noReactInData = [
  { name: 'react', message: 'React belongs in src/data/react' },
  { name: 'react-dom', message: 'React belongs in src/data/react' },
];

// Links name routes by id (`href('recordings')`, `<AppLink route="recordings">`); the manifest
// gives the path, so renaming a path is one manifest edit. A string that is a route's path
// (alone or with a query or hash) in screens, ui or the runtime's link code is a link by path.
const routes = JSON.parse(
  readFileSync(new URL('./manifest/product.manifest.json', import.meta.url), 'utf8'),
).routes.filter((route) => route.path !== '*');
const routeOfPath = new Map(routes.map((route) => [route.path, route.id]));

/** The route whose path `text` is, with or without query and hash; "/" alone is too common. */
function linkedRoute(text, inLinkAttribute) {
  const path = text.replace(/[?#].*$/s, '');
  if (path === '/' && text === '/' && !inLinkAttribute) return undefined;
  return routeOfPath.get(path);
}

const noRoutePath = {
  meta: {
    type: 'problem',
    docs: { description: 'links name a route by id, never by its path' },
    schema: [],
  },
  create(context) {
    const report = (node, text, inLinkAttribute = false) => {
      const id = linkedRoute(text, inLinkAttribute);
      if (id === undefined) return;
      context.report({
        node,
        message: `"${text}" is the path of route "${id}": link by id, href('${id}') or <AppLink route="${id}">, so a renamed path is one manifest edit`,
      });
    };
    return {
      Literal(node) {
        if (typeof node.value !== 'string') return;
        const attribute = node.parent.type === 'JSXAttribute' ? node.parent.name.name : '';
        report(node, node.value, ['to', 'href', 'route'].includes(attribute));
      },
      TemplateLiteral(node) {
        report(node, node.quasis[0].value.cooked ?? '');
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: ['dist/**', 'src/generated/**', '.cache/**', 'test-results/**', 'node_modules/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'react-hooks': reactHooks, '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore names what a destructuring drops on purpose (`{ id: _id, ...rest }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Type tests declare values only to ask the checker about their types.
    files: ['tests/types/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    // Playwright fixtures call their callback `use`; it is not React's hook.
    files: ['tests/browser/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Screens see the shell, sign-in and data only through their public faces, and never
    // the router: typed links and the current query come from the runtime.
    files: ['src/screens/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              message: 'screens use AppLink/useRouteQuery/useNavigateTo (runtime) or HrefLink (ui)',
            },
          ],
          patterns: [
            below('runtime', 'index.ts'),
            // The failure texts are the sign-in screen's own lazy import, and roles the screens'
            // that check a permission (both kept off the first load).
            below('auth', 'index.ts', 'failure-messages.ts', 'permissions.ts'),
            below('data', 'index.ts'),
            below('metrics', 'index.ts'),
            {
              group: ['**/generated/**'],
              message: 'screens never read generated code or the manifest',
            },
          ],
        },
      ],
    },
  },
  {
    // Screens, ui and the runtime's links name routes by id (the shell's frame draws from the
    // route table, and tests visit addresses).
    files: ['src/screens/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/runtime/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-d.{ts,tsx}', 'src/ui/screen-test-kit.tsx'],
    plugins: { links: { rules: { 'no-route-path': noRoutePath } } },
    rules: { 'links/no-route-path': 'error' },
  },
  {
    // The runtime knows no screen.
    files: ['src/runtime/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/screens/**'], message: 'the runtime never imports a screen' }] },
      ],
    },
  },
  {
    // The data layer has no React outside its React folder.
    files: ['src/data/**/*.ts', 'src/metrics/**/*.ts'],
    ignores: ['src/data/react/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noReactInData,
        },
      ],
    },
  },
  {
    // The product's own rules (ingest, redaction, the analysis of a transcript, rules, the
    // evaluation form, dispositions) are pure: no React, no screens or app shell, no server, no
    // demo generator, engine, worker or HTTP client, so ingested and demo calls, the browser and
    // the API run the same code. Each domain folder is read by others through its index.ts.
    files: ['src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'the domain is pure: React belongs in screens and ui' },
            { name: 'react-dom', message: 'the domain is pure: React belongs in screens and ui' },
          ],
          patterns: [
            {
              group: ['**/screens/**', '**/runtime/**', '**/ui/**', '**/auth/**'],
              message: 'the domain knows no screen, shell or sign-in',
            },
            { group: ['**/server/**'], message: 'the server calls the domain, never the reverse' },
            {
              group: ['**/data/corpus/**'],
              message: 'the demo generator reads the domain, never the reverse',
            },
            {
              group: ['**/data/engine/**', '**/data/worker/**', '**/data/http/**'],
              message: 'the domain knows no engine, worker or HTTP client: they call it',
            },
            {
              // A new domain folder adds its name here.
              group: [
                '../analysis/*',
                '../dispositions/*',
                '../evaluation/*',
                '../ingest/*',
                '../redaction/*',
                '../rules/*',
                '!../analysis/index.ts',
                '!../dispositions/index.ts',
                '!../evaluation/index.ts',
                '!../ingest/index.ts',
                '!../redaction/index.ts',
                '!../rules/index.ts',
              ],
              message: 'import another domain folder through its index.ts',
            },
          ],
        },
      ],
    },
  },
  {
    // The product's analysis outside the domain (a transcript dropped on the tools, rule drafts)
    // takes its rules, form and analysis from src/domain, never from the demo generator, so an
    // ingested call and a demo call go through the same code. The live demo stream is the one
    // part that makes up calls.
    files: ['src/data/analysis/**/*.ts', 'src/data/rules/**/*.ts'],
    ignores: ['src/data/analysis/live/demo-stream.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noReactInData,
          patterns: [
            {
              group: ['**/corpus/**'],
              message: 'product rules come from src/domain; the demo generator only makes calls',
            },
          ],
        },
      ],
    },
  },
  {
    // The demo generator makes calls and nothing else: the engine, worker and HTTP client read
    // it, never the reverse.
    files: ['src/data/corpus/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noReactInData,
          patterns: [
            {
              group: ['**/engine/**', '**/worker/**', '**/http/**', '**/server/**'],
              message: 'the demo generator imports no engine, worker, HTTP client or server',
            },
          ],
        },
      ],
    },
  },
  {
    // Build scripts read the app's code only in declared places: the benchmarks, the data
    // reference, OpenAPI and request-validator generators (they describe src/data), content rendering, the
    // generated-manifest reader and the route pages. Anywhere else a script importing src ties
    // the build to app code.
    files: ['scripts/**/*.ts'],
    ignores: [
      // The dev server mounts the API server's handler and live socket beside the app.
      'scripts/dev/api-plugin.ts',
      'scripts/audio/record-demo-calls.ts',
      'scripts/bench/**',
      'scripts/data/data-reference.ts',
      'scripts/data/openapi.ts',
      // The request validators describe the same interface and contract as the API reference.
      'scripts/data/request-schemas.ts',
      'scripts/data/type-schemas.ts',
      'scripts/manifest/content/render.ts',
      // The pre-rendered route pages draw the breadcrumb trail the screen frame draws.
      'scripts/build/route-pages.ts',
      // The static demo's corpus is generated at build time by the generator the worker runs.
      'scripts/build/demo-corpus-plugin.ts',
      'scripts/serve/generated-manifest.ts',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**'],
              message: 'scripts import src only in the places eslint.config.js declares',
            },
            // The deployment configuration's face loads no database: the build and the app
            // server read their settings there without the rest of the server.
            {
              // (A folder left out by the first pattern could not have a file put back.)
              group: [
                '**/server/*',
                '!**/server/index.ts',
                '!**/server/deployment-config',
                '**/server/deployment-config/*',
                '!**/server/deployment-config/index.ts',
              ],
              message:
                'import server through its public faces (index.ts, deployment-config/index.ts)',
            },
          ],
        },
      ],
    },
  },
);
