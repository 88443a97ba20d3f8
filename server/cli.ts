/**
 * `npm run api [-- --explain]`: the API server alone, configured by the deployment configuration
 * (defaults, the file SA_CONFIG names, SA_API_*: server/deployment-config); `--explain` prints
 * each setting and where its value came from, and exits.
 */
import {
  anchorNotice,
  apiConfigOf,
  explainConfig,
  loadDeploymentConfig,
  startApiServer,
} from './index.ts';
import { fetchTrusting } from './fetch-with-ca.ts';
import { terminalProgress } from './progress-bar.ts';
import { readFileSync } from 'node:fs';

try {
  const deployment = loadDeploymentConfig();
  if (process.argv.includes('--explain')) {
    console.log(explainConfig(deployment));
    process.exit(0);
  }
  const config = apiConfigOf(deployment);
  const ca = deployment.value('api.authorityCa') as string | undefined;
  const api = await startApiServer(config, {
    onProgress: terminalProgress(),
    ...(ca ? { verifier: { fetch: fetchTrusting(readFileSync(ca, 'utf8')) } } : {}),
  });
  const calls = config.demo ? `${config.corpus.calls} demo calls` : 'no demo calls';
  console.log(
    `Callscope API on ${api.url}/v1 (${calls}, ${api.service.corpus.n} stored, data in ${config.dataDir}, tokens from ${config.authority})`,
  );
  // The stored corpus keeps the day it was generated for, as real data ages: say so.
  if (config.demo) console.log(anchorNotice(api.service.anchor, config.dataDir));
  else console.log(`Load calls with POST /v1/calls/batch or npm run ingest -- DIR (README).`);
  const stop = () => void api.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(`npm run api: ${(error as Error).message}`);
  process.exit(1);
}
