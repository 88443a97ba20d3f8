/**
 * Stored user info: the `{ name, username? }` record that marks this browser as signed in.
 *
 * The route guard only checks that it exists (spec sections 4 and 6), and the header greets
 * the user by its name. It lives in localStorage through src/browser-storage under
 * `<deployment id>:user:v1`, and it never holds a secret: no token, no code, no claims
 * beyond the display name and the sign-in name.
 */
import { useSyncExternalStore } from 'react';
import {
  createScopedStorage,
  storageKey,
  type ScopedStorage,
  type StoredValueSpec,
} from '../browser-storage/index.ts';
import { manifest } from '../generated/manifest.gen.ts';

export interface StoredUser {
  readonly name: string;
  readonly username?: string;
}

const MAX_FIELD_LENGTH = 256;

export const storedUserSpec: StoredValueSpec<StoredUser> = {
  name: 'user',
  version: 1,
  parse: parseStoredUser,
};

/** Accepts `{ name: non-empty string, username?: string }` and nothing else. */
export function parseStoredUser(raw: unknown): StoredUser | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const { name, username } = raw as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_FIELD_LENGTH) {
    return undefined;
  }
  if (username === undefined) return { name };
  if (typeof username !== 'string' || username.length > MAX_FIELD_LENGTH) return undefined;
  return { name, username };
}

/** The localStorage key of the stored user info for this deployment. */
export const storedUserKey = storageKey(manifest.id, storedUserSpec.name, storedUserSpec.version);

let storage: ScopedStorage = createScopedStorage(manifest.id);
const listeners = new Set<() => void>();
// Cached so useSyncExternalStore sees a stable snapshot between changes.
let snapshot: StoredUser | null | undefined;

function notify(): void {
  snapshot = undefined;
  for (const listener of [...listeners]) listener();
}

export function readStoredUser(): StoredUser | null {
  if (snapshot === undefined) snapshot = storage.read(storedUserSpec) ?? null;
  return snapshot;
}

/** Sync: true when stored user info is present. The route guard's only check. */
export function isSignedIn(): boolean {
  return readStoredUser() !== null;
}

/** Returns false when the browser refused the write (quota, storage disabled). */
export function writeStoredUser(user: StoredUser): boolean {
  const valid = parseStoredUser(user);
  if (!valid) throw new TypeError('Stored user info needs a non-empty name.');
  const written = storage.write(storedUserSpec, valid);
  notify();
  return written;
}

export function clearStoredUser(): void {
  storage.remove(storedUserSpec);
  notify();
}

/** Forgets the cached value and tells subscribers to read localStorage again. */
export function refreshStoredUser(): void {
  notify();
}

export function subscribeStoredUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored user info, re-rendering when it changes (also from another tab). */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribeStoredUser, readStoredUser, () => null);
}

// Another tab signing in or out changes the same localStorage key.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === storedUserKey) notify();
  });
}

/** Tests only: read and write through another backend. */
export function replaceStoredUserStorageForTests(next: ScopedStorage): void {
  storage = next;
  notify();
}
