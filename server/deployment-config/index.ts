/**
 * The deployment configuration's public face: one JSON Schema (schema/deployment.schema.json),
 * resolved from defaults, a program's preset, the file SA_CONFIG names and the environment
 * (load.ts), explained setting by setting (explain.ts). The API server, `npm start` and the page
 * the app starts in read their settings here. Scripts may import this file without the rest of
 * the server (eslint.config.js): it loads no database.
 */
import type { DeploymentConfig } from './load.ts';

export {
  CONFIG_FILE_ENV,
  DeploymentConfigError,
  describeSource,
  formatConfigProblem,
  loadDeploymentConfig,
  type ConfigProblem,
  type DeploymentConfig,
  type Env,
  type LoadOptions,
  type ResolvedSetting,
  type Source,
} from './load.ts';
export { explainConfig, settingsTable } from './explain.ts';
export {
  deploymentSchemaFile,
  readDeploymentSchema,
  settingsOf,
  type Setting,
} from './settings.ts';

/**
 * What the app is told at run time (the page's sa-api-url and sa-api-scopes meta tags,
 * scripts/serve/deployment-meta.ts): only what is set, so an unset value leaves the build's.
 */
export function appDeploymentOf(config: DeploymentConfig): {
  apiUrl?: string;
  apiScopes?: readonly string[];
} {
  const apiUrl = config.value('app.apiUrl') as string | undefined;
  const apiScopes = config.value('app.apiScopes') as readonly string[] | undefined;
  return {
    ...(apiUrl ? { apiUrl } : {}),
    ...(apiScopes?.length ? { apiScopes } : {}),
  };
}
