import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../scripts/manifest/paths.ts';

describe('the local identity provider on this machine’s Node', () => {
  it('loads without oidc-provider’s “Unsupported runtime” warning', { timeout: 60_000 }, () => {
    const run = spawnSync(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      ['--eval', "import('./scripts/local-idp/index.ts').then(() => console.log('loaded'))"],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(run.stdout).toContain('loaded');
    expect(run.stderr).not.toContain('Unsupported runtime');
  });
});
