/**
 * The WriteStore of the browser: one IndexedDB object store of plain values by key. Opened from
 * the data worker (IndexedDB works in workers), so no write ever waits on the page's thread.
 */
import type { WriteStore } from './store.ts';

const DB_VERSION = 1;
const OBJECTS = 'writes';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

/** Opens (creating when new) the database; rejects when the browser refuses (private mode, quota). */
export async function openIndexedDbStore(
  name: string,
  factory: IDBFactory = indexedDB,
): Promise<WriteStore> {
  const open = factory.open(name, DB_VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(OBJECTS)) open.result.createObjectStore(OBJECTS);
  };
  const db = await request(open);
  const tx = (mode: IDBTransactionMode) => db.transaction(OBJECTS, mode);
  return {
    async readAll() {
      const t = tx('readonly');
      const objects = t.objectStore(OBJECTS);
      const [keys, values] = await Promise.all([
        request(objects.getAllKeys()),
        request(objects.getAll()),
      ]);
      return Object.fromEntries(keys.map((k, n) => [String(k), values[n]]));
    },
    async read(key) {
      return request(tx('readonly').objectStore(OBJECTS).get(key));
    },
    async writeAll(entries) {
      const t = tx('readwrite');
      const objects = t.objectStore(OBJECTS);
      for (const [k, v] of Object.entries(entries)) objects.put(v, k);
      await done(t);
    },
    async remove(keys) {
      const t = tx('readwrite');
      const objects = t.objectStore(OBJECTS);
      for (const k of keys) objects.delete(k);
      await done(t);
    },
  };
}
