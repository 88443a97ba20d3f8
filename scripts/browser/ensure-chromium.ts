/**
 * `npm run browser:install`: makes sure Debian's Chromium is installed for the browser tests.
 * CI machines start fresh and run as root, so when `chromium` is missing this runs
 * `apt-get update && apt-get install -y chromium` and says so; anywhere it cannot, it stops
 * with the command to run by hand.
 */
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium-path.ts';

function describe(path: string): string {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  const version = result.stdout?.trim().split('\n').at(-1) ?? '';
  return version ? `${path} (${version})` : path;
}

function run(command: string, args: string[]): void {
  console.log(`browser: $ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

const existing = findChromium();
if (existing) {
  console.log(`browser: Chromium found at ${describe(existing)}; nothing to install`);
  process.exit(0);
}

const manual = 'install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH)';
if (process.env.CHROMIUM_PATH) {
  console.error(`browser: CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file`);
  process.exit(1);
}
if (process.platform !== 'linux' || spawnSync('apt-get', ['--version']).status !== 0) {
  console.error(`browser: Chromium is missing and this is not a Debian-like system: ${manual}`);
  process.exit(1);
}
if (process.getuid?.() !== 0) {
  console.error(`browser: Chromium is missing and installing needs root: ${manual}`);
  process.exit(1);
}

try {
  console.log('browser: Chromium not found on PATH; installing the Debian package');
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);
} catch (error) {
  console.error(`browser: installing Chromium failed: ${(error as Error).message}; ${manual}`);
  process.exit(1);
}
const installed = findChromium();
if (!installed) {
  console.error(`browser: apt-get finished but no chromium is on PATH; ${manual}`);
  process.exit(1);
}
console.log(`browser: installed ${describe(installed)}`);
