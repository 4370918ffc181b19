import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Checklist, Task } from '#domain/checklist';
import { photos } from '#server/db/schema/index';
import { asEdit, createChecklist, errorOf, getChecklist, signInOwner } from '#tests/support/checklists';
import { filesUnder, testJpeg, testPicture, uploadPhoto } from '#tests/support/photos';
import { startTestS3Server } from '#tests/support/s3-server';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

const dataDir = mkdtempSync(path.join(tmpdir(), 'listsync-photos-'));
const photoDir = path.join(dataDir, 'photos');
const t = setupTestApp({ env: { DATA_DIR: dataDir } });
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

async function ownerWithChecklist(label = 'owner') {
  const owner = await signInOwner(t.app, label);
  const checklist = await createChecklist(owner, {
    tasks: [
      { description: 'Photo of the kitchen', photoRequired: true },
      { description: 'Photo of the bathroom', photoRequired: true },
    ],
  });
  return { owner, checklist, taskId: checklist.tasks[0]?.id as string };
}

function photoIdOf(task: Task): string {
  const id = task.photoUrl?.split('/').pop();
  if (!id) throw new Error('no photo on the task');
  return id;
}

describe('uploading a task photo', () => {
  it('takes JPEG, PNG, WebP and HEIC by content: the task gets the photo and is completed', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const files: [string, Buffer][] = [
      ['jpeg', await testJpeg()],
      ['png named .jpg', await testPicture().png().toBuffer()],
      ['webp', await testPicture().webp().toBuffer()],
      ['heic', await readFile(path.join(FIXTURES, 'photo.heic'))],
    ];
    for (const [label, bytes] of files) {
      const response = await uploadPhoto(t.app, owner.cookie, checklist.id, taskId, bytes, {
        filename: 'x.jpg',
      });
      expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
      const task: Task = response.json();
      expect(task).toMatchObject({ id: taskId, completed: true });
      expect(task.photoUrl).toMatch(/^\/api\/photos\/photo_[A-Za-z0-9_-]{22}$/);
    }
    const seen = await getChecklist(owner, checklist.id);
    expect(seen.tasks[0]?.completed).toBe(true);
    expect(seen).toMatchObject({ status: 'in-progress', progress: 50 });
    // Each upload replaced the one before: one photo row, two files (display and thumbnail).
    expect(await t.db.select().from(photos).where(eq(photos.checklistId, checklist.id))).toHaveLength(1);
    expect(await filesUnder(path.join(photoDir, checklist.id))).toHaveLength(2);
  });

  it('keeps the evidence: the SHA-256 and size of the original, its format, when it arrived', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const bytes = await testJpeg(800, 600);
    const task: Task = (await uploadPhoto(t.app, owner.cookie, checklist.id, taskId, bytes)).json();
    const [row] = await t.db
      .select()
      .from(photos)
      .where(eq(photos.id, photoIdOf(task)));
    const { createHash } = await import('node:crypto');
    expect(row).toMatchObject({
      originalSha256: createHash('sha256').update(bytes).digest('hex'),
      originalBytes: bytes.length,
      sourceFormat: 'jpeg',
      width: 800,
      height: 600,
      shareId: null,
    });
    expect(Date.now() - (row?.receivedAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('refuses text, SVG, HTML, a JPEG/HTML polyglot and a truncated image with the spec message', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const jpeg = await testJpeg();
    const bad: [string, Buffer, string][] = [
      ['text', Buffer.from('hello'), 'text/plain'],
      [
        'svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
      ],
      ['html', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/jpeg'],
      [
        'polyglot',
        Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')]),
        'image/jpeg',
      ],
      ['truncated', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'],
    ];
    for (const [label, bytes, type] of bad) {
      const response = await uploadPhoto(t.app, owner.cookie, checklist.id, taskId, bytes, { type });
      expect(response.statusCode, label).toBe(415);
      expect(errorOf(response)).toMatchObject({
        code: 'unsupported_file_type',
        message: 'Please select an image file',
      });
    }
    expect((await getChecklist(owner, checklist.id)).tasks[0]).toMatchObject({
      completed: false,
      photoUrl: null,
    });
    expect(await filesUnder(photoDir).then((files) => files.filter((f) => f.includes(checklist.id)))).toEqual(
      [],
    );
  });

  it('refuses 5 MB + 1 byte with 413 and the spec message', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const jpeg = await testJpeg(400, 300);
    const tooBig = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 + 1 - jpeg.length)]);
    const response = await uploadPhoto(t.app, owner.cookie, checklist.id, taskId, tooBig);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toMatchObject({
      code: 'file_too_large',
      message: 'Image size should be less than 5MB',
    });
  });

  it('refuses a decompression bomb', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await uploadPhoto(t.app, owner.cookie, checklist.id, taskId, bomb, {
      type: 'image/png',
    });
    expect(response.statusCode).toBe(415);
  });

  it('wants the multipart field "photo"', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const response = await uploadPhoto(t.app, owner.cookie, checklist.id, taskId, await testJpeg(), {
      field: 'file',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation_failed');
  });
});

