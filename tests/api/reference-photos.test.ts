import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Checklist, Task } from '#domain/checklist';
import type { SharedChecklistResponse } from '#domain/sharing';
import { photos } from '#server/db/schema/index';
import { createChecklist, errorOf, getChecklist, signInOwner, tick } from '#tests/support/checklists';
import { filesUnder, testJpeg, testPicture, uploadPhoto } from '#tests/support/photos';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Reference photos (docs/decisions/0026): the owner's example of what good looks like for a task. The
 * proof photos' pipeline and privacy, owner-only writes, and never proof.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'listsync-reference-'));
const photoDir = path.join(dataDir, 'photos');
const t = setupTestApp({ env: { DATA_DIR: dataDir } });
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function ownerWithChecklist(label = 'owner') {
  const owner = await signInOwner(t.app, label);
  const checklist = await createChecklist(owner, {
    tasks: [
      { description: 'Make the bed', photoRequired: true },
      { description: 'Towels folded', photoRequired: false },
    ],
  });
  return { owner, checklist, taskId: checklist.tasks[0]?.id as string };
}

const reference = (
  cookie: string | null,
  checklistId: string,
  taskId: string,
  bytes: Buffer,
  type?: string,
) =>
  uploadPhoto(t.app, cookie, checklistId, taskId, bytes, {
    route: 'reference-photo',
    ...(type ? { type } : {}),
  });

const referenceUrl = (checklistId: string, taskId: string) =>
  `/api/checklists/${checklistId}/tasks/${taskId}/reference-photo`;

function photoIdOf(url: string | null): string {
  const id = url?.split('/').pop();
  if (!id) throw new Error('no photo');
  return id;
}

