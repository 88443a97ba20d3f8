/**
 * `npm run ingest -- DIR`: loads a folder of calls (ingest-folder.ts) into the deployment the
 * SA_API_* environment names (the same data directory or ClickHouse server as `npm run api`),
 * with a progress bar, and ends with `N accepted, N rejected`. Recorded in the audit log as
 * the operating-system user who ran it. With the embedded database the API must be stopped
 * first (one process opens a data directory); a ClickHouse server takes both at once.
 */
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import type { Caller } from './auth.ts';
import { loadApiConfig, openApiService } from './index.ts';
import { ingestFolder } from './ingest-folder.ts';
import { audioOf } from './audio/index.ts';
import { terminalProgress } from './progress-bar.ts';

const dir = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!dir) {
  console.error(
    'usage: npm run ingest -- DIR   (DIR holds <id>.json|.vtt|.srt, <id>.wav|.opus|.mp3 and metadata.csv)',
  );
  process.exit(2);
}

try {
  // No token is checked here (the CLI has the data directory itself): an issuer is only needed
  // by the configuration's shape, so any names one.
  const config = loadApiConfig(process.env, process.cwd(), {
    label: 'npm run ingest',
    values: { 'api.authority': 'http://127.0.0.1' },
  });
  const service = await openApiService(config, { onProgress: terminalProgress() });
  const user = userInfo().username;
  const caller: Caller = {
    subject: `cli:${user}`,
    name: `${user} (npm run ingest)`,
    displayName: user,
    scopes: new Set([config.ingestScope]),
    roles: ['admin'],
  };
  const bar = process.stderr;
  const summary = await ingestFolder(resolve(dir), service, caller, {
    audio: audioOf(config).calls,
    progress: (done, total) => {
      const width = 30;
      const filled = total ? Math.round((done / total) * width) : width;
      const line = `Ingesting calls ${'#'.repeat(filled)}${'.'.repeat(width - filled)} ${done}/${total}`;
      if (bar.isTTY) bar.write(`\r${line}${done >= total ? '\n' : ''}`);
      else if (done >= total) bar.write(`${line}\n`);
    },
  });
  await service.close();
  for (const r of summary.rejects) console.log(`rejected ${r.id}: ${r.reason}`);
  if (summary.rejected > 0)
    console.log(`Reasons are in ${resolve(dir, 'rejected')}/<id>.reason.txt`);
  for (const r of summary.audioRejects) console.log(`audio refused ${r.id}: ${r.reason}`);
  if (summary.audioStored + summary.audioRejects.length > 0)
    console.log(`${summary.audioStored} recordings stored, ${summary.audioRejects.length} refused`);
  console.log(`${summary.accepted} accepted, ${summary.rejected} rejected`);
} catch (error) {
  console.error(`npm run ingest: ${(error as Error).message}`);
  process.exit(1);
}
