import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  type ServerSideEncryption,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { KEYS_PAGE_SIZE, type PhotoStore, type StoredObject } from './photo-store.ts';
import { assertContentType, assertPhotoKey, isPhotoKey } from './store-input.ts';

/**
 * Photos as objects in an S3-compatible bucket (AWS S3, MinIO, R2, s3rver in tests). The bucket stays
 * private: the app streams objects through its photo route, or redirects to a signed URL that lives
 * for seconds.
 */
export interface S3PhotoStoreOptions {
  /** Unset for AWS itself; the server's URL for MinIO and others, e.g. 'http://127.0.0.1:9000'. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** 'http://host/bucket/key' rather than 'http://bucket.host/key': needed by MinIO and s3rver. */
  forcePathStyle?: boolean;
  /** A folder for our objects in a shared bucket, e.g. 'listsync' (then 'listsync/photos/...'). */
  keyPrefix?: string;
  /** Asks S3 to encrypt each object at rest this way; unset leaves it to the bucket's default. */
  serverSideEncryption?: ServerSideEncryption;
}

/** DeleteObjects takes at most this many keys a request. */
const DELETE_BATCH = 1000;
/** How long opening a connection to the storage server may take before the SDK retries. */
const CONNECTION_TIMEOUT_MS = 5_000;

export function createS3PhotoStore(options: S3PhotoStoreOptions): PhotoStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS },
  });
  const Bucket = options.bucket;
  const prefix = options.keyPrefix?.replace(/^\/+|\/+$/g, '') ?? '';
  if (prefix) assertPhotoKey(prefix);

  const objectKey = (key: string): string => {
    assertPhotoKey(key);
    return prefix ? `${prefix}/${key}` : key;
  };

  return {
    kind: 's3',

    async put(key, bytes, contentType) {
      const Key = objectKey(key);
      assertContentType(contentType);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          ...(options.serverSideEncryption ? { ServerSideEncryption: options.serverSideEncryption } : {}),
        }),
      );
    },

    async get(key): Promise<StoredObject | null> {
      const Key = objectKey(key);
      let object: GetObjectCommandOutput;
      try {
        object = await client.send(new GetObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
      // In Node the SDK answers the HTTP response itself, a Readable.
      if (!(object.Body instanceof Readable)) {
        throw new Error(`GetObject answered no readable body for ${Key}`);
      }
      return {
        body: object.Body,
        contentType: object.ContentType ?? 'application/octet-stream',
        contentLength: object.ContentLength ?? 0,
      };
    },

    /**
     * Signs a GetObject whose answer carries the stored content type, pinned in the URL
     * (response-content-type) so the browser is told exactly that. Reading the type costs a HEAD,
     * which also answers null for a key with no object (the route then answers 404 itself rather
     * than sending the browser to an error from the bucket).
     */
    async signedUrl(key, seconds) {
      const Key = objectKey(key);
      let contentType: string | undefined;
      try {
        contentType = (await client.send(new HeadObjectCommand({ Bucket, Key }))).ContentType;
      } catch (error) {
        if (error instanceof NotFound || error instanceof NoSuchKey) return null;
        throw error;
      }
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket, Key, ...(contentType ? { ResponseContentType: contentType } : {}) }),
        { expiresIn: seconds },
      );
    },

    async delete(keys) {
      const objectKeys = [...new Set(keys.map(objectKey))];
      for (let start = 0; start < objectKeys.length; start += DELETE_BATCH) {
        const batch = objectKeys.slice(start, start + DELETE_BATCH);
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        // The request succeeds as a whole even when single keys fail; each failure is in Errors.
        const [first, ...others] = answer.Errors ?? [];
        if (first) {
          throw new Error(
            `Could not delete ${others.length + 1} of ${batch.length} photo objects; first ${first.Key}: ${first.Code} ${first.Message}`,
          );
        }
      }
    },

    /**
     * Objects under our prefix only; one whose name could not be a key of ours is never answered.
     * ListObjects (version 1) paged by Marker, the last key of the page before: every S3-compatible
     * server takes it (s3rver cannot truncate a version 2 listing on Node 20: its token uses DES).
     */
    async *keysWrittenBefore(before, pageSize = KEYS_PAGE_SIZE) {
      const listPrefix = prefix ? `${prefix}/` : undefined;
      let Marker: string | undefined;
      for (;;) {
        const answer = await client.send(
          new ListObjectsCommand({
            Bucket,
            MaxKeys: Math.min(pageSize, 1000),
            ...(listPrefix ? { Prefix: listPrefix } : {}),
            ...(Marker ? { Marker } : {}),
          }),
        );
        const objects = answer.Contents ?? [];
        const keys: string[] = [];
        for (const object of objects) {
          if (!object.Key || !object.LastModified || object.LastModified >= before) continue;
          const key = listPrefix ? object.Key.slice(listPrefix.length) : object.Key;
          if (isPhotoKey(key)) keys.push(key);
        }
        if (keys.length > 0) yield keys;
        Marker = objects.at(-1)?.Key;
        if (!answer.IsTruncated || !Marker) return;
      }
    },
  };
}
