/**
 * `npm run manifest:check-all`: checks every manifest of the repository, the product's
 * (manifest/*.manifest.json) and every customer's (manifest/customers/*.manifest.json), as
 * `manifest:check` does each one, and that no two of them share a deployment id (the id scopes
 * what browsers store: two deployments with one id would read each other's preferences).
 * CI runs it, so a product change that breaks a customer fails before any build.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatProblems } from '../format.ts';
import { hasErrors } from '../problem.ts';
import { summarize } from '../summary.ts';
import { scanScreens } from '../screen-check.ts';
import { repoRoot, screensDir } from '../paths.ts';
import { customersDir } from './paths.ts';
import { validateAnyManifest } from './index.ts';

const manifestsIn = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.manifest.json'))
        .sort()
        .map((f) => relative(process.cwd(), join(dir, f)).split('\\').join('/'))
    : [];

const files = [...manifestsIn(join(repoRoot, 'manifest')), ...manifestsIn(customersDir)];
const screens = scanScreens(screensDir);
const owners = new Map<string, string>();
let failed = false;
for (const file of files) {
  const { manifest, problems } = validateAnyManifest(file, { screens });
  if (problems.length > 0) console.error(formatProblems(problems));
  if (!manifest || hasErrors(problems)) {
    const errors = problems.filter((p) => p.severity === 'error').length;
    console.error(`${file}: ${errors} error${errors === 1 ? '' : 's'}, not valid`);
    failed = true;
    continue;
  }
  const owner = owners.get(manifest.id);
  if (owner) {
    console.error(
      `${file}: id "${manifest.id}" is also the id of ${owner}; each deployment needs its own, so stored preferences stay apart`,
    );
    failed = true;
  }
  owners.set(manifest.id, file);
  console.log(summarize(file, manifest, problems));
}
console.log(
  failed
    ? `${files.length} manifests checked: not all valid`
    : `${files.length} manifests checked: all valid`,
);
process.exit(failed ? 1 : 0);
