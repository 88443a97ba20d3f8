import { describe, expect, it } from 'vitest';
import {
  createScopedStorage,
  storageKey,
  type StorageBackend,
  type StoredValueSpec,
} from './index';

function memoryBackend(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const backend: StorageBackend = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
  return { backend, data };
}

interface Prefs {
  mode: 'dark' | 'light';
}
const prefsV2: StoredValueSpec<Prefs> = {
  name: 'preferences',
  version: 2,
  parse: (raw) =>
    typeof raw === 'object' && raw !== null && ['dark', 'light'].includes((raw as Prefs).mode)
      ? (raw as Prefs)
      : undefined,
  migrations: { 1: (old) => ({ mode: (old as { dark: boolean }).dark ? 'dark' : 'light' }) },
};

describe('scoped storage', () => {
  it('writes under a key scoped by deployment, name and version', () => {
    const { backend, data } = memoryBackend();
    createScopedStorage('acme', backend).write(prefsV2, { mode: 'light' });
    expect([...data.keys()]).toEqual(['acme:preferences:v2']);
    expect(storageKey('acme', 'preferences', 2)).toBe('acme:preferences:v2');
  });

  it('keeps two deployments on one origin apart', () => {
    const { backend } = memoryBackend();
    createScopedStorage('acme', backend).write(prefsV2, { mode: 'light' });
    expect(createScopedStorage('globex', backend).read(prefsV2)).toBeUndefined();
    expect(createScopedStorage('acme', backend).read(prefsV2)).toEqual({ mode: 'light' });
  });

  it('treats corrupt JSON and invalid values as absent', () => {
    const { backend } = memoryBackend({
      'acme:preferences:v2': '{not json',
      'b:preferences:v2': '{"mode":"sepia"}',
    });
    expect(createScopedStorage('acme', backend).read(prefsV2)).toBeUndefined();
    expect(createScopedStorage('b', backend).read(prefsV2)).toBeUndefined();
  });

  it('migrates an older version forward and removes the old key', () => {
    const { backend, data } = memoryBackend({ 'acme:preferences:v1': '{"dark":false}' });
    expect(createScopedStorage('acme', backend).read(prefsV2)).toEqual({ mode: 'light' });
    expect(data.get('acme:preferences:v2')).toBe('{"mode":"light"}');
    expect(data.has('acme:preferences:v1')).toBe(false);
  });

  it('drops an older version that has no migration', () => {
    const { backend } = memoryBackend({ 'acme:preferences:v1': '{"dark":false}' });
    const noMigration = { ...prefsV2, migrations: undefined };
    expect(createScopedStorage('acme', backend).read(noMigration)).toBeUndefined();
  });

  it('survives a backend that throws on every call', () => {
    const broken: StorageBackend = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const storage = createScopedStorage('acme', broken);
    expect(storage.read(prefsV2)).toBeUndefined();
    expect(storage.write(prefsV2, { mode: 'dark' })).toBe(false);
    expect(() => storage.remove(prefsV2)).not.toThrow();
  });
});
