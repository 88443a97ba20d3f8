/**
 * `npm start` with an unknown white-label customer ends at once with one located line naming
 * the customers there are (server/deployment-config/customer-check.ts), not a stack trace from
 * loading its module.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..', '..');

/** Runs scripts/dev/start.ts as `npm start` does (after generating), until it exits. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, stderr })));
}

// Loading the dev server's modules (Vite, the provider, the server) takes seconds on a quiet
// machine and a minute at load 10 on the shared 2 cores.
describe('npm start with an unknown customer', { timeout: 240_000 }, () => {
  it('says so in one line, located and naming the known customers, and exits 1', async () => {
    const { code, stderr } = await start({ SA_CUSTOMER: 'acmee', SA_CONFIG: '' });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'npm start: env SA_CUSTOMER: build.customer: no customer "acmee" in manifest/customers/ (did you mean "acme"?); the customers are acme, globex',
    ]);
  });
});
