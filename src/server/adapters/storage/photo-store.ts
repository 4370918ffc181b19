import type { Readable } from 'node:stream';

/**
 * Where photo files live: the local disk under DATA_DIR (default) or an S3-compatible bucket. Keys are
 * ours (random, never from a client), like 'checklist_x/photo_y/display.jpg'. Nothing here is
 * ever public: the app's photo route checks who asks, then streams the bytes (or, for S3, may
 * redirect to a short-lived signed URL).
 */
export interface StoredObject {
  body: Readable;
  contentType: string;
  contentLength: number;
}

export interface PhotoStore {
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** The bytes of the object under the key (what the team's storage counts), or null when there is none. */
  size(key: string): Promise<number | null>;
  /**
   * A URL the browser may fetch for `seconds` (S3 only); null when the store cannot sign (disk), or
   * when there is no object under the key (S3 asks, so a route can answer 404 itself).
   */
  signedUrl(key: string, seconds: number): Promise<string | null>;
  /** Deletes these keys; keys that do not exist are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * Every key whose object was last written before `before`, in pages of at most `pageSize`, in no
   * particular order (the orphaned-photo job compares them with the rows that name photos). A key
   * written at or after `before` is never answered: that is how an upload in progress is kept safe.
   */
  keysWrittenBefore(before: Date, pageSize?: number): AsyncIterable<string[]>;
  /**
   * Deletes the store's own temp files last written before `before` (the disk store's, left by a crash
   * mid-write); answers how many went. A younger one may be a write in progress and is kept. A store
   * whose writes leave nothing half-made (S3: an object appears whole or not at all) has none.
   */
  deleteTempFilesWrittenBefore?(before: Date): Promise<number>;
}

/** Keys answered a page at a time by `keysWrittenBefore` unless told otherwise. */
export const KEYS_PAGE_SIZE = 500;
