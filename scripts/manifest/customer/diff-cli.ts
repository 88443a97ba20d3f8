/**
 * `npm run manifest:diff -- FILE [--explain POINTER]...`
 *
 * Prints what the customer manifest FILE changes against the product manifest it extends
 * (routes hidden, added and renamed, menus, presets, tools, theme, layout, sign-in), for
 * review before a deployment. `--explain POINTER` (or `--why`) prints instead which file and
 * line set that value of the merged manifest; list entries may be named by id, e.g.
 * `--explain /header/quickSearch/network-outage/label`. Exits 1 when FILE has errors (they are
 * printed; `--explain` still works once the files could be merged, to help find the cause).
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { formatProblems } from '../format.ts';
import { repoRoot } from '../paths.ts';
import { hasErrors } from '../problem.ts';
import { validateManifest } from '../validate.ts';
import { isCustomerManifest } from './chain.ts';
import { describeChanges, describeContentChanges, formatChanges } from './diff.ts';
import { explainPointer } from './explain.ts';
import { validateCustomerManifest } from './validate-customer.ts';
import type { ManifestShape } from '../manifest-shape.ts';

const args = process.argv.slice(2);
const explain: string[] = [];
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  const flag = /^--(explain|why)(=(.*))?$/.exec(arg);
  if (flag) {
    const pointer = flag[3] ?? args[++i];
    if (pointer === undefined) fail(`${arg} needs a JSON pointer, e.g. ${arg} /brand/name`);
    explain.push(pointer!);
  } else if (arg.startsWith('--')) fail(`unknown option ${arg}`);
  else files.push(arg);
}
if (files.length !== 1) {
  fail(
    'usage: npm run manifest:diff -- manifest/customers/NAME.manifest.json [--explain /json/pointer]',
  );
}
const file = files[0]!;
if (!isCustomerManifest(file)) {
  fail(
    `${file} extends nothing: manifest:diff compares a customer manifest ("extends") with the manifest it extends`,
  );
}

const result = validateCustomerManifest(file);
const invalid = hasErrors(result.problems);
if (result.problems.length > 0) console.error(formatProblems(result.problems));

if (explain.length > 0) {
  if (!result.merged) fail(`${file}: cannot merge, fix the errors above first`);
  let ok = true;
  for (const pointer of explain) {
    const explained = explainPointer(result.merged!, pointer);
    (explained.ok ? console.log : console.error)(explained.lines.join('\n'));
    ok &&= explained.ok;
  }
  process.exit(ok && !invalid ? 0 : 1);
}

if (invalid || !result.manifest) fail(`${file}: not valid, no comparison printed`);
const base = result.merged!.layers[0]!;
// The product as the customer inherits it (its own warnings do not matter here).
const product = (validateManifest(base.file).manifest ?? base.value) as unknown as ManifestShape;
console.log(`${file} (${result.manifest!.id}) against ${base.file} (${product.id})\n`);
const before = withRepoAssetPaths(product, base.path);
const after = withRepoAssetPaths(result.manifest!, resolve(file));
console.log(formatChanges([...describeChanges(before, after), ...contentGroup(before, after)]));

/** The content pages the customer writes itself, with how much of the text differs. */
function contentGroup(product: ManifestShape, customer: ManifestShape) {
  const text = (path: string) => readFileSync(resolve(repoRoot, path), 'utf8');
  const lines = describeContentChanges(product, customer, text);
  return lines.length > 0 ? [{ title: 'Content pages', lines }] : [];
}

/** Asset paths are relative to each manifest file; compare them as repository paths. */
function withRepoAssetPaths(m: ManifestShape, manifestPath: string): ManifestShape {
  const copy = structuredClone(m);
  const repoPath = (path: string) =>
    relative(repoRoot, resolve(dirname(manifestPath), path))
      .split('\\')
      .join('/');
  copy.brand.logo = repoPath(copy.brand.logo);
  for (const cover of copy.theme.covers) cover.image = repoPath(cover.image);
  for (const route of copy.routes) if (route.content) route.content = repoPath(route.content);
  return copy;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
