import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scanScreens } from '../../../scripts/manifest/screen-check.ts';
import { checkFixture, fixtureScreens, lines, makeScreensDir } from './helpers.ts';

describe('screen check (layer 2)', () => {
  it('reports a screen module that does not exist, with the closest one', () => {
    expect(lines(checkFixture('missing-screen'))).toEqual([
      '24:17: /routes/2/screen: screen module src/screens/customer/vocs.tsx does not exist (did you mean "customer/voc"?)',
    ]);
  });

  it('scans nested screen modules, ignoring tests and other files', () => {
    const dir = makeScreensDir();
    try {
      expect([...scanScreens(dir)].sort()).toEqual([...fixtureScreens].sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds no screens in a missing directory instead of failing', () => {
    expect(scanScreens('/nonexistent/screens').size).toBe(0);
  });
});
