import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHECKLIST_MESSAGES, type Checklist } from '#domain/checklist';
import { tasks } from '#server/db/schema/index';
import {
  asEdit,
  createChecklist,
  errorOf,
  getChecklist,
  type Owner,
  signInOwner,
  tick,
} from '#tests/support/checklists';
import { setupTestApp } from '#tests/support/test-app';

/** Doing the work: ticks, photos removed, remarks, submit, and how a submitted checklist reopens. */
const t = setupTestApp();

/** Until photo upload exists, a photo is attached by writing the row. */
async function attachPhoto(checklist: Checklist, index: number, url = '/api/photos/test.jpg') {
  const task = checklist.tasks[index];
  if (!task) throw new Error(`no task ${index}`);
  await t.db
    .update(tasks)
    .set({ photoUrl: url })
    .where(and(eq(tasks.checklistId, checklist.id), eq(tasks.id, task.id)));
}

const submit = (owner: Owner, checklist: Checklist, body?: unknown) =>
  owner.call('POST', `/api/checklists/${checklist.id}/submit`, body);

describe('PATCH /api/checklists/{id}/tasks/{taskId}', () => {
  it('ticks a task: the checklist comes back with progress recomputed and the tick time', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner); // 3 tasks
    const response = await tick(owner, checklist, 1);
    expect(response.statusCode).toBe(200);
    const after: Checklist = response.json();
    expect(after).toMatchObject({ status: 'in-progress', progress: 33, version: checklist.version });
    expect(after.tasks[1]).toMatchObject({ completed: true, completedAt: expect.any(String) });
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(checklist.updatedAt));

    const second = (await tick(owner, after, 2)).json() as Checklist;
    expect(second).toMatchObject({ status: 'in-progress', progress: 67 });
    // Ticking again keeps the first tick time.
    const again = (await tick(owner, second, 1)).json() as Checklist;
    expect(again.tasks[1]?.completedAt).toBe(after.tasks[1]?.completedAt);
    const all = (await tick(owner, again, 0)).json() as Checklist;
    expect(all).toMatchObject({ status: 'completed', progress: 100 });
  });

  it('unticks a task: completedAt is cleared', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    await tick(owner, checklist, 0);
    const response = await tick(owner, checklist, 0, false);
    expect(response.statusCode).toBe(200);
    expect((response.json() as Checklist).tasks[0]).toMatchObject({ completed: false, completedAt: null });
    expect(response.json()).toMatchObject({ status: 'not-started', progress: 0 });
  });

  it('removes a photo with photoUrl: null; any other photoUrl is refused (photos are uploaded)', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {
      tasks: [{ description: 'Photo me', photoRequired: true }],
    });
    await attachPhoto(checklist, 0);
    const url = `/api/checklists/${checklist.id}/tasks/${checklist.tasks[0]?.id}`;
    const refused = await owner.call('PATCH', url, { photoUrl: 'https://evil.example/x.jpg' });
    expect(refused.statusCode).toBe(400);
    expect((await getChecklist(owner, checklist.id)).tasks[0]?.photoUrl).toBe('/api/photos/test.jpg');
    const removed = await owner.call('PATCH', url, { photoUrl: null });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Checklist).tasks[0]?.photoUrl).toBeNull();
  });

  it('refuses an empty patch with a clear message', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const response = await owner.call(
      'PATCH',
      `/api/checklists/${checklist.id}/tasks/${checklist.tasks[0]?.id}`,
      {
        status: 'completed',
      },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'validation_failed',
      message: 'Nothing to change: send completed or photoUrl',
    });
  });
});

describe('PATCH /api/checklists/{id} (remarks)', () => {
  it('saves the remarks without changing the version', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const response = await owner.call('PATCH', `/api/checklists/${checklist.id}`, {
      remarks: 'Broken lamp in hall',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ remarks: 'Broken lamp in hall', version: checklist.version });
    // A PUT from an editor opened before still applies: remarks are last-write-wins.
    const put = await owner.call(
      'PUT',
      `/api/checklists/${checklist.id}`,
      asEdit(checklist, { remarks: undefined }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.json().remarks).toBe('Broken lamp in hall');
  });
});

