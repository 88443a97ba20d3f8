/**
 * `npm run generate [-- MANIFEST]`: checks the manifest (product manifest by default, or
 * build.manifest: SA_MANIFEST or the SA_CONFIG file) and writes src/generated/. Prints every
 * problem and exits 1 on an invalid manifest.
 * A customer manifest generates into .cache/generated/NAME instead (scripts/manifest/customer/).
 */
import { relative } from 'node:path';
import { authOverridesFrom } from './auth-overrides.ts';
import { customerGeneratedDir } from './customer/index.ts';
import { formatProblems } from './format.ts';
import { generate } from './generate.ts';
import { defaultManifestFile } from './paths.ts';
import { hasErrors } from './problem.ts';
import { loadDeploymentConfig } from '../../server/deployment-config/index.ts';

const file =
  process.argv[2] ??
  (loadDeploymentConfig().value('build.manifest') as string | undefined) ??
  relative(process.cwd(), defaultManifestFile);
const result = await generate(file, {
  overrides: authOverridesFrom(process.env),
  outDir: customerGeneratedDir(file),
});
if (result.problems.length > 0) console.error(formatProblems(result.problems));
if (hasErrors(result.problems)) {
  console.error(`${file}: not generated, fix the errors above`);
  process.exit(1);
}
const changed = result.written.length;
console.log(
  `${file}: generated ${result.files.length} files in ${relative(process.cwd(), result.files[0]?.path ?? '').replace(/[^/]*$/, '')} (${changed} changed)`,
);
