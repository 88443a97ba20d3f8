import { describe, expect, it } from 'vitest';
import { createScopedStorage, storageKey, type StorageBackend } from '../browser-storage/index.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { defaultPreferences, parsePreferences, preferencesSpec } from './preferences.ts';

const defaults = defaultPreferences(manifest);
const other = {
  mode: manifest.theme.defaultMode === 'dark' ? 'light' : 'dark',
  color: manifest.theme.colors.at(-1)!.id,
  cover: manifest.theme.covers.at(-1)!.id,
  sidebarCollapsed: !manifest.layout.sidebarCollapsed,
  headerHidden: !manifest.layout.headerHidden,
  footer: !manifest.layout.footer,
  boxed: !manifest.layout.boxed,
  topNav: !manifest.layout.topNav,
} as const;

function memoryBackend(
  initial: Record<string, string> = {},
): StorageBackend & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('preferences', () => {
  it('defaults to the manifest: dark mode, its default colour and cover, its layout flags', () => {
    expect(defaults).toEqual({
      mode: manifest.theme.defaultMode,
      color: manifest.theme.defaultColor,
      cover: manifest.theme.defaultCover,
      sidebarCollapsed: manifest.layout.sidebarCollapsed,
      headerHidden: manifest.layout.headerHidden,
      footer: manifest.layout.footer,
      boxed: manifest.layout.boxed,
      topNav: manifest.layout.topNav,
    });
    expect(defaults.mode).toBe('dark');
  });

  it('keeps every valid stored choice', () => {
    expect(parsePreferences(other, manifest)).toEqual(other);
  });

  it('resets only the fields that are missing, unknown or of the wrong type', () => {
    const parsed = parsePreferences(
      { ...other, color: 'no-such-colour', cover: 42, mode: 'sepia', footer: 'yes' },
      manifest,
    );
    expect(parsed).toEqual({
      ...other,
      color: defaults.color,
      cover: defaults.cover,
      mode: defaults.mode,
      footer: defaults.footer,
    });
    expect(parsePreferences({}, manifest)).toEqual(defaults);
  });

  it('rejects values that are not an object', () => {
    for (const raw of [null, 'dark', 7, true, ['dark']]) {
      expect(parsePreferences(raw, manifest)).toBeUndefined();
    }
  });

  it('round-trips through scoped storage under <deployment>:preferences:v1', () => {
    const backend = memoryBackend();
    const storage = createScopedStorage(manifest.id, backend);
    const spec = preferencesSpec(manifest);
    storage.write(spec, other);
    expect([...backend.data.keys()]).toEqual([storageKey(manifest.id, 'preferences', 1)]);
    expect(storage.read(spec)).toEqual(other);
  });

  it('reads corrupt JSON as no value, so the caller uses the defaults without an error', () => {
    const key = storageKey(manifest.id, 'preferences', 1);
    const storage = createScopedStorage(manifest.id, memoryBackend({ [key]: '{"mode":"li' }));
    expect(storage.read(preferencesSpec(manifest))).toBeUndefined();
  });
});
