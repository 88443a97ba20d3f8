/**
 * Checks a customer manifest: its own shape (schema/customer-manifest.schema.json), then the
 * merge over the manifest it extends (merge.ts, hide.ts), then the merged manifest with the
 * product's schema and every product check (validate.ts) plus the customer rules. Each problem
 * is reported at the file and line that set the offending value: the customer file when the
 * value came from it, the manifest it extends otherwise.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileSites } from '../asset-check.ts';
import { loadContentPages } from '../content/index.ts';
import type { ManifestShape } from '../manifest-shape.ts';
import { repoRoot, screensDir as defaultScreensDir } from '../paths.ts';
import type { Finding, Problem } from '../problem.ts';
import { hasErrors } from '../problem.ts';
import type { ManifestSource } from '../read.ts';
import { checkSchema, compileSchema, type SchemaChecker } from '../schema-check.ts';
import { scanScreens } from '../screen-check.ts';
import {
  checkManifestValue,
  sortProblems,
  type ValidateOptions,
  type ValidationResult,
} from '../validate.ts';
import { readChain, type ManifestLayer } from './chain.ts';
import { checkCustomer } from './customer-checks.ts';
import { applyHide } from './hide.ts';
import { mergeNode } from './merge.ts';
import {
  cloneNode,
  nodesByPointer,
  plain,
  sourced,
  type Origin,
  type SourcedNode,
} from './sourced.ts';

export const customerSchemaFile = resolve(repoRoot, 'schema', 'customer-manifest.schema.json');

/** Members of a customer file that steer the merge and are not manifest content. */
const DIRECTIVES = new Set(['$schema', 'extends', 'hide']);

/** The merged manifest with the origin of each value, for diff and explain. */
export interface MergedManifest {
  /** Base first, the checked customer file last. */
  layers: ManifestLayer[];
  root: SourcedNode;
  /** The node at a pointer of the merged manifest. */
  nodes: Map<string, SourcedNode>;
  /** `FILE:LINE:COL` of an origin. */
  where(origin: Origin): string;
}

export interface CustomerValidationResult extends ValidationResult {
  /** Present once every file was read and the customer files have a valid shape. */
  merged?: MergedManifest;
}

let customerChecker: SchemaChecker | undefined;
function customerSchemaChecker(): SchemaChecker {
  customerChecker ??= compileSchema(JSON.parse(readFileSync(customerSchemaFile, 'utf8')) as object);
  return customerChecker;
}

