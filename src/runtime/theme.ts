/**
 * Applies the chosen mode, accent colour and cover to <html> as CSS custom properties (see
 * README.md for the list screen authors may use). Setting properties through the CSSOM is
 * allowed under the app's strict Content-Security-Policy; inline style attributes are not.
 */
import type { Manifest } from '../generated/manifest.types.ts';
import type { Preferences } from './preferences.ts';

/** Mixes two #rrggbb colours: weight 1 is all `a`. */
export function mix(a: string, b: string, weight: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  let out = '#';
  for (let i = 0; i < 3; i++) {
    const value = Math.round(channel(a, i) * weight + channel(b, i) * (1 - weight));
    out += value.toString(16).padStart(2, '0');
  }
  return out;
}

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color`, moved towards `towards` just enough to reach 4.5:1 (WCAG AA) on `background`. */
export function readable(color: string, background: string, towards: string): string {
  let out = color;
  for (let step = 1; step <= 10 && contrast(out, background) < 4.5; step++) {
    out = mix(towards, color, step / 10);
  }
  return out;
}

/** The CSS custom properties for these preferences, by name. */
export function themeVariables(
  prefs: Preferences,
  { theme, layout }: Pick<Manifest, 'theme' | 'layout'>,
): Record<string, string> {
  const surfaces = theme.modes[prefs.mode];
  const color = theme.colors.find((c) => c.id === prefs.color) ?? theme.colors[0];
  const cover = theme.covers.find((c) => c.id === prefs.cover) ?? theme.covers[0];
  const accent = color[prefs.mode];
  const dark = prefs.mode === 'dark';
  const accentSoft = mix(accent, surfaces.surface, dark ? 0.16 : 0.1);
  return {
    '--bg': surfaces.background,
    '--surface': surfaces.surface,
    '--surface-raised': dark ? mix(surfaces.text, surfaces.surface, 0.06) : surfaces.surface,
    '--text': surfaces.text,
    // 72% text on the surface keeps muted text above 4.5:1 on both default palettes.
    '--text-muted': mix(surfaces.text, surfaces.surface, 0.72),
    '--border': mix(surfaces.text, surfaces.surface, dark ? 0.16 : 0.14),
    '--hover': mix(surfaces.text, surfaces.surface, 0.07),
    '--accent': accent,
    '--accent-soft': accentSoft,
    // Accent-coloured text on the tinted background of selected entries.
    '--accent-text': readable(accent, accentSoft, surfaces.text),
    // Dark-mode accents are light tints, light-mode accents are deep shades.
    '--on-accent': dark ? surfaces.background : '#ffffff',
    '--cover': `url("${cover.image}")`,
    '--transition-ms': `${layout.transitionMs}ms`,
  };
}

export function applyTheme(
  prefs: Preferences,
  choices: Pick<Manifest, 'theme' | 'layout'>,
  root = document.documentElement,
) {
  root.dataset.mode = prefs.mode;
  root.style.colorScheme = prefs.mode;
  for (const [name, value] of Object.entries(themeVariables(prefs, choices))) {
    root.style.setProperty(name, value);
  }
}
