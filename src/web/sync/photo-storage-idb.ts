import type { BlobStore } from './queue-storage.ts';

const DB_NAME = 'listsync-offline';
const BLOB_STORE = 'photos';

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Photos waiting to be uploaded, in IndexedDB (a few lines instead of a dependency). */
export function openIndexedDbBlobStore(factory: IDBFactory = indexedDB): BlobStore {
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
