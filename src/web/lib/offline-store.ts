import type { QueuedOp } from './offline-queue.ts';

/**
 * Where the offline queue keeps its work. The operations are small JSON, kept in localStorage so
 * they are there synchronously at start-up (the first render already shows what is pending); the
 * photos are blobs, kept in IndexedDB (localStorage holds only strings and a few megabytes).
 */
export interface ListStore<Item> {
  load(): Item[];
  save(items: readonly Item[]): void;
}

export type OpStore = ListStore<QueuedOp>;

export interface BlobStore {
  put(id: string, blob: Blob): Promise<void>;
  get(id: string): Promise<Blob | undefined>;
  delete(id: string): Promise<void>;
}

export const OFFLINE_QUEUE_KEY = 'LISTSYNC_OFFLINE_QUEUE';
/** Editor saves the server refused after the fact, kept until the person reviews them. */
export const HELD_EDITS_KEY = 'LISTSYNC_HELD_EDITS';

export function localStorageListStore<Item>(
  key: string,
  storage: Storage = window.localStorage,
): ListStore<Item> {
  return {
    load() {
      try {
        const text = storage.getItem(key);
        const parsed: unknown = text ? JSON.parse(text) : [];
        return Array.isArray(parsed) ? (parsed as Item[]) : [];
      } catch {
        return [];
      }
    },
    save(items) {
      // A full storage must not lose the queue silently: the caller hears of it.
      if (items.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(items));
    },
  };
}

export function localStorageOpStore(
  storage: Storage = window.localStorage,
  key = OFFLINE_QUEUE_KEY,
): OpStore {
  return localStorageListStore<QueuedOp>(key, storage);
}

export function memoryListStore<Item>(initial: Item[] = []): ListStore<Item> & { items: Item[] } {
  const store = {
    items: structuredClone(initial),
    load: () => structuredClone(store.items),
    save: (items: readonly Item[]) => {
      store.items = structuredClone([...items]);
    },
  };
  return store;
}

export function memoryOpStore(initial: QueuedOp[] = []): OpStore & { ops: QueuedOp[] } {
  const inner = memoryListStore(initial);
  return {
    get ops() {
      return inner.items;
    },
    set ops(ops: QueuedOp[]) {
      inner.items = ops;
    },
    load: inner.load,
    save: inner.save,
  };
}

export function memoryBlobStore(): BlobStore & { blobs: Map<string, Blob> } {
  const blobs = new Map<string, Blob>();
  return {
    blobs,
    put: async (id, blob) => void blobs.set(id, blob),
    get: async (id) => blobs.get(id),
    delete: async (id) => void blobs.delete(id),
  };
}

/**
 * Photos waiting to be uploaded, in IndexedDB. Its code is fetched on first use (the shared page's
 * first load stays small); a photo is rarely the first thing a page does.
 */
export function indexedDbBlobStore(): BlobStore {
  let store: Promise<BlobStore> | null = null;
  const open = () => {
    store ??= import('./offline-idb.ts').then((m) => m.openIndexedDbBlobStore());
    return store;
  };
  return {
    put: async (id, blob) => (await open()).put(id, blob),
    get: async (id) => (await open()).get(id),
    delete: async (id) => (await open()).delete(id),
  };
}
