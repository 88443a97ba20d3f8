import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in scripts/manifest/). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const schemaFile = resolve(repoRoot, 'schema', 'manifest.schema.json');
export const defaultManifestFile = resolve(repoRoot, 'manifest', 'product.manifest.json');
export const generatedDir = resolve(repoRoot, 'src', 'generated');
export const screensDir = resolve(repoRoot, 'src', 'screens');
/** The types of a pre-rendered content page, shared by the emitter and the content screen. */
export const contentDocumentFile = resolve(repoRoot, 'src', 'content', 'document.ts');
/**
 * The resolved manifest the generator writes beside src/generated/manifest.gen.ts. Here rather
 * than in generate.ts so its readers (the servers, the browser-test harness) do not load the
 * generator's dependencies: that import cost every browser-test worker 2-7 s (issue 34).
 */
export const RESOLVED_MANIFEST_FILE = 'manifest.resolved.json';
