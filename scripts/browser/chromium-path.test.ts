import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumExecutablePath, findChromium } from './chromium-path.ts';

function dirWith(name: string, executable: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'chromium-path-'));
  writeFileSync(join(dir, name), '#!/bin/sh\n');
  chmodSync(join(dir, name), executable ? 0o755 : 0o644);
  return dir;
}

describe('finding Chromium', () => {
  it('takes the first executable chromium on PATH', () => {
    const notExecutable = dirWith('chromium', false);
    const good = dirWith('chromium', true);
    expect(findChromium({ PATH: [notExecutable, good].join(delimiter) })).toBe(
      join(good, 'chromium'),
    );
  });

  it('accepts the chromium-browser name some distributions use', () => {
    const dir = dirWith('chromium-browser', true);
    expect(findChromium({ PATH: dir })).toBe(join(dir, 'chromium-browser'));
  });

  it('prefers CHROMIUM_PATH and rejects it when it is not executable', () => {
    const dir = dirWith('my-chrome', true);
    expect(findChromium({ PATH: '', CHROMIUM_PATH: join(dir, 'my-chrome') })).toBe(
      join(dir, 'my-chrome'),
    );
    expect(() => chromiumExecutablePath({ PATH: dir, CHROMIUM_PATH: '/no/such' })).toThrow(
      /CHROMIUM_PATH=\/no\/such is not an executable/,
    );
  });

  it('says how to install it when missing', () => {
    expect(findChromium({ PATH: mkdtempSync(join(tmpdir(), 'empty-')) })).toBeUndefined();
    expect(() => chromiumExecutablePath({ PATH: '' })).toThrow(/npm run browser:install/);
  });
});
