import type { QueuedOp } from './operations.ts';

/**
 * Where the offline queue keeps its work. The operations are small JSON, kept in localStorage so
 * they are there synchronously at start-up (the first render already shows what is pending); the
 * photos are blobs, kept in IndexedDB (photo-storage.ts; localStorage holds only strings and a few
 * megabytes). The memory stores serve tests.
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
