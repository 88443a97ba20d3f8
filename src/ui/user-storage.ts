/**
 * A signed-in user's own stored values (My Dashboard's layout...), on the scoped, versioned
 * storage of src/browser-storage: keyed by deployment, value name, user and format version, so
 * they survive reload and sign-out/sign-in and two users of one browser never share them.
 * Unlike a preference, the caller is told when a stored value is present but unreadable (bad
 * JSON or refused by the parser), so it can say so instead of silently starting over.
 */
import {
  createScopedStorage,
  storageKey,
  type StorageBackend,
  type StoredValueSpec,
} from '../browser-storage/index.ts';
import type { StoredUser } from '../auth/index.ts';
import { manifest } from '../generated/manifest.gen.ts';

export interface UserValueSpec<T> {
  /** Name of the value; the user is appended. */
  name: string;
  version: number;
  /** The typed value, or undefined when the stored value is not valid. */
  parse: (raw: unknown) => T | undefined;
}

export type UserValue<T> =
  { status: 'missing' } | { status: 'corrupt' } | { status: 'ok'; value: T };

export interface UserStorage {
  read<T>(spec: UserValueSpec<T>): UserValue<T>;
  /** False when the browser refused the write (quota, storage disabled). */
  write<T>(spec: UserValueSpec<T>, value: T): boolean;
  remove<T>(spec: UserValueSpec<T>): void;
}

export function userStorage(
  user: StoredUser,
  backend: StorageBackend | undefined = defaultBackend(),
  deploymentId: string = manifest.id,
): UserStorage {
  const scoped = createScopedStorage(deploymentId, backend);
  const who = encodeURIComponent(user.username ?? user.name);
  const scopedSpec = <T>(spec: UserValueSpec<T>): StoredValueSpec<T> => ({
    name: `${spec.name}.${who}`,
    version: spec.version,
    parse: spec.parse,
  });
  return {
    read<T>(spec: UserValueSpec<T>): UserValue<T> {
      const s = scopedSpec(spec);
      const value = scoped.read(s);
      if (value !== undefined) return { status: 'ok', value };
      const present = safely(
        () => backend?.getItem(storageKey(deploymentId, s.name, s.version)) != null,
      );
      return present ? { status: 'corrupt' } : { status: 'missing' };
    },
    write: (spec, value) => scoped.write(scopedSpec(spec), value),
    remove: (spec) => scoped.remove(scopedSpec(spec)),
  };
}

function defaultBackend(): StorageBackend | undefined {
  try {
    return globalThis.localStorage as StorageBackend | undefined;
  } catch {
    return undefined;
  }
}

function safely(read: () => boolean): boolean {
  try {
    return read();
  } catch {
    return false;
  }
}
