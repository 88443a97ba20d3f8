/**
 * Two customer deployments served from one origin share one localStorage. Everything the app
 * stores is keyed by the manifest id (src/browser-storage), and a customer's id is its own
 * (the customer check enforces it), so neither deployment reads the other's choices.
 */
import { describe, expect, it } from 'vitest';
import { validateAnyManifest } from '../../../scripts/manifest/customer/index.ts';
import {
  createScopedStorage,
  storageKey,
  type StorageBackend,
  type StoredValueSpec,
} from '../../../src/browser-storage/index.ts';
import type { Manifest } from '../../../src/generated/manifest.types.ts';
import {
  defaultPreferences,
  preferencesSpec,
  type Preferences,
} from '../../../src/runtime/preferences.ts';

/** The manifest a customer build ships (the same merged value the generator emits). */
const customer = (name: string) =>
  validateAnyManifest(`manifest/customers/${name}.manifest.json`).manifest as unknown as Manifest;
const acme = customer('acme');
const globex = customer('globex');

/** One origin's localStorage. */
function sharedOrigin(): StorageBackend & { keys(): string[] } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    keys: () => [...items.keys()].sort(),
  };
}

describe('stored preferences are scoped per customer', () => {
  it("two customers on one origin never read each other's choices", () => {
    const origin = sharedOrigin();
    const acmeStore = createScopedStorage(acme.id, origin);
    const globexStore = createScopedStorage(globex.id, origin);
    const globexChoice: Preferences = {
      ...defaultPreferences(globex),
      color: 'rose',
      cover: 'embers',
      boxed: true,
    };
    globexStore.write(preferencesSpec(globex), globexChoice);

    // Acme has nothing stored yet: it starts from its own defaults, not Globex's choice.
    expect(acmeStore.read(preferencesSpec(acme))).toBeUndefined();
    expect(defaultPreferences(acme)).toMatchObject({ mode: 'light', color: 'orange' });

    const acmeChoice: Preferences = { ...defaultPreferences(acme), mode: 'dark', color: 'teal' };
    acmeStore.write(preferencesSpec(acme), acmeChoice);
    expect(acmeStore.read(preferencesSpec(acme))).toEqual(acmeChoice);
    expect(globexStore.read(preferencesSpec(globex))).toEqual(globexChoice);
    expect(origin.keys()).toEqual(['acme:preferences:v1', 'globex:preferences:v1']);
  });

  it('the stored user is scoped too: signing in to one customer is not signing in to another', () => {
    expect(storageKey(acme.id, 'user', 1)).toBe('acme:user:v1');
    expect(storageKey(globex.id, 'user', 1)).toBe('globex:user:v1');
  });

  it('a stored colour the customer does not offer falls back to its default, the rest is kept', () => {
    const origin = sharedOrigin();
    // Say acme once offered purple (the product does) and a user picked it.
    origin.setItem(
      'acme:preferences:v1',
      JSON.stringify({ ...defaultPreferences(acme), color: 'purple', boxed: true }),
    );
    expect(createScopedStorage(acme.id, origin).read(preferencesSpec(acme))).toMatchObject({
      color: 'orange',
      boxed: true,
    });
  });

  it("a future format migrates each customer's own old value and leaves the others alone", () => {
    const origin = sharedOrigin();
    createScopedStorage(acme.id, origin).write(preferencesSpec(acme), {
      ...defaultPreferences(acme),
      color: 'teal',
    });
    createScopedStorage(globex.id, origin).write(
      preferencesSpec(globex),
      defaultPreferences(globex),
    );
    const v2: StoredValueSpec<Preferences & { density: string }> = {
      name: 'preferences',
      version: 2,
      parse: (raw) => {
        const base = preferencesSpec(acme).parse(raw);
        const density = (raw as { density?: unknown }).density;
        return base && typeof density === 'string' ? { ...base, density } : undefined;
      },
      migrations: { 1: (old) => ({ ...(old as object), density: 'comfortable' }) },
    };
    expect(createScopedStorage(acme.id, origin).read(v2)).toMatchObject({
      color: 'teal',
      density: 'comfortable',
    });
    expect(origin.keys()).toEqual(['acme:preferences:v2', 'globex:preferences:v1']);
  });
});
