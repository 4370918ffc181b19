import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { PhotoStore } from '#server/adapters/storage/photo-store';

/**
 * What every PhotoStore does, written once and run against each (the disk store in its unit test, the
 * S3 store against s3rver in tests/api/photo-store-s3.test.ts), so the app can switch stores and
 * notice nothing. `store` is read inside each test: the caller may make it in a beforeAll.
 */

export const BAD_KEYS = [
  ['a parent segment', '../x'],
  ['a parent segment inside', 'photos/../../etc/passwd'],
  ['an absolute path', '/abs'],
  ['an empty segment', 'a//b'],
  ['a trailing slash', 'a/b/'],
  ['a backslash', 'a\\b'],
  ['empty', ''],
  ['a dot segment', 'a/./b'],
  ['a space', 'a b.jpg'],
  ['a tilde', 'a.jpg~meta.json'],
  ['a NUL byte', 'a\u0000.jpg'],
  ['non-ASCII', 'phötö.jpg'],
] as const;

export async function readBody(body: Readable): Promise<Buffer> {
  return Buffer.concat(await body.toArray());
}

/** What get answers, read whole; null when there is nothing under the key. */
export async function readPhoto(
  store: PhotoStore,
  key: string,
): Promise<{ bytes: Buffer; contentType: string; contentLength: number } | null> {
  const object = await store.get(key);
  if (!object) return null;
  return {
    bytes: await readBody(object.body),
    contentType: object.contentType,
    contentLength: object.contentLength,
  };
}

/** Every byte value, then random ones: a store that treats photos as text breaks on these. */
export function photoBytes(size = 4096): Buffer {
  const bytes = randomBytes(size);
  for (let value = 0; value < Math.min(256, size); value++) bytes[value] = value;
  return bytes;
}

export interface PhotoStoreBehaviourOptions {
  /**
   * The server behind the store rewrites an object in place, so a read during a replace can break
   * off (s3rver does; S3 and MinIO replace atomically, and the S3 store sends one PutObject and has
   * no say in it): the test of readers during a replace is skipped.
   */
  replacesInPlace?: boolean;
}

