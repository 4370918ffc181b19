import type { BlobStore } from './queue-storage.ts';

/**
 * Photos waiting to be uploaded, in IndexedDB (photo-storage-idb.ts). Its code is fetched on first use
 * (the shared page's first load stays small); a photo is rarely the first thing a page does.
 */
export function indexedDbBlobStore(): BlobStore {
  let store: Promise<BlobStore> | null = null;
  const open = () => {
    store ??= import('./photo-storage-idb.ts').then((m) => m.openIndexedDbBlobStore());
    return store;
  };
  return {
    put: async (id, blob) => (await open()).put(id, blob),
    get: async (id) => (await open()).get(id),
    delete: async (id) => (await open()).delete(id),
  };
}
