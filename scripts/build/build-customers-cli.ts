/**
 * `npm run build:customer -- NAME [NAME...]` builds white-label customers;
 * `npm run build:customers` builds every manifest/customers/NAME.manifest.json.
 *
 * Each customer becomes a deployable static site in dist/customers/NAME/ (index.html, assets,
 * and the `_headers` file with the security headers for its own sign-in authority). Its code
 * is generated into .cache/generated/NAME, so the product's src/generated stays as it is.
 * After each build the output is checked: no screen of a hidden route may have been emitted,
 * and code that still links to a hidden route is reported as a warning.
 *
 * `npm run build` empties dist/ (customer sites included): build the product first.
 * `--data-generated` skips `npm run generate:data`, for a caller that has just run it
 * (`npm test`, whose first step generates).
 */
import { spawnSync } from 'node:child_process';
import { relative, resolve } from 'node:path';
import {
  customerManifestFile,
  customerNames,
  customerOutDir,
  validateAnyManifest,
} from '../manifest/customer/index.ts';
import { formatProblems } from '../manifest/format.ts';
import { defaultManifestFile, repoRoot } from '../manifest/paths.ts';
import { didYouMean } from '../manifest/suggest.ts';
import { routeModule } from '../manifest/route-module.ts';
import { findHiddenLinks } from './hidden-links.ts';
import { findHiddenScreens, hiddenScreens } from './hidden-screens.ts';

const args = process.argv.slice(2);
const all = args.includes('--all');
const names = all ? customerNames() : args.filter((a) => !a.startsWith('--'));
const shown = (path: string): string => relative(process.cwd(), path) || path;

if (names.length === 0) {
  console.error(
    all
      ? 'no customers: add manifest/customers/NAME.manifest.json first'
      : `usage: npm run build:customer -- NAME [NAME...]  (customers: ${customerNames().join(', ') || 'none'})`,
  );
  process.exit(1);
}
const unknown = names.filter((n) => !customerNames().includes(n));
if (unknown.length > 0) {
  for (const name of unknown) {
    console.error(
      `${shown(customerManifestFile(name))} does not exist${didYouMean(name, customerNames())}`,
    );
  }
  process.exit(1);
}

const run = (command: string, commandArgs: string[], env: NodeJS.ProcessEnv = {}): boolean =>
  spawnSync(command, commandArgs, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status === 0;

// The data types are shared by every deployment; the manifest code is generated per build.
if (!args.includes('--data-generated') && !run('npm', ['run', '--silent', 'generate:data'])) {
  process.exit(1);
}

const product = validateAnyManifest(shown(defaultManifestFile)).manifest;
if (!product) {
  console.error(`${shown(defaultManifestFile)} is invalid: npm run manifest:check`);
  process.exit(1);
}

let failed = false;
for (const name of names) {
  const started = Date.now();
  const file = shown(customerManifestFile(name));
  const outDir = customerOutDir(name);
  console.log(`\n▶ ${name}: ${file} -> ${shown(outDir)}`);
  const vite = resolve(repoRoot, 'node_modules', '.bin', 'vite');
  if (!run(vite, ['build', '--logLevel', 'warn'], { SA_CUSTOMER: name, SA_MANIFEST: '' })) {
    console.error(`${name}: build failed`);
    failed = true;
    continue;
  }
  const checked = validateAnyManifest(file);
  if (!checked.manifest) {
    console.error(formatProblems(checked.problems));
    failed = true;
    continue;
  }
  // Content pages count as screens of their own (content/<route id>), each its own chunk.
  const productModules = product.routes.map((r) => ({ ...r, screen: routeModule(r) }));
  const customerModules = checked.manifest.routes.map((r) => ({ ...r, screen: routeModule(r) }));
  const hidden = hiddenScreens(productModules, customerModules);
  const leaks = findHiddenScreens(
    outDir,
    hidden,
    productModules.map((r) => r.screen),
  ).filter((l) => l.evidence.length > 0);
  for (const leak of leaks) {
    console.error(
      `${name}: the screen ${leak.screen} of a hidden route was emitted: ${leak.evidence.join(', ')}; a module the customer keeps imports it directly`,
    );
  }
  if (leaks.length > 0) {
    failed = true;
    continue;
  }
  // Kept code that links to a hidden route: it builds, and the link shows the error page.
  const keptIds = new Set(checked.manifest.routes.map((r) => r.id));
  const hiddenRoutes = productModules.filter((r) => !keptIds.has(r.id) && r.path !== '*');
  for (const link of findHiddenLinks(repoRoot, hiddenRoutes)) {
    console.warn(
      `${link.file}:${link.line}: warning: links to ${link.path}, which ${name} hides; for ${name} that link shows the error page`,
    );
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${name}: built ${shown(outDir)} in ${seconds} s; ${hidden.length} hidden screen${hidden.length === 1 ? '' : 's'} not emitted${hidden.length ? `: ${hidden.map((h) => h.screen).join(', ')}` : ''}`,
  );
}
process.exit(failed ? 1 : 0);
