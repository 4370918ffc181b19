import { mkdtempSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '#domain/checklist';
import { PHOTO_MESSAGES } from '#domain/photos';
import { photos, tasks } from '#server/db/schema/index';
import { createChecklist, signInOwner } from '#tests/support/checklists';
import { testJpeg, uploadPhoto } from '#tests/support/photos';
import { freePort, setupTestApp } from '#tests/support/test-app';

/**
 * When the photo store cannot take a photo: a full disk (ENOSPC, EDQUOT) answers 507 storage_full,
 * any other store failure (a disk error, an unreachable bucket) 503 service_unavailable. Both are
 * answers the client's queue retries with the photo kept on the device; nothing is left behind (no
 * row, no file, no temp file), and the retry with the same Idempotency-Key is stored once there is
 * room again.
 *
 * The full disk is made by failing the disk store's writes (node:fs/promises `open` answers a handle
 * whose write puts half the bytes down, then throws the errno), since a real full file system needs a
 * mount; `npm run test:cluster` fills a real tmpfs.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'listsync-photo-full-'));
const photoDir = path.join(dataDir, 'photos');

/** The write that fails next: the errno, and which data file (0: the display size, 1: the thumbnail). */
const failure: { code: string | null; onDataFile: number; dataFilesSeen: number } = {
  code: null,
  onDataFile: 0,
  dataFilesSeen: 0,
};

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const open: typeof actual.open = async (file, flags, mode) => {
    const handle = await actual.open(file, flags, mode);
    const name = String(file);
    // The store's temp files of photo bytes (not the ~meta.json sidecars' temp files).
    if (!failure.code || !name.startsWith(photoDir) || !/\.jpg~[0-9a-f]+\.tmp$/.test(name)) return handle;
    if (failure.dataFilesSeen++ !== failure.onDataFile) return handle;
    const code = failure.code;
    handle.writeFile = async (data) => {
      const bytes = Buffer.from(data as Buffer);
      await handle.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
      throw Object.assign(new Error(`${code}: no space left on device, write`), { code, errno: -28 });
    };
    return handle;
  };
  return { ...actual, open, default: { ...actual, open } };
});

const t = setupTestApp({ env: { DATA_DIR: dataDir } });

afterEach(() => {
  failure.code = null;
  failure.dataFilesSeen = 0;
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Every file under the checklist's photo folder, temp files and sidecars included. */
async function filesOf(checklistId: string): Promise<string[]> {
  const { readdir } = await vi.importActual<typeof FsPromises>('node:fs/promises');
  try {
    const entries = await readdir(path.join(photoDir, checklistId), { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}

async function ownerWithTask() {
  const owner = await signInOwner(t.app, 'disk-full');
  const checklist = await createChecklist(owner, {
    tasks: [{ description: 'Photo of the meter', photoRequired: true }],
  });
  return { owner, checklist, taskId: checklist.tasks[0]?.id as string };
}

function upload(cookie: string, checklistId: string, taskId: string, bytes: Buffer, key: string) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return t.app.inject({
    method: 'POST',
    url: `/api/checklists/${checklistId}/tasks/${taskId}/photo`,
    remoteAddress: '203.0.113.20',
    headers: { cookie, 'idempotency-key': key },
    payload: form,
  });
}

async function nothingStored(checklistId: string, taskId: string) {
  expect(await t.db.select().from(photos).where(eq(photos.checklistId, checklistId))).toEqual([]);
  const [task] = await t.db.select().from(tasks).where(eq(tasks.id, taskId));
  expect(task).toMatchObject({ completed: false, photoUrl: null });
  expect(await filesOf(checklistId)).toEqual([]);
}

describe('a full photo disk', () => {
  for (const [code, onDataFile, what] of [
    ['ENOSPC', 0, 'the display size'],
    ['ENOSPC', 1, 'the thumbnail, after the display size landed'],
    ['EDQUOT', 0, 'the display size (quota)'],
  ] as const) {
    it(`answers 507 storage_full when ${what} cannot be written (${code}), leaving nothing`, async () => {
      const { owner, checklist, taskId } = await ownerWithTask();
      const bytes = await testJpeg();
      failure.code = code;
      failure.onDataFile = onDataFile;
      const refused = await upload(
        owner.cookie,
        checklist.id,
        taskId,
        bytes,
        `disk-full-${code}-${onDataFile}-key`,
      );
      expect(refused.statusCode, refused.body).toBe(507);
      expect(refused.json()).toEqual({
        error: { code: 'storage_full', message: PHOTO_MESSAGES.storageFull },
      });
      expect(failure.dataFilesSeen).toBeGreaterThan(onDataFile);
      await nothingStored(checklist.id, taskId);

      // Room again: the queue's retry, same key, is stored (a 5xx keeps no answer for the key).
      failure.code = null;
      const stored = await upload(
        owner.cookie,
        checklist.id,
        taskId,
        bytes,
        `disk-full-${code}-${onDataFile}-key`,
      );
      expect(stored.statusCode, stored.body).toBe(200);
      const task: Task = stored.json();
      expect(task).toMatchObject({ id: taskId, completed: true });
      const rows = await t.db.select().from(photos).where(eq(photos.checklistId, checklist.id));
      expect(rows).toHaveLength(1);
      const files = await filesOf(checklist.id);
      expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
      expect(files.filter((name) => name.endsWith('.jpg')).sort()).toEqual(['display.jpg', 'thumb.jpg']);
    });
  }

  it('answers 503 service_unavailable for any other write failure of the disk', async () => {
    const { owner, checklist, taskId } = await ownerWithTask();
    failure.code = 'EIO';
    const refused = await upload(
      owner.cookie,
      checklist.id,
      taskId,
      await testJpeg(),
      'disk-eio-failure-key',
    );
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toEqual({
      error: { code: 'service_unavailable', message: PHOTO_MESSAGES.storageUnavailable },
    });
    expect(refused.headers['retry-after']).toBe('5');
    await nothingStored(checklist.id, taskId);
  });
});

describe('an unreachable photo bucket', () => {
  it('answers 503 service_unavailable and stores nothing', async () => {
    const closedPort = await freePort();
    const { app, db } = await t.buildApp({
      env: {
        DATA_DIR: dataDir,
        PHOTO_STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${closedPort}`,
        S3_BUCKET: 'photos',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    const owner = await signInOwner(app, 's3-down');
    const checklist = await createChecklist(owner, {
      tasks: [{ description: 'Photo of the gate', photoRequired: true }],
    });
    const taskId = checklist.tasks[0]?.id as string;
    const refused = await uploadPhoto(app, owner.cookie, checklist.id, taskId, await testJpeg());
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().error).toEqual({
      code: 'service_unavailable',
      message: PHOTO_MESSAGES.storageUnavailable,
    });
    expect(await db.select().from(photos).where(eq(photos.checklistId, checklist.id))).toEqual([]);
  });
});