describe('who may upload and see a photo', () => {
  it('the owner sees it (display and thumbnail) as a JPEG that cannot be sniffed as anything else', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const task: Task = (
      await uploadPhoto(t.app, owner.cookie, checklist.id, taskId, await testJpeg(3000, 2000))
    ).json();
    for (const [query, longest] of [
      ['', 2048],
      ['?size=thumb', 320],
    ] as const) {
      const response = await owner.call('GET', `${task.photoUrl}${query}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('private, max-age=3600');
      const size = await sharp(response.rawPayload).metadata();
      expect(Math.max(size.width ?? 0, size.height ?? 0)).toBe(longest);
    }
  });

  it('a verified recipient uploads and sees photos of that checklist; the record says it was them', async () => {
    const { owner, checklist } = await ownerWithChecklist();
    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    const taskId = checklist.tasks[1]?.id as string;
    const response = await uploadPhoto(t.app, browser.cookie, checklist.id, taskId, await testJpeg());
    expect(response.statusCode).toBe(200);
    const task: Task = response.json();
    expect((await browser.call('GET', task.photoUrl as string)).statusCode).toBe(200);
    expect((await owner.call('GET', task.photoUrl as string)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(photos)
      .where(eq(photos.id, photoIdOf(task)));
    expect(row?.shareId).toBe(sent.shareId);
  });

  it('another user, nobody, and a recipient of another checklist can neither upload nor see', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const task: Task = (
      await uploadPhoto(t.app, owner.cookie, checklist.id, taskId, await testJpeg())
    ).json();
    const stranger = await signInOwner(t.app, 'stranger');
    const other = await ownerWithChecklist('other');
    const sentOther = await share(other.owner, other.checklist.id);
    const otherRecipient = recipientBrowser(t.app);
    await verified(otherRecipient, sentOther);

    for (const [who, cookie] of [
      ['stranger', stranger.cookie],
      ['recipient of another checklist', otherRecipient.cookie],
    ] as const) {
      const upload = await uploadPhoto(t.app, cookie, checklist.id, taskId, await testJpeg());
      expect(upload.statusCode, who).toBe(404);
      const read = await t.app.inject({
        method: 'GET',
        url: task.photoUrl as string,
        headers: { cookie: cookie as string },
      });
      expect(read.statusCode, who).toBe(404);
      expect(read.headers['content-type']).toContain('application/json');
    }
    expect((await uploadPhoto(t.app, null, checklist.id, taskId, await testJpeg())).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: task.photoUrl as string })).statusCode).toBe(401);
    // A photo of checklist A cannot be named from checklist B: PATCH takes no photo URL.
    const planted = await other.owner.call(
      'PATCH',
      `/api/checklists/${other.checklist.id}/tasks/${other.taskId}`,
      {
        photoUrl: task.photoUrl,
      },
    );
    expect(planted.statusCode).toBe(400);
    expect((await getChecklist(owner, checklist.id)).tasks[0]?.photoUrl).toBe(task.photoUrl);
  });
});

describe('deleting photos', () => {
  async function withPhotos() {
    const { owner, checklist } = await ownerWithChecklist();
    for (const task of checklist.tasks) {
      expect(
        (await uploadPhoto(t.app, owner.cookie, checklist.id, task.id, await testJpeg())).statusCode,
      ).toBe(200);
    }
    const dir = path.join(photoDir, checklist.id);
    expect(await filesUnder(dir)).toHaveLength(4);
    return { owner, checklist: await getChecklist(owner, checklist.id), dir };
  }

  it('removing a photo, or a task by an edit, deletes its files', async () => {
    const { owner, checklist, dir } = await withPhotos();
    const [first, second] = checklist.tasks as [Task, Task];
    const removed = await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${first.id}`, {
      photoUrl: null,
    });
    expect(removed.statusCode).toBe(200);
    expect((await owner.call('GET', first.photoUrl as string)).statusCode).toBe(404);
    expect(await filesUnder(dir)).toHaveLength(2);

    const edited: Checklist = (
      await owner.call('PUT', `/api/checklists/${checklist.id}`, {
        ...asEdit(checklist),
        version: checklist.version,
        tasks: [{ id: first.id, description: first.description, photoRequired: true }],
      })
    ).json();
    expect(edited.tasks).toHaveLength(1);
    expect(await filesUnder(dir)).toEqual([]);
    expect((await owner.call('GET', second.photoUrl as string)).statusCode).toBe(404);
  });

  it('deleting the checklist deletes every photo file', async () => {
    const { owner, checklist, dir } = await withPhotos();
    expect((await owner.call('DELETE', `/api/checklists/${checklist.id}`)).statusCode).toBe(204);
    expect(await filesUnder(dir)).toEqual([]);
    expect(await t.db.select().from(photos).where(eq(photos.checklistId, checklist.id))).toEqual([]);
  });
});