describe('POST /api/checklists/{id}/submit', () => {
  it('submits with unfinished tasks: completed at 100, remarks saved', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    await tick(owner, checklist, 0);
    const response = await submit(owner, checklist, { remarks: 'Ran out of time for the windows' });
    expect(response.statusCode).toBe(200);
    const submitted: Checklist = response.json();
    expect(submitted).toMatchObject({
      status: 'completed',
      progress: 100,
      remarks: 'Ran out of time for the windows',
      submittedAt: expect.any(String),
    });
    expect(await getChecklist(owner, checklist.id)).toEqual(submitted);
    const list = (await owner.call('GET', '/api/checklists')).json();
    expect(list[0]).toMatchObject({ status: 'completed', progress: 100, completedCount: 1, taskCount: 3 });
  });

  it('submits without a body, keeping the remarks', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, { remarks: 'Keep me' });
    const response = await submit(owner, checklist);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'completed', remarks: 'Keep me' });
  });

  it('is refused with 400 missing_photos naming the completed photo tasks without a photo', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {
      tasks: [
        { description: 'Photo, ticked, none', photoRequired: true },
        { description: 'Photo, ticked, has one', photoRequired: true },
        { description: 'Photo, not ticked', photoRequired: true },
        { description: 'No photo needed' },
      ],
    });
    await tick(owner, checklist, 0);
    await tick(owner, checklist, 1);
    await attachPhoto(checklist, 1);
    await tick(owner, checklist, 3);
    const before = await getChecklist(owner, checklist.id);

    const response = await submit(owner, checklist, { remarks: 'Should not be saved' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'missing_photos',
      message: CHECKLIST_MESSAGES.missingPhotos,
      taskIds: [checklist.tasks[0]?.id],
    });
    expect(await getChecklist(owner, checklist.id)).toEqual(before);

    await attachPhoto(checklist, 0);
    expect((await submit(owner, checklist)).statusCode).toBe(200);
  });

  it('unticking a task reopens a submitted checklist; ticking does not', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    await tick(owner, checklist, 0);
    await submit(owner, checklist);
    const stillDone = (await tick(owner, checklist, 1)).json() as Checklist;
    expect(stillDone).toMatchObject({ status: 'completed', progress: 100 });
    const reopened = (await tick(owner, checklist, 0, false)).json() as Checklist;
    expect(reopened).toMatchObject({ status: 'in-progress', progress: 33, submittedAt: null });
  });

  it('adding, removing or rewording tasks reopens it; renaming or reordering does not', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const put = async (changes: Parameters<typeof asEdit>[1]) => {
      const current = await getChecklist(owner, checklist.id);
      const response = await owner.call('PUT', `/api/checklists/${checklist.id}`, asEdit(current, changes));
      expect(response.statusCode).toBe(200);
      return response.json() as Checklist;
    };
    const submitted = async () => {
      expect((await submit(owner, checklist)).statusCode).toBe(200);
      return getChecklist(owner, checklist.id);
    };

    let current = await submitted();
    expect((await put({ name: 'Renamed' })).submittedAt).not.toBeNull();
    current = await getChecklist(owner, checklist.id);
    expect((await put({ tasks: [...asEdit(current).tasks].reverse() })).status).toBe('completed');

    current = await submitted();
    expect(
      (await put({ tasks: [...asEdit(current).tasks, { description: 'Added' }] })).submittedAt,
    ).toBeNull();
    current = await submitted();
    expect((await put({ tasks: asEdit(current).tasks.slice(1) })).submittedAt).toBeNull();
    current = await submitted();
    const reworded = asEdit(current).tasks.map((task, i) =>
      i === 0 ? { ...task, description: 'New words' } : task,
    );
    expect((await put({ tasks: reworded })).submittedAt).toBeNull();
  });
});