/** A JPEG carrying EXIF with a GPS position and a capture time, as a phone writes it. */
async function jpegWithLocation(): Promise<Buffer> {
  return testPicture(900, 600)
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

describe('setting a reference photo', () => {
  it('answers the task with referencePhotoUrl; the task stays unticked and without proof', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const response = await reference(owner.cookie, checklist.id, taskId, await testJpeg());
    expect(response.statusCode, response.body).toBe(200);
    const task: Task = response.json();
    expect(task).toMatchObject({ id: taskId, completed: false, photoUrl: null, completedAt: null });
    expect(task.referencePhotoUrl).toMatch(/^\/api\/photos\/photo_[A-Za-z0-9_-]{22}$/);
    const seen = await getChecklist(owner, checklist.id);
    expect(seen.tasks[0]).toMatchObject({ referencePhotoUrl: task.referencePhotoUrl, completed: false });
    expect(seen.tasks[1]?.referencePhotoUrl).toBeNull();
    expect(seen).toMatchObject({ status: 'not-started', progress: 0 });
    const [row] = await t.db
      .select()
      .from(photos)
      .where(eq(photos.id, photoIdOf(task.referencePhotoUrl)));
    expect(row).toMatchObject({ kind: 'reference', taskId, shareId: null, sourceFormat: 'jpeg' });
  });

  it('never satisfies photoRequired: ticked without proof it is still missing; submit refuses', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    expect((await reference(owner.cookie, checklist.id, taskId, await testJpeg())).statusCode).toBe(200);
    for (const index of [0, 1]) expect((await tick(owner, checklist, index)).statusCode).toBe(200);
    const refused = await owner.call('POST', `/api/checklists/${checklist.id}/submit`, {});
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'missing_photos', taskIds: [taskId] });
    const seen = await getChecklist(owner, checklist.id);
    expect(seen.submittedAt).toBeNull();
    expect(seen.tasks[0]).toMatchObject({ photoUrl: null });
    // Proof then satisfies it, and the reference photo stays beside it.
    const proof = await uploadPhoto(t.app, owner.cookie, checklist.id, taskId, await testJpeg());
    expect(proof.statusCode).toBe(200);
    const both: Task = proof.json();
    expect(both.photoUrl).not.toBe(both.referencePhotoUrl);
    expect(both.referencePhotoUrl).toBe(seen.tasks[0]?.referencePhotoUrl);
    expect((await owner.call('POST', `/api/checklists/${checklist.id}/submit`, {})).statusCode).toBe(200);
  });

  it('goes through the proof pipeline: re-encoded JPEG, no EXIF or GPS, display and thumbnail', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const original = await jpegWithLocation();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const task: Task = (await reference(owner.cookie, checklist.id, taskId, original)).json();
    for (const [query, longest] of [
      ['', 900],
      ['?size=thumb', 320],
    ] as const) {
      const served = await owner.call('GET', `${task.referencePhotoUrl}${query}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(longest);
      expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
    expect(await filesUnder(path.join(photoDir, checklist.id))).toHaveLength(2);
  });

  it('refuses what is not an image (415) and more than 5 MB (413), storing nothing', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const jpeg = await testJpeg();
    for (const [bytes, type] of [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
      ],
      [Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')]), 'image/jpeg'],
      [Buffer.from('hello'), 'text/plain'],
    ] as const) {
      const response = await reference(owner.cookie, checklist.id, taskId, bytes, type);
      expect(response.statusCode).toBe(415);
      expect(errorOf(response)).toMatchObject({
        code: 'unsupported_file_type',
        message: 'Please select an image file',
      });
    }
    const tooBig = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 + 1 - jpeg.length)]);
    const large = await reference(owner.cookie, checklist.id, taskId, tooBig);
    expect(large.statusCode).toBe(413);
    expect(errorOf(large)).toMatchObject({
      code: 'file_too_large',
      message: 'Image size should be less than 5MB',
    });
    const field = await uploadPhoto(t.app, owner.cookie, checklist.id, taskId, jpeg, {
      route: 'reference-photo',
      field: 'file',
    });
    expect(field.statusCode).toBe(400);
    expect((await getChecklist(owner, checklist.id)).tasks[0]?.referencePhotoUrl).toBeNull();
    expect(await filesUnder(path.join(photoDir, checklist.id))).toEqual([]);
  });

  it('replacing it deletes the old photo (row and files); removing it deletes the last', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const dir = path.join(photoDir, checklist.id);
    const first: Task = (await reference(owner.cookie, checklist.id, taskId, await testJpeg())).json();
    const firstFiles = await filesUnder(dir);
    expect(firstFiles).toHaveLength(2);
    const second: Task = (
      await reference(owner.cookie, checklist.id, taskId, await testJpeg(800, 600))
    ).json();
    expect(second.referencePhotoUrl).not.toBe(first.referencePhotoUrl);
    const secondFiles = await filesUnder(dir);
    expect(secondFiles).toHaveLength(2);
    expect(secondFiles.some((file) => firstFiles.includes(file))).toBe(false);
    expect((await owner.call('GET', first.referencePhotoUrl as string)).statusCode).toBe(404);
    expect(await t.db.select().from(photos).where(eq(photos.checklistId, checklist.id))).toHaveLength(1);

    const removed = await owner.call('DELETE', referenceUrl(checklist.id, taskId));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: taskId, referencePhotoUrl: null, completed: false });
    expect(await filesUnder(dir)).toEqual([]);
    expect(await t.db.select().from(photos).where(eq(photos.checklistId, checklist.id))).toEqual([]);
    expect((await owner.call('GET', second.referencePhotoUrl as string)).statusCode).toBe(404);
    // Removing none is no error: the task as it is.
    expect((await owner.call('DELETE', referenceUrl(checklist.id, taskId))).statusCode).toBe(200);
  });

  it("keeps the task's proof photo when set, replaced or removed, and is kept by an edit", async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const proof: Task = (
      await uploadPhoto(t.app, owner.cookie, checklist.id, taskId, await testJpeg())
    ).json();
    await reference(owner.cookie, checklist.id, taskId, await testJpeg());
    const withBoth = await getChecklist(owner, checklist.id);
    const edited = await owner.call('PUT', `/api/checklists/${checklist.id}`, {
      name: 'Renamed',
      version: withBoth.version,
      tasks: withBoth.tasks.map(({ id, description, photoRequired }) => ({ id, description, photoRequired })),
    });
    expect(edited.statusCode).toBe(200);
    const after: Checklist = edited.json();
    expect(after.tasks[0]).toMatchObject({
      photoUrl: proof.photoUrl,
      referencePhotoUrl: withBoth.tasks[0]?.referencePhotoUrl,
      completed: true,
    });
    expect((await owner.call('DELETE', referenceUrl(checklist.id, taskId))).statusCode).toBe(200);
    const left = await getChecklist(owner, checklist.id);
    expect(left.tasks[0]).toMatchObject({
      photoUrl: proof.photoUrl,
      referencePhotoUrl: null,
      completed: true,
    });
    expect((await owner.call('GET', proof.photoUrl as string)).statusCode).toBe(200);
    // An edit that drops the task takes its reference photo with it.
    await reference(owner.cookie, checklist.id, taskId, await testJpeg());
    const current = await getChecklist(owner, checklist.id);
    const [, other] = current.tasks as [Task, Task];
    const dropped = await owner.call('PUT', `/api/checklists/${checklist.id}`, {
      name: current.name,
      version: current.version,
      tasks: [{ id: other.id, description: other.description, photoRequired: other.photoRequired }],
    });
    expect(dropped.statusCode).toBe(200);
    expect(await filesUnder(path.join(photoDir, checklist.id))).toEqual([]);
  });
});

describe('a retried reference upload', () => {
  it('with the same Idempotency-Key is stored once and answered the same', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const bytes = await testJpeg();
    const send = () =>
      uploadPhoto(t.app, owner.cookie, checklist.id, taskId, bytes, {
        route: 'reference-photo',
        idempotencyKey: 'reference-retry-0001',
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const files = await filesUnder(path.join(photoDir, checklist.id));
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await filesUnder(path.join(photoDir, checklist.id))).toEqual(files);
    expect(await t.db.select().from(photos).where(eq(photos.checklistId, checklist.id))).toHaveLength(1);
  });
});

describe('who may set and see a reference photo', () => {
  it('a verified recipient sees it (shared page and photo route) but cannot set or remove one', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const task: Task = (await reference(owner.cookie, checklist.id, taskId, await testJpeg())).json();
    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);

    const page = await browser.call('GET', `/api/shared/checklist?token=${sent.token}`);
    expect(page.statusCode).toBe(200);
    const shared: SharedChecklistResponse = page.json();
    expect(shared.checklist.tasks[0]?.referencePhotoUrl).toBe(task.referencePhotoUrl);
    for (const query of ['', '?size=thumb']) {
      expect((await browser.call('GET', `${task.referencePhotoUrl}${query}`)).statusCode).toBe(200);
    }

    // Owner routes: a recipient's cookie alone is nobody signed in (401), as for editing the checklist.
    const upload = await reference(browser.cookie, checklist.id, taskId, await testJpeg());
    expect(upload.statusCode).toBe(401);
    expect(errorOf(upload).code).toBe('unauthenticated');
    const removal = await browser.call('DELETE', referenceUrl(checklist.id, taskId));
    expect(removal.statusCode).toBe(401);
    // Signed in as someone else as well: the checklist is not theirs to edit (404, never 403).
    const stranger = await signInOwner(t.app, 'stranger');
    const both = `${stranger.cookie}; ${browser.cookie}`;
    const asBoth = await reference(both, checklist.id, taskId, await testJpeg());
    expect(asBoth.statusCode).toBe(404);
    expect(errorOf(asBoth)).toMatchObject({ code: 'not_found', message: 'Checklist not found' });
    expect((await getChecklist(owner, checklist.id)).tasks[0]?.referencePhotoUrl).toBe(
      task.referencePhotoUrl,
    );
  });

  it('another owner, a recipient of another checklist and nobody neither set nor see it', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const task: Task = (await reference(owner.cookie, checklist.id, taskId, await testJpeg())).json();
    const stranger = await signInOwner(t.app, 'stranger');
    const other = await ownerWithChecklist('other');
    const otherRecipient = recipientBrowser(t.app);
    await verified(otherRecipient, await share(other.owner, other.checklist.id));

    const upload = await reference(stranger.cookie, checklist.id, taskId, await testJpeg());
    expect(upload.statusCode).toBe(404);
    expect((await stranger.call('DELETE', referenceUrl(checklist.id, taskId))).statusCode).toBe(404);
    for (const cookie of [stranger.cookie, otherRecipient.cookie as string]) {
      const read = await t.app.inject({
        method: 'GET',
        url: task.referencePhotoUrl as string,
        headers: { cookie },
      });
      expect(read.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: task.referencePhotoUrl as string })).statusCode).toBe(
      401,
    );
    expect((await reference(null, checklist.id, taskId, await testJpeg())).statusCode).toBe(401);
    // An unknown task of the owner's own checklist.
    const unknown = await reference(owner.cookie, checklist.id, 'task_nope', await testJpeg());
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: 'not_found', message: 'Task not found' });
    expect((await owner.call('DELETE', referenceUrl(checklist.id, 'task_nope'))).statusCode).toBe(404);
  });

  it('a revoked share loses sight of it', async () => {
    const { owner, checklist, taskId } = await ownerWithChecklist();
    const task: Task = (await reference(owner.cookie, checklist.id, taskId, await testJpeg())).json();
    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    expect((await browser.call('GET', task.referencePhotoUrl as string)).statusCode).toBe(200);
    expect(
      (await owner.call('DELETE', `/api/checklists/${checklist.id}/shares/${sent.shareId}`)).statusCode,
    ).toBe(204);
    expect((await browser.call('GET', task.referencePhotoUrl as string)).statusCode).toBe(404);
  });
});
