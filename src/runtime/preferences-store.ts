/**
 * The one live copy of the user's preferences: read once from storage, applied to <html>,
 * written back on every change, and re-read when another tab changes them.
 */
import { useSyncExternalStore } from 'react';
import { createScopedStorage, storageKey } from '../browser-storage/index.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { defaultPreferences, preferencesSpec, type Preferences } from './preferences.ts';
import { applyTheme } from './theme.ts';

const spec = preferencesSpec(manifest);
const storage = createScopedStorage(manifest.id);
const listeners = new Set<() => void>();
let current: Preferences = load();

function load(): Preferences {
  return storage.read(spec) ?? defaultPreferences(manifest);
}

function publish(next: Preferences): void {
  current = next;
  applyTheme(current, manifest);
  for (const listener of [...listeners]) listener();
}

/** Applies the stored theme before the first render, so the app never flashes the default. */
export function applyStoredTheme(): void {
  applyTheme(current, manifest);
}

export function updatePreferences(change: Partial<Preferences>): void {
  const next = { ...current, ...change };
  storage.write(spec, next);
  publish(next);
}

export function resetPreferences(): void {
  storage.remove(spec);
  publish(defaultPreferences(manifest));
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

if (typeof window !== 'undefined') {
  const key = storageKey(manifest.id, spec.name, spec.version);
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === key) publish(load());
  });
}
