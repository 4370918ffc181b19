import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '#server/ids';
import { deleteChecklistRow } from '#server/repositories/checklists';
import {
  checklistOfPhoto,
  deleteUnusedPhotos,
  insertPhoto,
  photoKeysInReach,
  setTaskPhoto,
  taskInReach,
} from '#server/repositories/photos';
import { accessScene, asOwner, asRecipient, setupTestDatabase } from '#tests/support/access-rows';

/**
 * repositories/photos.ts: who may read a photo's files and send one to a task. Pins: a photo's files
 * are read by an access that reaches its own checklist (the owner; the recipient of that checklist's
 * grant), under that checklist only, never by another owner, never by the recipient for a photo of
 * another checklist of the same owner, and not once the checklist is deleted; a task is in reach only
 * if its checklist is (and a task id of another checklist is not in it); sweeping one checklist's
 * unused photos never touches another's.
 */

const t = setupTestDatabase();

/** A proof photo's row for the task (no task names it yet); answers its id and files. */
async function insertPhotoRow(checklistId: string, taskId: string) {
  const id = newId('photo');
  const [checklist] = await t.db
    .execute<{ team_id: string }>(sql`select team_id from checklists where id = ${checklistId}`)
    .then((result) => (result as unknown as { rows: { team_id: string }[] }).rows);
  const keys = { displayKey: `${id}.jpg`, thumbKey: `${id}_thumb.jpg` };
  await insertPhoto(t.db, {
    id,
    teamId: checklist?.team_id ?? '',
    checklistId,
    taskId,
    ...keys,
    contentType: 'image/jpeg',
    width: 4,
    height: 3,
    sourceFormat: 'jpeg',
    originalBytes: 100,
    originalSha256: 'f'.repeat(64),
  });
  return { id, keys };
}

/** A proof photo of the task, named by it (its photo_url). */
async function photoOf(checklistId: string, taskId: string) {
  const photo = await insertPhotoRow(checklistId, taskId);
  await setTaskPhoto(t.db, checklistId, taskId, photo.id);
  return photo;
}

async function photoScene() {
  const s = await accessScene(t.db);
  return {
    s,
    shared: await photoOf(s.checklists.shared.id, 'task_1'),
    unshared: await photoOf(s.checklists.unshared.id, 'task_1'),
  };
}

describe("a photo's files: read through an access that reaches its own checklist", () => {
  it('the owner and the recipient of the checklist read them', async () => {
    const { s, shared, unshared } = await photoScene();
    expect(await photoKeysInReach(t.db, asOwner(s.host.id), s.checklists.shared.id, shared.id)).toEqual(
      shared.keys,
    );
    expect(await photoKeysInReach(t.db, asOwner(s.host.id), s.checklists.unshared.id, unshared.id)).toEqual(
      unshared.keys,
    );
    expect(await photoKeysInReach(t.db, asRecipient(s), s.checklists.shared.id, shared.id)).toEqual(
      shared.keys,
    );
  });

  it('another owner reads none', async () => {
    const { s, shared, unshared } = await photoScene();
    expect(
      await photoKeysInReach(t.db, asOwner(s.stranger.id), s.checklists.shared.id, shared.id),
    ).toBeUndefined();
    expect(
      await photoKeysInReach(t.db, asOwner(s.stranger.id), s.checklists.unshared.id, unshared.id),
    ).toBeUndefined();
    expect(
      await photoKeysInReach(t.db, asOwner(s.stranger.id), s.checklists.strangers.id, shared.id),
    ).toBeUndefined();
  });

  it("the recipient reads no photo of another checklist of the same owner, under either checklist's id", async () => {
    const { s, unshared } = await photoScene();
    expect(
      await photoKeysInReach(t.db, asRecipient(s), s.checklists.unshared.id, unshared.id),
    ).toBeUndefined();
    expect(await photoKeysInReach(t.db, asRecipient(s), s.checklists.shared.id, unshared.id)).toBeUndefined();
  });

  it('a photo is read under its own checklist only, even by its owner', async () => {
    const { s, unshared } = await photoScene();
    expect(
      await photoKeysInReach(t.db, asOwner(s.host.id), s.checklists.shared.id, unshared.id),
    ).toBeUndefined();
  });

  it("a deleted checklist's photos are read by nobody", async () => {
    const { s, shared } = await photoScene();
    await deleteChecklistRow(t.db, asOwner(s.host.id), s.checklists.shared.id);
    expect(
      await photoKeysInReach(t.db, asOwner(s.host.id), s.checklists.shared.id, shared.id),
    ).toBeUndefined();
    expect(await photoKeysInReach(t.db, asRecipient(s), s.checklists.shared.id, shared.id)).toBeUndefined();
    expect(await checklistOfPhoto(t.db, shared.id)).toBeNull();
  });
});

describe('a task in reach: its checklist is, and the task is in it', () => {
  it('the owner and the recipient reach the tasks of the shared checklist, and only its tasks', async () => {
    const s = await accessScene(t.db);
    const shared = s.checklists.shared.id;
    for (const access of [asOwner(s.host.id), asRecipient(s)]) {
      expect(await taskInReach(t.db, access, shared, 'task_1')).toEqual({ checklist: true, task: true });
      expect(await taskInReach(t.db, access, shared, 'unshared_only')).toEqual({
        checklist: true,
        task: false,
      });
    }
  });

  it('another owner reaches nothing; the recipient nothing of another checklist', async () => {
    const s = await accessScene(t.db);
    const nothing = { checklist: false, task: false };
    expect(await taskInReach(t.db, asOwner(s.stranger.id), s.checklists.shared.id, 'task_1')).toEqual(
      nothing,
    );
    expect(await taskInReach(t.db, asRecipient(s), s.checklists.unshared.id, 'task_1')).toEqual(nothing);
    expect(await taskInReach(t.db, asRecipient(s), s.checklists.unshared.id, 'unshared_only')).toEqual(
      nothing,
    );
    expect(await taskInReach(t.db, asRecipient(s), s.checklists.strangers.id, 'task_1')).toEqual(nothing);
  });
});

describe("sweeping unused photos stays within the checklist's own", () => {
  it("deletes this checklist's unnamed photo rows and never another checklist's", async () => {
    const { s, unshared } = await photoScene();
    // A photo row no task names, on the shared checklist.
    const stray = await insertPhotoRow(s.checklists.shared.id, 'task_2');
    expect(await deleteUnusedPhotos(t.db, s.checklists.shared.id)).toEqual([
      stray.keys.displayKey,
      stray.keys.thumbKey,
    ]);
    expect(await checklistOfPhoto(t.db, unshared.id)).toBe(s.checklists.unshared.id);
    expect(await deleteUnusedPhotos(t.db, s.checklists.unshared.id)).toEqual([]);
  });
});