export function validateCustomerManifest(
  file: string,
  options: ValidateOptions = {},
): CustomerValidationResult {
  const chain = readChain(file, options.text);
  if (hasErrors(chain.problems))
    return { manifest: undefined, problems: sortProblems(chain.problems) };
  const [base, ...customers] = chain.layers;
  const checked = chain.layers.at(-1)!;

  // 1. The customer files' own shape: a misspelt operation must not be merged as content.
  const shapeProblems = customers.flatMap((layer) =>
    checkSchema(customerSchemaChecker(), layer.value).map(layer.source.locate),
  );
  if (hasErrors(shapeProblems))
    return { manifest: undefined, problems: sortProblems(shapeProblems) };

  const sources = new Map<string, ManifestSource>(chain.layers.map((l) => [l.file, l.source]));
  const paths = new Map<string, string>(chain.layers.map((l) => [l.file, l.path]));
  const placeOrigin = (origin: Origin, finding: Finding): Problem =>
    sources.get(origin.file)!.locate({ ...finding, pointer: origin.pointer });
  const where = (origin: Origin): string => {
    const p = placeOrigin(origin, { pointer: '', severity: 'error', message: '' });
    return `${p.file}:${p.line}:${p.column}`;
  };

  // 2. Merge each customer file over what it extends; its mistakes are placed in it.
  const problems: Problem[] = [];
  let root = sourced(base!.value, base!.file);
  for (const layer of customers) {
    const findings: Finding[] = [];
    const overlay = sourced(withoutDirectives(layer.value), layer.file);
    root = mergeNode(root, overlay, '', findings);
    const hide = sourced(layer.value.hide, layer.file, '/hide');
    if (layer.value.hide !== undefined) {
      root = cloneNode(root);
      findings.push(...applyHide(root, hide, { where }));
    }
    problems.push(...findings.map(layer.source.locate));
  }

  // 3. The merged manifest: every product check, plus the customer rules.
  const nodes = nodesByPointer(root);
  const value = plain(root);
  const screensDir = options.screensDir ?? defaultScreensDir;
  const assetDir = (pointer: string): string =>
    dirname(paths.get(originAt(nodes, pointer, 'value').file)!);
  const findings = [
    ...checkManifestValue(value, {
      assetBase: assetDir,
      screens: options.screens ?? scanScreens(screensDir),
      screensLabel: relative(repoRoot, screensDir).split('\\').join('/') || screensDir,
      exactThemeCounts: false,
    }),
    ...checkCustomer(
      value as ManifestShape,
      chain.layers.slice(0, -1).map((l) => ({ id: String(l.value.id), file: l.file })),
    ),
  ];
  for (const finding of findings) {
    const origin = originAt(nodes, finding.pointer, finding.at ?? 'value');
    const problem = { ...placeOrigin(origin, finding), pointer: finding.pointer };
    // Inherited values are fine on their own; say which merge shows the problem.
    if (origin.file !== checked.file) problem.message += ` (as merged for ${checked.file})`;
    problems.push(problem);
  }

  const merged: MergedManifest = { layers: chain.layers, root, nodes, where };
  const sorted = sortProblems(problems);
  if (hasErrors(sorted)) return { manifest: undefined, problems: sorted, merged };
  const manifest = rebaseAssets(value as ManifestShape, nodes, paths, checked.path);
  // Content pages, checked against the customer's own routes (a hidden route is no target).
  const content = loadContentPages(manifest, dirname(checked.path));
  const all = sortProblems([...sorted, ...content.problems]);
  return { manifest: hasErrors(all) ? undefined : manifest, problems: all, merged };
}

function withoutDirectives(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !DIRECTIVES.has(key)));
}

/**
 * Where the value at `pointer` of the merged manifest was set. A pointer to a missing member
 * falls back to its closest existing parent. A problem about a whole object or list (rather
 * than its key) goes to the last change made to it, when a customer changed it: that change is
 * the likelier cause (an entry removed, a member deleted).
 */
export function originAt(
  nodes: Map<string, SourcedNode>,
  pointer: string,
  at: 'key' | 'value',
): Origin {
  let p = pointer;
  let exact = true;
  for (;;) {
    const node = nodes.get(p);
    if (node) return (at === 'key' && exact ? undefined : node.changedAt) ?? node.origin;
    if (p === '') throw new Error('the merged manifest has no root');
    p = p.slice(0, p.lastIndexOf('/'));
    exact = false;
  }
}

/**
 * Asset paths are written relative to the file that sets them; the merged manifest is emitted
 * as if it were the customer file, so each is made relative to that file.
 */
function rebaseAssets(
  m: ManifestShape,
  nodes: Map<string, SourcedNode>,
  paths: Map<string, string>,
  customerPath: string,
): ManifestShape {
  const rebased = structuredClone(m);
  for (const site of fileSites(m)) {
    const from = dirname(paths.get(originAt(nodes, site.pointer, 'value').file)!);
    const path = relative(dirname(customerPath), resolve(from, site.path)).split('\\').join('/');
    const [, group, key, index] = site.pointer.split('/');
    if (group === 'brand') rebased.brand.logo = path;
    else if (group === 'routes') rebased.routes[Number(key)]!.content = path;
    else if (group === 'theme' && key === 'covers')
      rebased.theme.covers[Number(index)]!.image = path;
  }
  return rebased;
}
