import { describe, expect, it } from 'vitest';
import { checkFixture, lines } from './helpers.ts';

describe('asset check (layer 4)', () => {
  it('reports a missing cover image relative to the manifest file', () => {
    expect(lines(checkFixture('missing-asset'))).toEqual([
      '142:49: /theme/covers/3/image: image file not found: tests/fixtures/manifest/assets/covers/c44.svg (did you mean "c4.svg"?)',
    ]);
  });

  it('reports a missing logo', () => {
    expect(lines(checkFixture('missing-logo'))).toEqual([
      '4:74: /brand/logo: image file not found: tests/fixtures/manifest/assets/logo.png (did you mean "logo.svg"?)',
    ]);
  });
});
