/**
 * `npm run manifest:check -- FILE...`: checks manifest files (the product manifest, or
 * SA_MANIFEST, when none is given). Prints every problem as `FILE:LINE:COL: /pointer: message`
 * and exits 1 on any error; prints a one-line summary per valid file and exits 0 otherwise.
 */
import { relative } from 'node:path';
import { formatProblems } from './format.ts';
import { defaultManifestFile } from './paths.ts';
import { hasErrors } from './problem.ts';
import { summarize } from './summary.ts';
import { validateManifest } from './validate.ts';

const files = process.argv.slice(2);
if (files.length === 0)
  files.push(process.env.SA_MANIFEST ?? relative(process.cwd(), defaultManifestFile));

let failed = false;
for (const file of files) {
  const { manifest, problems } = validateManifest(file);
  if (problems.length > 0) console.error(formatProblems(problems));
  if (manifest && !hasErrors(problems)) console.log(summarize(file, manifest, problems));
  else {
    const errors = problems.filter((p) => p.severity === 'error').length;
    console.error(`${file}: ${errors} error${errors === 1 ? '' : 's'}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
