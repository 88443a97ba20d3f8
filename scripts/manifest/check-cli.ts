/**
 * `npm run manifest:check -- [--screens=DIR] FILE...`: checks manifest files (the product
 * manifest, or build.manifest (SA_MANIFEST) when none is given). Prints every problem as
 * `FILE:LINE:COL: /pointer: message` and exits 1 on any error; prints a one-line summary per
 * valid file otherwise. `--screens` checks screen modules in another directory than src/screens.
 * A customer manifest (one with `extends`) is checked merged, see scripts/manifest/customer/.
 */
import { relative } from 'node:path';
import { validateAnyManifest } from './customer/index.ts';
import { formatProblems } from './format.ts';
import { defaultManifestFile } from './paths.ts';
import { hasErrors } from './problem.ts';
import { loadDeploymentConfig } from '../../server/deployment-config/index.ts';
import { summarize } from './summary.ts';

const args = process.argv.slice(2);
const screensDir = args.find((a) => a.startsWith('--screens='))?.slice('--screens='.length);
const files = args.filter((a) => !a.startsWith('--'));
if (files.length === 0) {
  files.push(
    (loadDeploymentConfig().value('build.manifest') as string | undefined) ??
      relative(process.cwd(), defaultManifestFile),
  );
}

let failed = false;
for (const file of files) {
  const { manifest, problems } = validateAnyManifest(file, screensDir ? { screensDir } : {});
  if (problems.length > 0) console.error(formatProblems(problems));
  if (manifest && !hasErrors(problems)) {
    console.log(summarize(file, manifest, problems));
  } else {
    const errors = problems.filter((p) => p.severity === 'error').length;
    console.error(`${file}: ${errors} error${errors === 1 ? '' : 's'}, not valid`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
