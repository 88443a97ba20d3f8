/**
 * `npm run config`: checks the deployment configuration (defaults, the file SA_CONFIG names, the
 * environment) and prints every problem as `SOURCE: SETTING: message`, exiting 1 on any.
 *   --explain      each setting, its value (secrets masked) and where it came from
 *   --write-docs   rewrites the settings table of docs/deploying.md from the schema
 * `npm start -- --explain` explains what `npm start` runs with (its local provider included).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  DeploymentConfigError,
  explainConfig,
  loadDeploymentConfig,
  readDeploymentSchema,
  settingsOf,
} from './index.ts';
import { docsFile, withSettingsTable } from './docs.ts';

const { values } = parseArgs({
  options: { explain: { type: 'boolean' }, 'write-docs': { type: 'boolean' } },
});

if (values['write-docs']) {
  const text = readFileSync(docsFile, 'utf8');
  writeFileSync(docsFile, await withSettingsTable(text, settingsOf(readDeploymentSchema())));
  console.log(`config: wrote the settings table of ${docsFile}`);
  process.exit(0);
}

try {
  const config = loadDeploymentConfig();
  if (values.explain) console.log(explainConfig(config));
  else console.log(`config: ${config.settings.length} settings, no problem`);
} catch (error) {
  if (!(error instanceof DeploymentConfigError)) throw error;
  console.error(`npm run config: ${error.message}`);
  process.exit(1);
}