export function describePhotoStoreBehaviour(
  name: string,
  store: () => PhotoStore,
  options: PhotoStoreBehaviourOptions = {},
): void {
  describe(`${name} store: what every photo store does`, () => {
    const unique = () => `photos/chk_${randomBytes(6).toString('hex')}`;

    it('answers the bytes, content type and length it was given', async () => {
      const key = `${unique()}/photo_1/display.jpg`;
      const bytes = photoBytes(70_000);
      await store().put(key, bytes, 'image/jpeg');
      const photo = await readPhoto(store(), key);
      expect(photo?.contentType).toBe('image/jpeg');
      expect(photo?.contentLength).toBe(bytes.length);
      expect(photo?.bytes.equals(bytes)).toBe(true);
    });

    it('answers the size of what a key holds, and null for a key or folder with nothing under it', async () => {
      const base = unique();
      const key = `${base}/photo_1/display.jpg`;
      await store().put(key, photoBytes(12_345), 'image/jpeg');
      expect(await store().size(key)).toBe(12_345);
      await store().put(key, photoBytes(321), 'image/jpeg');
      expect(await store().size(key)).toBe(321);
      expect(await store().size(`${base}/photo_1/thumb.jpg`)).toBeNull();
      expect(await store().size(`${base}/photo_1`)).toBeNull();
      await store().delete([key]);
      expect(await store().size(key)).toBeNull();
    });

    it('keeps the content type it was given, whatever the key ends with', async () => {
      const key = `${unique()}/photo_1/display.jpg`;
      await store().put(key, photoBytes(100), 'image/webp');
      expect((await readPhoto(store(), key))?.contentType).toBe('image/webp');
    });

    it('holds an empty file', async () => {
      const key = `${unique()}/empty`;
      await store().put(key, Buffer.alloc(0), 'application/octet-stream');
      expect(await readPhoto(store(), key)).toEqual({
        bytes: Buffer.alloc(0),
        contentType: 'application/octet-stream',
        contentLength: 0,
      });
    });

    it('replaces what a key held, bytes and type', async () => {
      const key = `${unique()}/photo_1/thumb.jpg`;
      await store().put(key, photoBytes(5000), 'image/jpeg');
      const second = photoBytes(300);
      await store().put(key, second, 'image/png');
      const photo = await readPhoto(store(), key);
      expect(photo?.bytes.equals(second)).toBe(true);
      expect(photo?.contentType).toBe('image/png');
    });

    it('answers null for a key with nothing under it, and for a folder of other keys', async () => {
      const base = unique();
      expect(await store().get(`${base}/photo_1/display.jpg`)).toBeNull();
      await store().put(`${base}/photo_1/display.jpg`, photoBytes(10), 'image/jpeg');
      expect(await store().get(`${base}/photo_1`)).toBeNull();
      expect(await store().get(base)).toBeNull();
    });

    it('deletes the keys it is given and only those; missing keys are not an error', async () => {
      const base = unique();
      const keys = ['a/display.jpg', 'a/thumb.jpg', 'b/display.jpg'].map((key) => `${base}/${key}`);
      for (const key of keys) await store().put(key, photoBytes(50), 'image/jpeg');

      await store().delete([
        keys[0] as string,
        keys[1] as string,
        `${base}/never/was.jpg`,
        keys[0] as string,
      ]);
      expect(await store().get(keys[0] as string)).toBeNull();
      expect(await store().get(keys[1] as string)).toBeNull();
      expect(await readPhoto(store(), keys[2] as string)).not.toBeNull();

      await store().delete([]);
      await store().delete([keys[0] as string]);
      await store().delete([keys[2] as string]);
      expect(await store().get(keys[2] as string)).toBeNull();
    });

    it.each(BAD_KEYS)('refuses a key with %s, touching nothing', async (_what, badKey) => {
      const good = `${unique()}/display.jpg`;
      await store().put(good, photoBytes(10), 'image/jpeg');
      await expect(store().put(badKey, photoBytes(10), 'image/jpeg')).rejects.toThrow(/Invalid photo key/);
      await expect(store().get(badKey)).rejects.toThrow(/Invalid photo key/);
      await expect(store().size(badKey)).rejects.toThrow(/Invalid photo key/);
      await expect(store().signedUrl(badKey, 60)).rejects.toThrow(/Invalid photo key/);
      // One bad key refuses the whole delete, before anything is deleted.
      await expect(store().delete([good, badKey])).rejects.toThrow(/Invalid photo key/);
      expect(await readPhoto(store(), good)).not.toBeNull();
      await store().delete([good]);
    });

    it.each(['', 'jpeg', 'image/jpeg; charset=utf-8', 'image/jpeg\r\nX-Evil: 1', 'text/ html'])(
      'refuses the content type %j',
      async (contentType) => {
        const key = `${unique()}/display.jpg`;
        await expect(store().put(key, photoBytes(10), contentType)).rejects.toThrow(/Invalid content type/);
        expect(await store().get(key)).toBeNull();
      },
    );

    it('lists the keys written before a time, in pages, and none written after it', async () => {
      const base = unique();
      const keys = [1, 2, 3].map((n) => `${base}/photo_${n}/display.jpg`);
      for (const key of keys) await store().put(key, photoBytes(10), 'image/jpeg');
      const listed = async (before: Date, pageSize?: number) => {
        const pages: string[][] = [];
        for await (const page of store().keysWrittenBefore(before, pageSize)) pages.push(page);
        return pages;
      };
      // Servers stamp whole seconds: a minute either way is clear of that.
      const later = await listed(new Date(Date.now() + 60_000), 2);
      const ours = later.flat().filter((key) => key.startsWith(`${base}/`));
      expect(ours.sort()).toEqual([...keys].sort());
      expect(later.every((page) => page.length <= 2)).toBe(true);
      // Never a sidecar or temp file of the disk store, never a key outside the store's own.
      expect(later.flat().every((key) => !key.includes('~'))).toBe(true);
      const earlier = await listed(new Date(Date.now() - 60_000));
      expect(earlier.flat().filter((key) => key.startsWith(`${base}/`))).toEqual([]);
    });

    it('takes concurrent puts of different keys, in one folder and in many', async () => {
      const base = unique();
      const photos = Array.from({ length: 24 }, (_, index) => ({
        key: index % 2 ? `${base}/same/photo_${index}.jpg` : `${base}/photo_${index}/display.jpg`,
        bytes: photoBytes(1000 + index),
      }));
      await Promise.all(photos.map(({ key, bytes }) => store().put(key, bytes, 'image/jpeg')));
      for (const { key, bytes } of photos) {
        expect((await readPhoto(store(), key))?.bytes.equals(bytes), key).toBe(true);
      }
    });

    it.skipIf(options.replacesInPlace)(
      'never shows a reader half a photo while the key is being replaced',
      async () => {
        const key = `${unique()}/display.jpg`;
        const before = photoBytes(1_500_000);
        const after = photoBytes(1_500_000);
        await store().put(key, before, 'image/jpeg');
        const reads = Array.from({ length: 6 }, () => readPhoto(store(), key));
        await Promise.all([store().put(key, after, 'image/jpeg'), ...reads]);
        for (const photo of await Promise.all(reads)) {
          expect(photo?.bytes.equals(before) || photo?.bytes.equals(after)).toBe(true);
        }
        expect((await readPhoto(store(), key))?.bytes.equals(after)).toBe(true);
      },
    );
  });
}
