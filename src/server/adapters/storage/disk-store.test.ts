import { mkdir, mkdtemp, readdir, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_WORK_MS } from '#tests/support/budgets';
import { describePhotoStoreBehaviour, photoBytes, readPhoto } from '#tests/support/photo-store-behaviour';
import { createDiskPhotoStore } from './disk-store.ts';
import type { PhotoStore } from './photo-store.ts';

let parent: string;
let root: string;
let store: PhotoStore;

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'listsync-disk-store-'));
  // Not made yet: the store makes its root (and DATA_DIR) on first write.
  root = path.join(parent, 'data', 'photos');
  store = createDiskPhotoStore(root);
});

afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

describePhotoStoreBehaviour('disk', () => store);

/** Every file and folder below `dir`, relative to it, folders with a trailing '/'. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .map((entry) => {
      const relative = path.relative(dir, path.join(entry.parentPath, entry.name));
      return entry.isDirectory() ? `${relative}/` : relative;
    })
    .sort();
}

describe('disk store: files under its root', () => {
  it('keeps key a/b/c.jpg as the file <root>/a/b/c.jpg with its type beside it, nothing else', async () => {
    const base = path.join(root, 'photos', 'chk_layout');
    await store.put('photos/chk_layout/photo_1/display.jpg', photoBytes(2000), 'image/jpeg');
    await store.put('photos/chk_layout/photo_1/thumb.jpg', photoBytes(200), 'image/jpeg');
    // No temp file is left behind by a write.
    expect(await tree(base)).toEqual([
      'photo_1/',
      'photo_1/display.jpg',
      'photo_1/display.jpg~meta.json',
      'photo_1/thumb.jpg',
      'photo_1/thumb.jpg~meta.json',
    ]);
    expect((await stat(path.join(base, 'photo_1', 'display.jpg'))).size).toBe(2000);
  });

  it('makes folders only its user may enter and files only its user may read', async () => {
    await store.put('photos/chk_modes/photo_1/display.jpg', photoBytes(10), 'image/jpeg');
    const modeOf = async (file: string) => (await stat(file)).mode & 0o777;
    expect(await modeOf(root)).toBe(0o700);
    expect(await modeOf(path.join(root, 'photos', 'chk_modes'))).toBe(0o700);
    expect(await modeOf(path.join(root, 'photos', 'chk_modes', 'photo_1'))).toBe(0o700);
    expect(await modeOf(path.join(root, 'photos', 'chk_modes', 'photo_1', 'display.jpg'))).toBe(0o600);
    expect(await modeOf(path.join(root, 'photos', 'chk_modes', 'photo_1', 'display.jpg~meta.json'))).toBe(
      0o600,
    );
  });

  it('delete removes the files and every folder left empty, up to the root but never the root', async () => {
    await store.put('photos/chk_prune/photo_1/display.jpg', photoBytes(10), 'image/jpeg');
    await store.put('photos/chk_prune/photo_1/thumb.jpg', photoBytes(10), 'image/jpeg');
    await store.put('photos/chk_prune/photo_2/display.jpg', photoBytes(10), 'image/jpeg');

    await store.delete(['photos/chk_prune/photo_1/display.jpg', 'photos/chk_prune/photo_1/thumb.jpg']);
    expect(await tree(path.join(root, 'photos', 'chk_prune'))).toEqual([
      'photo_2/',
      'photo_2/display.jpg',
      'photo_2/display.jpg~meta.json',
    ]);

    await store.delete(['photos/chk_prune/photo_2/display.jpg']);
    await expect(stat(path.join(root, 'photos', 'chk_prune'))).rejects.toMatchObject({ code: 'ENOENT' });

    const alone = createDiskPhotoStore(path.join(parent, 'alone'));
    await alone.put('photos/chk_1/photo_1/display.jpg', photoBytes(10), 'image/jpeg');
    await alone.delete(['photos/chk_1/photo_1/display.jpg']);
    expect(await tree(path.join(parent, 'alone'))).toEqual([]);
  });

  it(
    'a put lands even while a delete prunes the folders it is writing into',
    async () => {
      // Before the put retried, about one round in two failed with ENOENT from mkdir or open.
      for (let round = 0; round < 60; round++) {
        const folder = `photos/chk_race/photo_${round % 3}`;
        await store.put(`${folder}/display.jpg`, photoBytes(10), 'image/jpeg');
        await Promise.all([
          store.delete([`${folder}/display.jpg`]),
          store.put(`${folder}/thumb.jpg`, photoBytes(10), 'image/jpeg'),
        ]);
        expect(await readPhoto(store, `${folder}/thumb.jpg`), `round ${round}`).not.toBeNull();
        await store.delete([`${folder}/thumb.jpg`]);
      }
      // Every round fsyncs: give a busy machine's disk time.
    },
    DISK_WORK_MS,
  );

  it('a write that fails leaves the old photo and no temp file', async () => {
    // 'photos/chk_fail/x' is a folder (it holds another key), so renaming a file onto it fails.
    await store.put('photos/chk_fail/x/inner.jpg', photoBytes(10), 'image/jpeg');
    await expect(store.put('photos/chk_fail/x', photoBytes(10), 'image/jpeg')).rejects.toThrow();
    const left = await tree(path.join(root, 'photos', 'chk_fail'));
    expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(left).toContain('x/inner.jpg');
    expect(await readPhoto(store, 'photos/chk_fail/x/inner.jpg')).not.toBeNull();
  });

  it('a photo whose type was lost is served as opaque bytes, never guessed', async () => {
    await store.put('photos/chk_meta/display.html', photoBytes(10), 'image/jpeg');
    await unlink(path.join(root, 'photos', 'chk_meta', 'display.html~meta.json'));
    expect((await readPhoto(store, 'photos/chk_meta/display.html'))?.contentType).toBe(
      'application/octet-stream',
    );
    await mkdir(path.join(root, 'photos', 'chk_meta2'), { recursive: true });
    await writeFile(path.join(root, 'photos', 'chk_meta2', 'a.jpg'), 'x');
    await writeFile(path.join(root, 'photos', 'chk_meta2', 'a.jpg~meta.json'), '{not json');
    expect((await readPhoto(store, 'photos/chk_meta2/a.jpg'))?.contentType).toBe('application/octet-stream');
  });

  it('cannot sign a URL: the app serves the bytes itself', async () => {
    await store.put('photos/chk_sign/display.jpg', photoBytes(10), 'image/jpeg');
    expect(await store.signedUrl('photos/chk_sign/display.jpg', 60)).toBeNull();
  });

  it('deletes its temp files written before a time, and the folders they leave empty; never a younger one or a photo', async () => {
    const base = path.join(root, 'photos', 'chk_temp');
    await store.put('photos/chk_temp/photo_1/display.jpg', photoBytes(10), 'image/jpeg');
    const at = (name: string) => path.join(base, name);
    await mkdir(at('photo_2'), { recursive: true });
    const temps = {
      old: 'photo_1/display.jpg~0123456789abcdef.tmp',
      oldSidecar: 'photo_1/display.jpg~meta.json~0123456789abcdee.tmp',
      alone: 'photo_2/thumb.jpg~0123456789abcded.tmp',
      young: 'photo_1/thumb.jpg~0123456789abcdec.tmp',
      // Not a name of ours: not taken.
      foreign: 'photo_1/notes~draft.tmp',
    };
    for (const name of Object.values(temps)) await writeFile(at(name), 'half');
    const cutoff = new Date(Date.now() - 60_000);
    const old = new Date(cutoff.getTime() - 1_000);
    for (const name of [temps.old, temps.oldSidecar, temps.alone, temps.foreign, 'photo_1/display.jpg']) {
      await utimes(at(name), old, old);
    }

    expect(await store.deleteTempFilesWrittenBefore?.(cutoff)).toBe(3);
    expect(await tree(base)).toEqual([
      'photo_1/',
      'photo_1/display.jpg',
      'photo_1/display.jpg~meta.json',
      temps.foreign,
      temps.young,
    ]);
    expect(await readPhoto(store, 'photos/chk_temp/photo_1/display.jpg')).not.toBeNull();
    // Nothing older is left: a second look deletes nothing.
    expect(await store.deleteTempFilesWrittenBefore?.(cutoff)).toBe(0);
  });
});
