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
  return new S3PhotoStore(options);
}

class S3PhotoStore implements PhotoStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(private readonly options: S3PhotoStoreOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS },
    });
    this.bucket = options.bucket;
    this.prefix = options.keyPrefix?.replace(/^\/+|\/+$/g, '') ?? '';
    if (this.prefix) assertPhotoKey(this.prefix);
  }

  private objectKey(key: string): string {
    assertPhotoKey(key);
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const Key = this.objectKey(key);
    assertContentType(contentType);
    const { serverSideEncryption } = this.options;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
        ...(serverSideEncryption ? { ServerSideEncryption: serverSideEncryption } : {}),
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const Key = this.objectKey(key);
    let object: GetObjectCommandOutput;
    try {
      object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
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
  }

  /** A HEAD of the object: its ContentLength, or null for a key with no object. */
  async size(key: string): Promise<number | null> {
    const Key = this.objectKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  /**
   * Signs a GetObject whose answer carries the stored content type, pinned in the URL
   * (response-content-type) so the browser is told exactly that. Reading the type costs a HEAD,
   * which also answers null for a key with no object (the route then answers 404 itself rather
   * than sending the browser to an error from the bucket).
   */
  async signedUrl(key: string, seconds: number): Promise<string | null> {
    const Key = this.objectKey(key);
    const Bucket = this.bucket;
    let contentType: string | undefined;
    try {
      contentType = (await this.client.send(new HeadObjectCommand({ Bucket, Key }))).ContentType;
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return null;
      throw error;
    }
    return getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket, Key, ...(contentType ? { ResponseContentType: contentType } : {}) }),
      { expiresIn: seconds },
    );
  }

  async delete(keys: readonly string[]): Promise<void> {
    const objectKeys = [...new Set(keys.map((key) => this.objectKey(key)))];
    for (let start = 0; start < objectKeys.length; start += DELETE_BATCH) {
      const batch = objectKeys.slice(start, start + DELETE_BATCH);
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
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
  }

  /**
   * Objects under our prefix only; one whose name could not be a key of ours is never answered.
   * ListObjects (version 1) paged by Marker, the last key of the page before: every S3-compatible
   * server takes it (s3rver cannot truncate a version 2 listing on Node 20: its token uses DES).
   */
  async *keysWrittenBefore(before: Date, pageSize = KEYS_PAGE_SIZE): AsyncGenerator<string[]> {
    const listPrefix = this.prefix ? `${this.prefix}/` : undefined;
    let Marker: string | undefined;
    for (;;) {
      const answer = await this.client.send(
        new ListObjectsCommand({
          Bucket: this.bucket,
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
  }
}
