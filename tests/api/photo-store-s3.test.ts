import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsCommand, type ListObjectsCommandOutput, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoStore } from '#server/adapters/storage/photo-store';
import { createS3PhotoStore } from '#server/adapters/storage/s3-store';
import { testDatabaseKind } from '#tests/support/database';
import { describePhotoStoreBehaviour, photoBytes, readPhoto } from '#tests/support/photo-store-behaviour';
import { startTestS3Server, type TestS3Server } from '#tests/support/s3-server';

/**
 * The S3 photo store against a real S3-compatible server (s3rver) started here: the same behaviour as
 * the disk store, plus signed URLs that a plain fetch can use until they expire, batch deletes past
 * S3's 1,000 keys a request, a key prefix and server-side encryption. (s3rver does not check SigV4
 * signatures, so what a wrong signature does is S3's to prove, not this file's.) No database is involved, so
 * the file runs in the PGlite project only, not again on PostgreSQL.
 */

let directory: string;
let s3: TestS3Server;
let store: PhotoStore;

const onPostgres = testDatabaseKind() === 'postgres';

beforeAll(async () => {
  if (onPostgres) return;
  directory = await mkdtemp(path.join(tmpdir(), 'listsync-s3rver-'));
  s3 = await startTestS3Server({ directory });
  store = createS3PhotoStore(s3.storeOptions());
});

afterAll(async () => {
  await s3?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/**
 * Every key in the test bucket under `prefix`, as S3 lists them. ListObjects (v1), paged by the last
 * key: s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 refuses (a 500 past
 * 1,000 keys).
 */
async function listKeys(prefix: string): Promise<string[]> {
  const { endpoint, region, forcePathStyle, bucket, accessKeyId, secretAccessKey } = s3.storeOptions();
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle,
    credentials: { accessKeyId, secretAccessKey },
  });
  const keys: string[] = [];
  let page: ListObjectsCommandOutput;
  do {
    page = await client.send(new ListObjectsCommand({ Bucket: bucket, Prefix: prefix, Marker: keys.at(-1) }));
    keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
  } while (page.IsTruncated);
  client.destroy();
  return keys;
}

describe.skipIf(onPostgres)('S3 photo store (s3rver)', () => {
  describePhotoStoreBehaviour('S3', () => store, { replacesInPlace: true });

  describe('S3 store: signed URLs, batches, prefix, encryption', () => {
    it('signs a URL that a plain fetch reads, with the stored content type', async () => {
      const key = 'photos/chk_signed/photo_1/display.jpg';
      const bytes = photoBytes(20_000);
      await store.put(key, bytes, 'image/webp');
      const url = await store.signedUrl(key, 60);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/photos\/photos\/chk_signed\/photo_1\/display\.jpg\?/);
      expect(url).toContain('X-Amz-Expires=60');
      expect(url).toContain('response-content-type=image%2Fwebp');

      const response = await fetch(url as string);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    });

    it('a signed URL stops working once it has expired', async () => {
      const key = 'photos/chk_signed/photo_3/display.jpg';
      await store.put(key, photoBytes(100), 'image/jpeg');
      const url = (await store.signedUrl(key, 1)) as string;
      // X-Amz-Date is whole seconds, so a 1-second URL may die at once: wait past any reading of it.
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const response = await fetch(url);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('Request has expired');
    });

    it('answers no signed URL for a key with nothing under it', async () => {
      expect(await store.signedUrl('photos/chk_signed/none/display.jpg', 60)).toBeNull();
    });

    it('deletes 1,050 keys in batches of at most 1,000', async () => {
      const keys = Array.from({ length: 1050 }, (_, index) => `photos/chk_batch/photo_${index}/thumb.jpg`);
      for (let start = 0; start < keys.length; start += 100) {
        await Promise.all(
          keys.slice(start, start + 100).map((key) => store.put(key, photoBytes(16), 'image/jpeg')),
        );
      }
      await store.put('photos/chk_batch_kept/thumb.jpg', photoBytes(16), 'image/jpeg');
      expect(await listKeys('photos/chk_batch/')).toHaveLength(1050);

      const requestsBefore = s3.received.length;
      await store.delete(keys);
      const deletes = s3.received.slice(requestsBefore).filter((request) => request.method === 'POST');
      expect(deletes.map((request) => request.url)).toEqual(['/photos/?delete=', '/photos/?delete=']);

      expect(await listKeys('photos/chk_batch/')).toEqual([]);
      expect(await listKeys('photos/chk_batch_kept/')).toEqual(['photos/chk_batch_kept/thumb.jpg']);
    });

    it('keeps its objects under the key prefix, and answers them by their own keys', async () => {
      const prefixed = createS3PhotoStore(s3.storeOptions({ keyPrefix: '/listsync/' }));
      const bytes = photoBytes(64);
      await prefixed.put('photos/chk_prefix/display.jpg', bytes, 'image/jpeg');
      expect(await listKeys('listsync/')).toEqual(['listsync/photos/chk_prefix/display.jpg']);
      expect((await readPhoto(prefixed, 'photos/chk_prefix/display.jpg'))?.bytes.equals(bytes)).toBe(true);
      expect(await store.get('photos/chk_prefix/display.jpg')).toBeNull();
      expect(await prefixed.signedUrl('photos/chk_prefix/display.jpg', 60)).toContain(
        '/photos/listsync/photos/chk_prefix/display.jpg?',
      );
      await prefixed.delete(['photos/chk_prefix/display.jpg']);
      expect(await listKeys('listsync/')).toEqual([]);
    });

    it('asks for server-side encryption only when it is configured', async () => {
      const encrypted = createS3PhotoStore(s3.storeOptions({ serverSideEncryption: 'AES256' }));
      const putHeaders = async (target: PhotoStore, key: string) => {
        const before = s3.received.length;
        await target.put(key, photoBytes(16), 'image/jpeg');
        return s3.received.slice(before).find((request) => request.method === 'PUT')?.headers;
      };
      expect((await putHeaders(encrypted, 'photos/chk_sse/a.jpg'))?.['x-amz-server-side-encryption']).toBe(
        'AES256',
      );
      expect(await putHeaders(store, 'photos/chk_sse/b.jpg')).not.toHaveProperty(
        'x-amz-server-side-encryption',
      );
    });

    it('an unknown access key is an error, not an empty answer', async () => {
      // s3rver checks the key id but not SigV4 signatures themselves, so a wrong secret would pass here.
      const stranger = createS3PhotoStore(s3.storeOptions({ accessKeyId: 'NOT-AN-ACCOUNT' }));
      await expect(stranger.get('photos/chk_signed/photo_1/display.jpg')).rejects.toMatchObject({
        name: 'InvalidAccessKeyId',
      });
      await expect(
        stranger.put('photos/chk_stranger/a.jpg', photoBytes(16), 'image/jpeg'),
      ).rejects.toMatchObject({
        name: 'InvalidAccessKeyId',
      });
    });
  });
});
