import { beforeEach, describe, expect, it } from 'vitest';
import { createScopedStorage, type StorageBackend } from '../../../src/browser-storage/index.ts';
import {
  clearStoredUser,
  isSignedIn,
  parseStoredUser,
  readStoredUser,
  replaceStoredUserStorageForTests,
  storedUserKey,
  subscribeStoredUser,
  writeStoredUser,
} from '../../../src/auth/stored-user.ts';

let data: Map<string, string>;

beforeEach(() => {
  data = new Map();
  const backend: StorageBackend = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
  replaceStoredUserStorageForTests(createScopedStorage('callscope', backend));
});

describe('stored user info', () => {
  it('lives under <deployment>:user:v1', () => {
    expect(storedUserKey).toBe('callscope:user:v1');
    writeStoredUser({ name: 'Avery Quinn', username: 'avery@callscope.example' });
    expect(JSON.parse(data.get('callscope:user:v1') ?? '')).toEqual({
      name: 'Avery Quinn',
      username: 'avery@callscope.example',
    });
  });

  it('is what isSignedIn checks, and subscribers hear every change', () => {
    let heard = 0;
    const stop = subscribeStoredUser(() => heard++);
    expect(isSignedIn()).toBe(false);
    writeStoredUser({ name: 'Avery Quinn' });
    expect(isSignedIn()).toBe(true);
    clearStoredUser();
    expect(isSignedIn()).toBe(false);
    stop();
    writeStoredUser({ name: 'Avery Quinn' });
    expect(heard).toBe(2);
  });

  it('accepts only a non-empty name and an optional string username', () => {
    expect(parseStoredUser({ name: 'Avery' })).toEqual({ name: 'Avery' });
    expect(parseStoredUser({ name: '  ' })).toBeUndefined();
    expect(parseStoredUser({ name: 'Avery', username: 7 })).toBeUndefined();
    expect(parseStoredUser(['Avery'])).toBeUndefined();
    expect(parseStoredUser(null)).toBeUndefined();
    // Extra fields (e.g. a token someone put there) are dropped, never passed on.
    expect(parseStoredUser({ name: 'Avery', accessToken: 'x' })).toEqual({ name: 'Avery' });
  });

  it('treats a corrupt stored value as signed out', () => {
    data.set('callscope:user:v1', '{not json');
    replaceStoredUserStorageForTests(
      createScopedStorage('callscope', {
        getItem: (k) => data.get(k) ?? null,
        setItem: () => undefined,
        removeItem: () => undefined,
      }),
    );
    expect(readStoredUser()).toBeNull();
    expect(() => writeStoredUser({ name: '' })).toThrow(/non-empty name/);
  });
});
