import { contrastRatio } from './contrast.ts';
import type { ManifestShape } from './manifest-shape.ts';
import type { Finding } from './problem.ts';
import { error, pointerOf } from './problem.ts';
import { didYouMean } from './suggest.ts';

/**
 * Product rules for the theme panel. The schema accepts any non-empty list so a customer
 * manifest stays schema-valid while being edited; the product itself offers exactly these.
 */
export const THEME_RULES = {
  /** The theme panel shows exactly 12 accent colours (spec, theme panel). */
  colorCount: 12,
  /** The theme panel shows exactly 9 cover images (spec, theme panel). */
  coverCount: 9,
  /** WCAG 2.x AA for normal text. */
  minContrast: 4.5,
} as const;

/**
 * Layer 3: the theme. Exactly 12 colours and 9 covers, no duplicate ids, names or values,
 * defaults that exist, and every accent and body text readable (WCAG AA) on both the page
 * background and the surface of its mode.
 */
export function checkTheme(
  m: ManifestShape,
  options: { exactCounts: boolean } = { exactCounts: true },
): Finding[] {
  const t = m.theme;
  const findings: Finding[] = [];
  if (options.exactCounts && t.colors.length !== THEME_RULES.colorCount) {
    findings.push(
      error(
        '/theme/colors',
        `expected exactly ${THEME_RULES.colorCount} theme colours, found ${t.colors.length}`,
      ),
    );
  }
  if (options.exactCounts && t.covers.length !== THEME_RULES.coverCount) {
    findings.push(
      error(
        '/theme/covers',
        `expected exactly ${THEME_RULES.coverCount} cover images, found ${t.covers.length}`,
      ),
    );
  }

  findings.push(
    ...duplicates(
      t.colors.map((c) => c.id),
      (i) => pointerOf('theme', 'colors', i, 'id'),
      'colour id',
    ),
  );
  findings.push(
    ...duplicates(
      t.colors.map((c) => c.name),
      (i) => pointerOf('theme', 'colors', i, 'name'),
      'colour name',
    ),
  );
  findings.push(
    ...duplicates(
      t.colors.map((c) => c.dark.toLowerCase()),
      (i) => pointerOf('theme', 'colors', i, 'dark'),
      'dark-mode colour value',
    ),
  );
  findings.push(
    ...duplicates(
      t.colors.map((c) => c.light.toLowerCase()),
      (i) => pointerOf('theme', 'colors', i, 'light'),
      'light-mode colour value',
    ),
  );
  findings.push(
    ...duplicates(
      t.covers.map((c) => c.id),
      (i) => pointerOf('theme', 'covers', i, 'id'),
      'cover id',
    ),
  );
  findings.push(
    ...duplicates(
      t.covers.map((c) => c.name),
      (i) => pointerOf('theme', 'covers', i, 'name'),
      'cover name',
    ),
  );
  findings.push(
    ...duplicates(
      t.covers.map((c) => c.image),
      (i) => pointerOf('theme', 'covers', i, 'image'),
      'cover image',
    ),
  );

  const colorIds = t.colors.map((c) => c.id);
  if (!colorIds.includes(t.defaultColor)) {
    findings.push(
      error(
        '/theme/defaultColor',
        `"${t.defaultColor}" is not a theme colour id${didYouMean(t.defaultColor, colorIds)}`,
      ),
    );
  }
  const coverIds = t.covers.map((c) => c.id);
  if (!coverIds.includes(t.defaultCover)) {
    findings.push(
      error(
        '/theme/defaultCover',
        `"${t.defaultCover}" is not a cover id${didYouMean(t.defaultCover, coverIds)}`,
      ),
    );
  }

  for (const mode of ['dark', 'light'] as const) {
    const surfaces = t.modes[mode];
    for (const ground of ['surface', 'background'] as const) {
      const text = readable(surfaces.text, surfaces[ground]);
      if (text)
        findings.push(
          error(
            pointerOf('theme', 'modes', mode, 'text'),
            `${mode}-mode text ${text} ${mode} ${ground} ${surfaces[ground]}`,
          ),
        );
      t.colors.forEach((c, i) => {
        const problem = readable(c[mode], surfaces[ground]);
        if (problem) {
          findings.push(
            error(
              pointerOf('theme', 'colors', i, mode),
              `colour "${c.id}" ${problem} ${mode} ${ground} ${surfaces[ground]}`,
            ),
          );
        }
      });
    }
  }
  return findings;
}

/** "<fg> has contrast N:1 on" when below AA, so the caller can name the background. */
function readable(foreground: string, background: string): string | undefined {
  const ratio = contrastRatio(foreground, background);
  if (ratio >= THEME_RULES.minContrast) return undefined;
  return `${foreground} has contrast ${(Math.floor(ratio * 100) / 100).toFixed(2)}:1 (WCAG AA needs ${THEME_RULES.minContrast}:1) on`;
}

function duplicates(
  values: readonly string[],
  pointerAt: (i: number) => string,
  what: string,
): Finding[] {
  const first = new Map<string, number>();
  const findings: Finding[] = [];
  values.forEach((value, i) => {
    const j = first.get(value);
    if (j === undefined) first.set(value, i);
    else
      findings.push(
        error(pointerAt(i), `duplicate ${what} "${value}" (already used at ${pointerAt(j)})`),
      );
  });
  return findings;
}