describe('photos in S3-compatible storage', () => {
  it('uploads, serves and deletes through the bucket', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'listsync-s3-'));
    const s3 = await startTestS3Server({ directory });
    try {
      const options = s3.storeOptions();
      const { app } = await t.buildApp({
        env: {
          DATA_DIR: dataDir,
          PHOTO_STORAGE: 's3',
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: s3.bucket,
          S3_ACCESS_KEY_ID: options.accessKeyId,
          S3_SECRET_ACCESS_KEY: options.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        },
      });
      const owner = await signInOwner(app);
      const checklist = await createChecklist(owner, {
        tasks: [{ description: 'Meter reading', photoRequired: true }],
      });
      const taskId = checklist.tasks[0]?.id as string;
      const task: Task = (
        await uploadPhoto(app, owner.cookie, checklist.id, taskId, await testJpeg())
      ).json();
      const stored = () => s3.received.filter((r) => r.method === 'PUT' && r.url.includes(checklist.id));
      expect(stored()).toHaveLength(2);
      expect(
        await filesUnder(photoDir).then((files) => files.filter((f) => f.includes(checklist.id))),
      ).toEqual([]);
      const shown = await owner.call('GET', task.photoUrl as string);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toBe('image/jpeg');

      const inBucket = async () =>
        // s3rver keeps each object as '<key>._S3rver_object' beside its metadata.
        (await filesUnder(directory)).filter(
          (f) => f.includes(checklist.id) && f.endsWith('._S3rver_object'),
        );
      expect((await inBucket()).length).toBeGreaterThanOrEqual(2);
      expect((await owner.call('DELETE', `/api/checklists/${checklist.id}`)).statusCode).toBe(204);
      const deleted = s3.received.filter((r) => r.method === 'POST' && r.url.includes('delete'));
      expect(deleted.length).toBeGreaterThan(0);
      expect(await inBucket()).toEqual([]);
    } finally {
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
