/**
 * `npm run bench`: runs every benchmark the project has, i.e. each `bench:*` npm script
 * (bench:manifest, bench:data, bench:shell...), one after the other, and exits 1 when any of
 * them reports a budget it misses.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const benches = Object.keys(scripts).filter((name) => name.startsWith('bench:'));
if (benches.length === 0) {
  console.error('bench: no bench:* scripts in package.json');
  process.exit(1);
}

const outcomes: { name: string; ok: boolean }[] = [];
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync('npm', ['run', '--silent', name], { cwd: root, stdio: 'inherit' });
  outcomes.push({ name, ok: result.status === 0 });
}

console.log('\n=== bench summary ===');
for (const { name, ok } of outcomes) console.log(`${ok ? 'PASS' : 'FAIL'} ${name}`);
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
