import type { Config } from '../../config/index.ts';
import { createDiskPhotoStore } from './disk-store.ts';
import type { PhotoStore } from './photo-store.ts';
import { createS3PhotoStore } from './s3-store.ts';

/** The store the app uses: the bucket when PHOTO_STORAGE=s3, else files under DATA_DIR/photos. */
export function createPhotoStore(config: Pick<Config, 'photoStorage'>): PhotoStore {
  const storage = config.photoStorage;
  return storage.kind === 's3' ? createS3PhotoStore(storage) : createDiskPhotoStore(storage.dir);
}
