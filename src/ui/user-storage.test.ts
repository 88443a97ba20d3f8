import { describe, expect, it } from 'vitest';
import type { StorageBackend } from '../browser-storage/index.ts';
import { userStorage, type UserValueSpec } from './user-storage.ts';

function memory(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  const backend: StorageBackend = {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
  return { map, backend };
}

const spec: UserValueSpec<{ n: number }> = {
  name: 'thing',
  version: 1,
  parse: (raw) =>
    typeof raw === 'object' && raw !== null && typeof (raw as { n: unknown }).n === 'number'
      ? (raw as { n: number })
      : undefined,
};
const ann = { name: 'Ann', username: 'ann@example.com' };

describe('a user’s stored values', () => {
  it('keys by deployment, name, user and version, and keeps users apart', () => {
    const { map, backend } = memory();
    expect(userStorage(ann, backend, 'acme').write(spec, { n: 3 })).toBe(true);
    expect([...map.keys()]).toEqual(['acme:thing.ann%40example.com:v1']);
    expect(userStorage(ann, backend, 'acme').read(spec)).toEqual({ status: 'ok', value: { n: 3 } });
    expect(userStorage({ name: 'Bob' }, backend, 'acme').read(spec)).toEqual({ status: 'missing' });
    expect(userStorage(ann, backend, 'globex').read(spec)).toEqual({ status: 'missing' });
  });

  it('tells a corrupt value (bad JSON or refused) from a missing one, and leaves others alone', () => {
    const { map, backend } = memory({
      'acme:thing.ann%40example.com:v1': '{"n":',
      'acme:user:v1': '{"name":"Ann"}',
    });
    expect(userStorage(ann, backend, 'acme').read(spec)).toEqual({ status: 'corrupt' });
    map.set('acme:thing.ann%40example.com:v1', '{"n":"three"}');
    expect(userStorage(ann, backend, 'acme').read(spec)).toEqual({ status: 'corrupt' });
    expect(map.get('acme:user:v1')).toBe('{"name":"Ann"}');
    userStorage(ann, backend, 'acme').remove(spec);
    expect([...map.keys()]).toEqual(['acme:user:v1']);
  });

  it('reports a refused write', () => {
    const backend: StorageBackend = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(userStorage(ann, backend, 'acme').write(spec, { n: 1 })).toBe(false);
  });
});
