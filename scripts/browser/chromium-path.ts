/**
 * Where the browser tests and the benchmark find Chromium. We use Debian's `chromium` package
 * rather than Playwright's downloaded browsers: it installs through apt on a fresh CI machine
 * (see ensure-chromium.ts) and needs no download from outside the package mirrors.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Flags for headless Chromium in containers and CI: no sandbox, no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

const NAMES = ['chromium', 'chromium-browser'];

/** The Chromium executable: $CHROMIUM_PATH if set, else `chromium` on PATH; undefined if none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const override = env.CHROMIUM_PATH?.trim();
  if (override) return isExecutable(override) ? override : undefined;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of NAMES) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** Like findChromium, but throws an error that says how to get it. */
export function chromiumExecutablePath(env: NodeJS.ProcessEnv = process.env): string {
  const found = findChromium(env);
  if (found) return found;
  throw new Error(
    env.CHROMIUM_PATH
      ? `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file`
      : 'Chromium is not installed: run `npm run browser:install` (apt-get install chromium) first',
  );
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
