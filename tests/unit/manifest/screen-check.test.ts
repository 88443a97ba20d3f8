import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasDefaultExport, scanScreens } from '../../../scripts/manifest/screen-check.ts';
import {
  checkFixture,
  fixtureNotScreens,
  fixtureScreens,
  lines,
  makeScreensDir,
} from './helpers.ts';

describe('screen check (layer 2)', () => {
  it('reports a screen module that does not exist, with the closest one', () => {
    expect(lines(checkFixture('missing-screen'))).toEqual([
      '25:17: /routes/2/screen: screen module src/screens/customer/vocs.tsx does not exist (did you mean "customer/voc"?)',
    ]);
  });

  it('rejects a module that is not a screen (a part, or no default export), saying why', () => {
    expect(lines(checkFixture('non-screen-module'))).toEqual([
      '25:17: /routes/2/screen: src/screens/common/screen-test-kit.tsx is not a screen module: it has no default export (the screen component)',
      '40:17: /routes/3/screen: src/screens/performance/parts/agent-table.tsx is not a screen module: it is a part of a screen (screens are <area>/<name>.tsx)',
    ]);
  });

  it('rejects a purpose on a route that needs sign-in: no one would read it', () => {
    expect(lines(checkFixture('purpose-on-protected'))).toEqual([
      '26:18: /routes/2/purpose: a purpose is for the sign-in card of a public route; a signed-out visitor of this route is sent to sign in and never sees it',
    ]);
  });

  it('scans screen modules, sorting parts and modules without a default export apart', () => {
    const dir = makeScreensDir();
    try {
      const catalog = scanScreens(dir);
      expect([...catalog.screens].sort()).toEqual([...fixtureScreens].sort());
      expect(new Map([...catalog.notScreens].sort())).toEqual(
        new Map([...fixtureNotScreens].sort()),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds no screens in a missing directory instead of failing', () => {
    expect(scanScreens('/nonexistent/screens').screens.size).toBe(0);
  });
});

describe('default export detection', () => {
  it.each([
    ['export default function Screen() {}', true],
    ['const Screen = () => null;\nexport default Screen;', true],
    ['function Screen() {}\nexport { Screen as default };', true],
    ['export function renderScreen() {}', false],
    ['// export default function Screen() {}\nexport const x = "export default";', false],
  ])('%j → %s', (source, expected) => {
    expect(hasDefaultExport(source)).toBe(expected);
  });
});
