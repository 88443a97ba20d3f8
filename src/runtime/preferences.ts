/**
 * The theme panel's choices: mode, accent colour, cover and the layout flags. They are kept in
 * localStorage through src/browser-storage ("preferences", v1). Every field is checked on its
 * own against what the manifest offers, so one unknown colour id (say, after a customer
 * removed it from their manifest) resets only that choice, and a corrupt value resets to the
 * manifest's defaults without an error.
 */
import type { StoredValueSpec } from '../browser-storage/index.ts';
import type { Manifest } from '../generated/manifest.types.ts';

export type Mode = 'dark' | 'light';

export interface Preferences {
  readonly mode: Mode;
  readonly color: string;
  readonly cover: string;
  readonly sidebarCollapsed: boolean;
  readonly headerHidden: boolean;
  readonly footer: boolean;
  readonly boxed: boolean;
  readonly topNav: boolean;
}

export type LayoutFlag = 'sidebarCollapsed' | 'headerHidden' | 'footer' | 'boxed' | 'topNav';
export const layoutFlags: readonly LayoutFlag[] = [
  'sidebarCollapsed',
  'headerHidden',
  'footer',
  'boxed',
  'topNav',
];

type ThemeChoices = Pick<Manifest, 'theme' | 'layout'>;

export function defaultPreferences({ theme, layout }: ThemeChoices): Preferences {
  return {
    mode: theme.defaultMode,
    color: theme.defaultColor,
    cover: theme.defaultCover,
    sidebarCollapsed: layout.sidebarCollapsed,
    headerHidden: layout.headerHidden,
    footer: layout.footer,
    boxed: layout.boxed,
    topNav: layout.topNav,
  };
}

/** Stored value -> preferences; undefined only when it is not an object at all. */
export function parsePreferences(raw: unknown, choices: ThemeChoices): Preferences | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const stored = raw as Record<string, unknown>;
  const defaults = defaultPreferences(choices);
  const oneOf = <T extends string>(value: unknown, allowed: readonly string[], fallback: T) =>
    typeof value === 'string' && allowed.includes(value) ? (value as T) : fallback;
  const flag = (name: LayoutFlag) =>
    typeof stored[name] === 'boolean' ? (stored[name] as boolean) : defaults[name];
  return {
    mode: oneOf<Mode>(stored.mode, ['dark', 'light'], defaults.mode),
    color: oneOf(
      stored.color,
      choices.theme.colors.map((c) => c.id),
      defaults.color,
    ),
    cover: oneOf(
      stored.cover,
      choices.theme.covers.map((c) => c.id),
      defaults.cover,
    ),
    sidebarCollapsed: flag('sidebarCollapsed'),
    headerHidden: flag('headerHidden'),
    footer: flag('footer'),
    boxed: flag('boxed'),
    topNav: flag('topNav'),
  };
}

export function preferencesSpec(choices: ThemeChoices): StoredValueSpec<Preferences> {
  return { name: 'preferences', version: 1, parse: (raw) => parsePreferences(raw, choices) };
}
