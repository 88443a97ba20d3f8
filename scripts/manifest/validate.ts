import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { checkAssets, type AssetBase } from './asset-check.ts';
import { loadContentPages } from './content/index.ts';
import type { ManifestShape } from './manifest-shape.ts';
import { checkOrphans } from './orphan-check.ts';
import { repoRoot, schemaFile, screensDir as defaultScreensDir } from './paths.ts';
import type { Finding, Problem } from './problem.ts';
import { hasErrors } from './problem.ts';
import { readManifestText } from './read.ts';
import { checkReferences } from './reference-check.ts';
import { checkUniqueIds } from './unique-ids.ts';
import { checkSchema, compileSchema, type SchemaChecker } from './schema-check.ts';
import { checkScreens, scanScreens, type ScreenCatalog } from './screen-check.ts';
import { checkTheme } from './theme-check.ts';

export interface ValidationResult {
  /** The manifest when it has no errors (warnings allowed), otherwise undefined. */
  manifest: ManifestShape | undefined;
  /** Every problem found, sorted by line and column. */
  problems: Problem[];
}

export interface CheckContext {
  /** Directory (or per-pointer directory) that asset paths are relative to. */
  assetBase: AssetBase;
  /** Screen modules that exist; scanned from src/screens by default. */
  screens: ScreenCatalog;
  /** How the screens directory is named in messages. */
  screensLabel?: string;
  /**
   * Require the product's exact theme counts (12 colours, 9 covers); default true. A
   * white-label manifest may offer a different number.
   */
  exactThemeCounts?: boolean;
}

// Compiling the schema is the slowest step of a check: compile once per schema text (dev
// keeps running while the schema file is edited, so the text is the key).
let cachedChecker: { schemaText: string; checker: SchemaChecker } | undefined;
function schemaChecker(): SchemaChecker {
  const schemaText = readFileSync(schemaFile, 'utf8');
  if (cachedChecker?.schemaText !== schemaText) {
    cachedChecker = { schemaText, checker: compileSchema(JSON.parse(schemaText) as object) };
  }
  return cachedChecker.checker;
}

/**
 * All layers on an already-parsed manifest value, as pointer-based findings. For a manifest
 * assembled from several files (white-label `extends`), call this on the merged value and
 * place each finding with the locate function of the file its pointer came from.
 */
export function checkManifestValue(value: unknown, context: CheckContext): Finding[] {
  const findings = checkSchema(schemaChecker(), value);
  const schemaValid = findings.length === 0;
  const m = value as ManifestShape;
  const layers: (() => Finding[])[] = [
    () => checkUniqueIds(m),
    () => checkReferences(m),
    () => checkScreens(m, context.screens, context.screensLabel),
    () => checkTheme(m, { exactCounts: context.exactThemeCounts ?? true }),
    () => checkAssets(m, context.assetBase),
    () => checkOrphans(m),
  ];
  for (const layer of layers) {
    try {
      findings.push(...layer());
    } catch (e) {
      // With schema errors a later layer may meet a malformed shape; the schema findings
      // already explain it. On a schema-valid manifest a throw is a bug: let it surface.
      if (schemaValid) throw e;
    }
  }
  return findings;
}

export interface ValidateOptions {
  /** Text of the manifest; read from `file` when absent. */
  text?: string;
  /** Screens directory; src/screens of this repository by default. */
  screensDir?: string;
  /** Pre-scanned screen modules (saves a directory scan when checking many manifests). */
  screens?: ScreenCatalog;
}

/**
 * Checks a manifest file in layers (syntax, schema, references, screens, theme, assets,
 * orphans) and reports every problem at once as `{ file, pointer, line, column, severity,
 * message }`. Never throws for bad manifest content; an unreadable file is a problem too.
 */
export function validateManifest(file: string, options: ValidateOptions = {}): ValidationResult {
  const path = resolve(file);
  let text = options.text;
  if (text === undefined) {
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const reason =
        code === 'ENOENT' ? 'file not found' : `cannot read the file (${code ?? String(e)})`;
      return {
        manifest: undefined,
        problems: [{ file, pointer: '', line: 1, column: 1, severity: 'error', message: reason }],
      };
    }
  }
  const source = readManifestText(text, file);
  if (source.value === undefined) return { manifest: undefined, problems: source.problems };

  const screensDir = options.screensDir ?? defaultScreensDir;
  const findings = checkManifestValue(source.value, {
    assetBase: dirname(path),
    screens: options.screens ?? scanScreens(screensDir),
    screensLabel: relative(repoRoot, screensDir).split('\\').join('/') || screensDir,
  });
  const problems = sortProblems([...source.problems, ...findings.map(source.locate)]);
  if (hasErrors(problems)) return { manifest: undefined, problems };
  // Content is checked against the valid manifest's routes, in the content files themselves.
  const content = loadContentPages(source.value as ManifestShape, dirname(path));
  const all = sortProblems([...problems, ...content.problems]);
  return { manifest: hasErrors(all) ? undefined : (source.value as ManifestShape), problems: all };
}

/** File order (line, column), keeping the check order for problems at the same place. */
export function sortProblems(problems: Problem[]): Problem[] {
  return problems
    .map((p, i) => ({ p, i }))
    .sort(
      (a, b) =>
        a.p.file.localeCompare(b.p.file) ||
        a.p.line - b.p.line ||
        a.p.column - b.p.column ||
        a.i - b.i,
    )
    .map(({ p }) => p);
}
