import type { QueuedOp } from './offline-queue.ts';

/**
 * Where the offline queue keeps its work. The operations are small JSON, kept in localStorage so
 * they are there synchronously at start-up (the first render already shows what is pending); the
 * photos are blobs, kept in IndexedDB (localStorage holds only strings and a few megabytes).
 */
export interface OpStore {
  load(): QueuedOp[];
  save(ops: readonly QueuedOp[]): void;
}

export interface BlobStore {
  put(id: string, blob: Blob): Promise<void>;
  get(id: string): Promise<Blob | undefined>;
  delete(id: string): Promise<void>;
}

export const OFFLINE_QUEUE_KEY = 'LISTSYNC_OFFLINE_QUEUE';

export function localStorageOpStore(
  storage: Storage = window.localStorage,
  key = OFFLINE_QUEUE_KEY,
): OpStore {
  return {
    load() {
      try {
        const text = storage.getItem(key);
        const parsed: unknown = text ? JSON.parse(text) : [];
        return Array.isArray(parsed) ? (parsed as QueuedOp[]) : [];
      } catch {
        return [];
      }
    },
    save(ops) {
      // A full storage must not lose the queue silently: the caller hears of it.
      if (ops.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(ops));
    },
  };
}

export function memoryOpStore(initial: QueuedOp[] = []): OpStore & { ops: QueuedOp[] } {
  const store = {
    ops: structuredClone(initial),
    load: () => structuredClone(store.ops),
    save: (ops: readonly QueuedOp[]) => {
      store.ops = structuredClone([...ops]);
    },
  };
  return store;
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

const DB_NAME = 'listsync-offline';
const BLOB_STORE = 'photos';

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Photos waiting to be uploaded, in IndexedDB (a few lines instead of a dependency). */
export function indexedDbBlobStore(factory: IDBFactory = indexedDB): BlobStore {
  let opened: Promise<IDBDatabase> | null = null;
  function database(): Promise<IDBDatabase> {
    if (!opened) {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(BLOB_STORE);
      opened = requestResult(request);
      opened.catch(() => {
        opened = null;
      });
    }
    return opened;
  }
  async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>) {
    const db = await database();
    const transaction = db.transaction(BLOB_STORE, mode);
    const result = requestResult(action(transaction.objectStore(BLOB_STORE)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    return result;
  }
  return {
    put: async (id, blob) => {
      await run('readwrite', (store) => store.put(blob, id));
    },
    get: async (id) => (await run('readonly', (store) => store.get(id))) as Blob | undefined,
    delete: async (id) => {
      await run('readwrite', (store) => store.delete(id));
    },
  };
}
