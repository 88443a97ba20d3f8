/**
 * The manifest pipeline's public face: read -> check (schema, references, screens, theme,
 * assets, orphans) -> emit (types, manifest data, typed routes). Everything else in this
 * folder is internal to the pipeline.
 */
export type { Finding, Problem, Severity } from './problem.ts';
export { hasErrors } from './problem.ts';
export { readManifestText, type ManifestSource } from './read.ts';
export {
  checkManifestValue,
  validateManifest,
  type CheckContext,
  type ValidateOptions,
  type ValidationResult,
} from './validate.ts';
export { formatProblem, formatProblems } from './format.ts';
export { summarize } from './summary.ts';
export { THEME_RULES } from './theme-check.ts';
export {
  generate,
  renderGenerated,
  type GenerateOptions,
  type GenerateResult,
} from './generate.ts';
export { authOverridesFrom, type AuthOverrides } from './auth-overrides.ts';
export { manifestPlugin, type ManifestPluginOptions } from './vite-plugin.ts';
export type { ManifestShape } from './manifest-shape.ts';
export { routeModule } from './route-module.ts';
