import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import {
  asEdit,
  caller,
  createChecklist,
  errorOf,
  getChecklist,
  type Owner,
  signInOwner,
  tick,
} from '#tests/support/checklists';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Reading one checklist and ticking a task answer from a cached copy when the database says it is
 * still current (services/checklist-cache.ts). Two apps on one database stand for two server
 * instances: whatever one changes, the other never answers the state before it.
 */
const t = setupTestApp();

/** The same owner (same session cookie) as seen through another instance. */
function onOtherInstance(owner: Owner, app: typeof t.app): Owner {
  return { ...owner, call: caller(app, owner.cookie) };
}

/** A GET that must succeed, twice in a row (so the second answer comes from the cache). */
async function readTwice(owner: Owner, id: string): Promise<Checklist> {
  const first = await getChecklist(owner, id);
  const second = await getChecklist(owner, id);
  expect(second).toEqual(first);
  return second;
}

describe('one checklist read through two instances', () => {
  it('shows every change made through the other instance, of every kind, at once', async () => {
    const other = await t.buildApp();
    const onA = await signInOwner(t.app);
    const onB = onOtherInstance(onA, other.app);
    const created = await createChecklist(onA, { name: 'Cabin' }, 3);
    await readTwice(onA, created.id);

    expect((await tick(onB, created, 1)).statusCode).toBe(200);
    let seen = await readTwice(onA, created.id);
    expect(seen.tasks.map((task) => task.completed)).toEqual([false, true, false]);
    expect(seen).toMatchObject({ status: 'in-progress', progress: 33 });

    expect(
      (await onB.call('PATCH', `/api/checklists/${created.id}`, { remarks: 'Keys left' })).statusCode,
    ).toBe(200);
    seen = await readTwice(onA, created.id);
    expect(seen.remarks).toBe('Keys left');

    const renamed = await onB.call('PUT', `/api/checklists/${created.id}`, asEdit(seen, { name: 'Cabin 2' }));
    expect(renamed.statusCode).toBe(200);
    seen = await readTwice(onA, created.id);
    expect(seen).toMatchObject({ name: 'Cabin 2', version: created.version + 1 });

    expect((await onB.call('POST', `/api/checklists/${created.id}/submit`, {})).statusCode).toBe(200);
    seen = await readTwice(onA, created.id);
    expect(seen).toMatchObject({ status: 'completed', progress: 100 });
    expect(seen.submittedAt).not.toBeNull();

    expect((await onB.call('DELETE', `/api/checklists/${created.id}`)).statusCode).toBe(204);
    const gone = await onA.call('GET', `/api/checklists/${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('not_found');
  });

  it('answers each tick with exactly the checklist a fresh read gives, whichever instance made the last change', async () => {
    const other = await t.buildApp();
    const onA = await signInOwner(t.app);
    const onB = onOtherInstance(onA, other.app);
    const created = await createChecklist(onA, {}, 5);
    await readTwice(onA, created.id);
    const steps: [Owner, number, boolean][] = [
      [onA, 0, true],
      [onA, 1, true],
      [onB, 2, true],
      [onA, 3, true],
      [onA, 0, false],
      [onB, 4, true],
      [onB, 0, true],
      [onA, 1, false],
    ];
    for (const [who, index, completed] of steps) {
      const response = await tick(who, created, index, completed);
      expect(response.statusCode).toBe(200);
      const answered: Checklist = response.json();
      const fresh = await getChecklist(onB, created.id);
      expect(answered).toEqual(fresh);
      expect(await getChecklist(onA, created.id)).toEqual(fresh);
    }
    const last = await getChecklist(onA, created.id);
    expect(last.tasks.map((task) => task.completed)).toEqual([true, false, true, true, true]);
    expect(last).toMatchObject({ status: 'in-progress', progress: 80 });
  });

  it('keeps every tick of 30 concurrent ticks spread over two instances, and both then read the same', async () => {
    const other = await t.buildApp();
    const onA = await signInOwner(t.app);
    const onB = onOtherInstance(onA, other.app);
    const created = await createChecklist(onA, {}, 30);
    await readTwice(onA, created.id);
    await readTwice(onB, created.id);
    const answers = await Promise.all(
      created.tasks.map((_, index) => tick(index % 2 === 0 ? onA : onB, created, index)),
    );
    expect(answers.map((response) => response.statusCode)).toEqual(answers.map(() => 200));
    const fromA = await getChecklist(onA, created.id);
    expect(fromA.tasks.every((task) => task.completed)).toBe(true);
    expect(fromA).toMatchObject({ status: 'completed', progress: 100 });
    expect(await getChecklist(onB, created.id)).toEqual(fromA);
  });

  it('stops answering a session signed out through the other instance', async () => {
    const other = await t.buildApp();
    const onA = await signInOwner(t.app);
    const onB = onOtherInstance(onA, other.app);
    const created = await createChecklist(onA);
    await readTwice(onA, created.id);
    expect((await onB.call('POST', '/api/auth/logout')).statusCode).toBeLessThan(300);

    const read = await onA.call('GET', `/api/checklists/${created.id}`);
    expect(read.statusCode).toBe(401);
    expect(errorOf(read).code).toBe('unauthenticated');
    const ticked = await tick(onA, created, 0);
    expect(ticked.statusCode).toBe(401);
    expect(errorOf(ticked).code).toBe('unauthenticated');
  });

  it('never answers one owner the cached checklist of another', async () => {
    const owner = await signInOwner(t.app, 'owner');
    const stranger = await signInOwner(t.app, 'stranger');
    const created = await createChecklist(owner);
    await readTwice(owner, created.id);
    for (const response of [
      await stranger.call('GET', `/api/checklists/${created.id}`),
      await tick(stranger, created, 0),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toMatchObject({ code: 'not_found', message: 'Checklist not found' });
    }
    expect((await getChecklist(owner, created.id)).tasks[0]?.completed).toBe(false);
  });
});

describe('the routes that check the session in their own query', () => {
  it('answer 401 to a missing or unknown session cookie, even with a valid body', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner);
    const task = created.tasks[0];
    if (!task) throw new Error('no task');
    for (const cookie of [null, 'listsync_session=not-a-session']) {
      const call = caller(t.app, cookie);
      for (const response of [
        await call('GET', `/api/checklists/${created.id}`),
        await call('PATCH', `/api/checklists/${created.id}/tasks/${task.id}`, { completed: true }),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(errorOf(response)).toMatchObject({
          code: 'unauthenticated',
          message: 'Please sign in to continue.',
        });
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
    expect((await getChecklist(owner, created.id)).tasks[0]?.completed).toBe(false);
  });

  it('refuse a task change body beyond a few kilobytes (with no cookie at all, 401 comes first)', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner);
    const url = `/api/checklists/${created.id}/tasks/${created.tasks[0]?.id}`;
    const huge = { completed: true, photoUrl: `/p/${'x'.repeat(20_000)}` };
    const signedIn = await owner.call('PATCH', url, huge);
    expect(signedIn.statusCode).toBe(413);
    expect(errorOf(signedIn).code).toBe('body_too_large');
    const unknownSession = await caller(t.app, 'listsync_session=forged')('PATCH', url, huge);
    expect(unknownSession.statusCode).toBe(413);
    const anonymous = await caller(t.app, null)('PATCH', url, huge);
    expect(anonymous.statusCode).toBe(401);
    expect((await getChecklist(owner, created.id)).tasks[0]?.completed).toBe(false);
  });

  it('say which is missing: the checklist or the task', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner);
    const noTask = await owner.call('PATCH', `/api/checklists/${created.id}/tasks/task_nope`, {
      completed: true,
    });
    expect(noTask.statusCode).toBe(404);
    expect(errorOf(noTask).message).toBe('Task not found');
    const noList = await owner.call('PATCH', `/api/checklists/checklist_nope/tasks/${created.tasks[0]?.id}`, {
      completed: true,
    });
    expect(noList.statusCode).toBe(404);
    expect(errorOf(noList).message).toBe('Checklist not found');
  });
});

describe('the dashboard list read through two instances', () => {
  /** The list, twice in a row (the second from the cache), as instance A answers it. */
  async function listTwice(owner: Owner) {
    const first = await owner.call('GET', `/api/checklists?userId=${owner.uid}`);
    const second = await owner.call('GET', `/api/checklists?userId=${owner.uid}`);
    expect(second.body).toBe(first.body);
    return second.json() as { id: string; name: string; completedCount: number; status: string }[];
  }

  it('shows every change made through the other instance: ticks, edits, creations, deletions', async () => {
    const other = await t.buildApp();
    const onA = await signInOwner(t.app);
    const onB = onOtherInstance(onA, other.app);
    const first = await createChecklist(onA, { name: 'Cabin' }, 2);
    expect((await listTwice(onA)).map((item) => item.name)).toEqual(['Cabin']);

    expect((await tick(onB, first, 0)).statusCode).toBe(200);
    expect((await listTwice(onA))[0]).toMatchObject({ completedCount: 1, status: 'in-progress' });

    const [current] = await listTwice(onA);
    const renamed = await onB.call(
      'PUT',
      `/api/checklists/${first.id}`,
      asEdit(await getChecklist(onB, first.id), { name: 'Cabin 2' }),
    );
    expect(renamed.statusCode).toBe(200);
    expect((await listTwice(onA))[0]?.name).toBe('Cabin 2');
    expect(current?.name).toBe('Cabin');

    expect((await onB.call('POST', `/api/checklists/${first.id}/submit`, {})).statusCode).toBe(200);
    expect((await listTwice(onA))[0]?.status).toBe('completed');

    const second = await createChecklist(onB, { name: 'Loft' }, 1);
    expect((await listTwice(onA)).map((item) => item.name)).toEqual(['Loft', 'Cabin 2']);
    expect((await onB.call('DELETE', `/api/checklists/${second.id}`)).statusCode).toBe(204);
    expect((await listTwice(onA)).map((item) => item.name)).toEqual(['Cabin 2']);
    expect((await onB.call('DELETE', `/api/checklists/${first.id}`)).statusCode).toBe(204);
    expect(await listTwice(onA)).toEqual([]);

    // Signed out on the other instance: this one refuses the list at once.
    expect((await onB.call('POST', '/api/auth/logout')).statusCode).toBe(204);
    expect((await onA.call('GET', '/api/checklists')).statusCode).toBe(401);
  });
});
