/**
 * Code the user has to ask for (a drawer, a menu's entries) is fetched when they first do, not in
 * the first load: `fetch()` starts (or reuses) the download, `get()` answers once it arrived.
 * A failed download is forgotten, so asking again tries again.
 */
export interface Deferred<T> {
  fetch(): Promise<T>;
  get(): T | undefined;
}

export function deferred<T>(load: () => Promise<T>): Deferred<T> {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  return {
    fetch() {
      pending ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    get: () => value,
  };
}
