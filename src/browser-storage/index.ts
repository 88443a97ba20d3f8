/**
 * Scoped, versioned access to localStorage.
 *
 * Every key carries the deployment id (so two white-label deployments on one origin never
 * read each other's values) and the format version of what is stored (so a future format
 * change migrates old values instead of breaking on them). Reads never throw: a missing,
 * corrupt or unreadable value is reported as `undefined` and the caller uses its default.
 */

/** Describes one stored value: its name, current format version and how to read it. */
export interface StoredValueSpec<T> {
  /** Name of the value within the deployment, e.g. "user" or "preferences". */
  readonly name: string;
  /** Current format version (1, 2, ...). Writes always use it. */
  readonly version: number;
  /** Checks a parsed JSON value and returns it typed, or undefined when it is not valid. */
  readonly parse: (raw: unknown) => T | undefined;
  /**
   * Upgrades a value stored in format `from` to format `from + 1`. Needed for every version
   * below `version` whose values should survive an upgrade; without one, old values are
   * dropped and the default applies.
   */
  readonly migrations?: Readonly<Record<number, (old: unknown) => unknown>>;
}

/** The part of the Web Storage API this module needs (localStorage satisfies it). */
export type StorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface ScopedStorage {
  read<T>(spec: StoredValueSpec<T>): T | undefined;
  /** Returns false when the browser refused the write (quota, disabled storage). */
  write<T>(spec: StoredValueSpec<T>, value: T): boolean;
  remove<T>(spec: StoredValueSpec<T>): void;
}

/** The storage key of a value: `<deployment>:<name>:v<version>`. */
export function storageKey(deploymentId: string, name: string, version: number): string {
  return `${deploymentId}:${name}:v${version}`;
}

export function createScopedStorage(
  deploymentId: string,
  backend: StorageBackend | undefined = defaultBackend(),
): ScopedStorage {
  const keyOf = (name: string, version: number) => storageKey(deploymentId, name, version);

  const readRaw = (key: string): unknown => {
    const text = safely(() => backend?.getItem(key) ?? null, null);
    if (text === null) return undefined;
    return safely(() => JSON.parse(text) as unknown, undefined);
  };

  const write = <T>(spec: StoredValueSpec<T>, value: T): boolean =>
    safely(() => {
      if (!backend) return false;
      backend.setItem(keyOf(spec.name, spec.version), JSON.stringify(value));
      return true;
    }, false);

  const removeKey = (key: string) => safely(() => backend?.removeItem(key), undefined);

  /** Finds the newest older version of the value and upgrades it step by step. */
  const migrateOlder = <T>(spec: StoredValueSpec<T>): T | undefined => {
    for (let from = spec.version - 1; from >= 1; from--) {
      const oldKey = keyOf(spec.name, from);
      let value = readRaw(oldKey);
      if (value === undefined) continue;
      for (let step = from; step < spec.version && value !== undefined; step++) {
        const migrate = spec.migrations?.[step];
        value = migrate ? safely(() => migrate(value), undefined) : undefined;
      }
      const parsed = value === undefined ? undefined : spec.parse(value);
      if (parsed !== undefined && write(spec, parsed)) removeKey(oldKey);
      return parsed;
    }
    return undefined;
  };

  return {
    read<T>(spec: StoredValueSpec<T>): T | undefined {
      const current = readRaw(keyOf(spec.name, spec.version));
      if (current !== undefined) return safely(() => spec.parse(current), undefined);
      return migrateOlder(spec);
    },
    write,
    remove<T>(spec: StoredValueSpec<T>): void {
      removeKey(keyOf(spec.name, spec.version));
    },
  };
}

function defaultBackend(): StorageBackend | undefined {
  // Reading `localStorage` itself throws where storage is disabled by the browser's policy.
  return safely(() => globalThis.localStorage as StorageBackend | undefined, undefined);
}

function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}
