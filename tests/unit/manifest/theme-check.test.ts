import { describe, expect, it } from 'vitest';
import type { DefectName } from '../../fixtures/manifest/defects.ts';
import { contrastRatio } from '../../../scripts/manifest/contrast.ts';
import type { ManifestShape } from '../../../scripts/manifest/manifest-shape.ts';
import { THEME_RULES, checkTheme } from '../../../scripts/manifest/theme-check.ts';
import { checkFixture, defectiveManifest, lines } from './helpers.ts';

const cases: [fixture: DefectName, expected: string[]][] = [
  ['theme-color-count', ['124:15: /theme/colors: expected exactly 12 theme colours, found 11']],
  ['theme-cover-count', ['138:15: /theme/covers: expected exactly 9 cover images, found 8']],
  [
    'theme-duplicate-color',
    [
      '136:69: /theme/colors/11/light: duplicate light-mode colour value "#4338ca" (already used at /theme/colors/0/light)',
    ],
  ],
  [
    'theme-duplicate-cover',
    ['147:15: /theme/covers/8/id: duplicate cover id "c8" (already used at /theme/covers/7/id)'],
  ],
  [
    'theme-default-color',
    ['118:21: /theme/defaultColor: "indgo" is not a theme colour id (did you mean "indigo"?)'],
  ],
  [
    'theme-default-cover',
    ['119:21: /theme/defaultCover: "c0" is not a cover id (did you mean "c1"?)'],
  ],
  [
    'theme-contrast-dark',
    [
      '131:49: /theme/colors/6/dark: colour "amber" #1e3a8a has contrast 1.71:1 (WCAG AA needs 4.5:1) on dark surface #111827',
      '131:49: /theme/colors/6/dark: colour "amber" #1e3a8a has contrast 1.81:1 (WCAG AA needs 4.5:1) on dark background #0b1120',
    ],
  ],
  [
    'theme-contrast-light',
    [
      '131:69: /theme/colors/6/light: colour "amber" #fde68a has contrast 1.24:1 (WCAG AA needs 4.5:1) on light surface #ffffff',
      '131:69: /theme/colors/6/light: colour "amber" #fde68a has contrast 1.13:1 (WCAG AA needs 4.5:1) on light background #f1f5f9',
    ],
  ],
  [
    'theme-text-contrast',
    [
      '122:73: /theme/modes/light/text: light-mode text #94a3b8 has contrast 2.56:1 (WCAG AA needs 4.5:1) on light surface #ffffff',
      '122:73: /theme/modes/light/text: light-mode text #94a3b8 has contrast 2.34:1 (WCAG AA needs 4.5:1) on light background #f1f5f9',
    ],
  ],
];

describe('theme check (layer 3)', () => {
  it('documents the product rules', () => {
    expect(THEME_RULES).toEqual({ colorCount: 12, coverCount: 9, minContrast: 4.5 });
  });

  it.each(cases)('%s', (name, expected) => {
    expect(lines(checkFixture(name))).toEqual(expected);
  });

  it('lets a white-label manifest offer other counts, keeping every other theme rule', () => {
    const m = JSON.parse(defectiveManifest('theme-color-count')) as ManifestShape;
    expect(checkTheme(m, { exactCounts: false })).toEqual([]);
    m.theme.defaultColor = 'slate'; // the colour this fixture removed
    expect(checkTheme(m, { exactCounts: false }).map((f) => f.pointer)).toEqual([
      '/theme/defaultColor',
    ]);
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 on white is the classic lightest AA grey (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});
