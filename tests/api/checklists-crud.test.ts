import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHECKLIST_MESSAGES, type Checklist, type ChecklistSummary } from '#domain/checklist';
import { checklists, tasks } from '#server/db/schema/index';
import {
  asEdit,
  createChecklist,
  draft,
  errorOf,
  getChecklist,
  signInOwner,
  tick,
} from '#tests/support/checklists';
import { setupTestApp } from '#tests/support/test-app';

const t = setupTestApp();

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('POST /api/checklists', () => {
  it('creates the checklist with fresh server ids, tasks in order, not started', async () => {
    const owner = await signInOwner(t.app);
    const response = await owner.call('POST', '/api/checklists', {
      ...draft(),
      name: '  Turnover: Beach House  ',
      remarks: 'Key under the mat',
      userId: owner.uid,
      tasks: [
        { id: 'task_1700000000000', description: ' Strip beds ', photoRequired: true, details: 'All rooms' },
        { description: 'Restock coffee' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const created: Checklist = response.json();
    expect(created).toEqual({
      id: expect.stringMatching(/^checklist_[A-Za-z0-9_-]{22}$/),
      name: 'Turnover: Beach House',
      status: 'not-started',
      progress: 0,
      tasks: [
        {
          id: expect.stringMatching(/^task_[A-Za-z0-9_-]{22}$/),
          description: 'Strip beds',
          completed: false,
          photoRequired: true,
          photoUrl: null,
          referencePhotoUrl: null,
          details: 'All rooms',
          completedAt: null,
          redoNote: null,
          photoCapturedAt: null,
          photoReceivedAt: null,
          photoCaptureSource: null,
          photoLocation: null,
        },
        {
          id: expect.stringMatching(/^task_/),
          description: 'Restock coffee',
          completed: false,
          photoRequired: false,
          photoUrl: null,
          referencePhotoUrl: null,
          details: '',
          completedAt: null,
          redoNote: null,
          photoCapturedAt: null,
          photoReceivedAt: null,
          photoCaptureSource: null,
          photoLocation: null,
        },
      ],
      remarks: 'Key under the mat',
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      userId: owner.uid,
      version: 1,
      submittedAt: null,
      dueAt: null,
      overdue: false,
      cancelled: false,
      approvedAt: null,
      approvedBy: null,
      requireSignature: false,
      signature: null,
      address: null,
      addressLocation: null,
      // Made by the owner (by name, as every read names them), in their team; assigned to nobody.
      createdBy: { uid: owner.uid, displayName: 'owner person' },
      assignee: null,
    });
    expect(created.tasks[0]?.id).not.toBe('task_1700000000000');
    expect(await getChecklist(owner, created.id)).toEqual(created);
  });

  it('ignores a status, progress, completion or photo the client sends: the server computes them', async () => {
    const owner = await signInOwner(t.app);
    const response = await owner.call('POST', '/api/checklists', {
      ...draft(),
      status: 'completed',
      progress: 100,
      submittedAt: '2020-01-01T00:00:00.000Z',
      version: 99,
      tasks: [{ description: 'Mop', completed: true, photoUrl: 'https://evil.example/fake.jpg' }],
    });
    expect(response.statusCode).toBe(201);
    const created: Checklist = response.json();
    expect(created).toMatchObject({ status: 'not-started', progress: 0, submittedAt: null, version: 1 });
    expect(created.tasks[0]).toMatchObject({ completed: false, photoUrl: null });
  });

  it('makes ids that differ even when many are created at once', async () => {
    const owner = await signInOwner(t.app);
    const created = await Promise.all(
      [0, 1, 2].map(() => createChecklist(owner, { tasks: [{ description: 'a' }, { description: 'b' }] })),
    );
    const ids = created.flatMap((checklist) => [checklist.id, ...checklist.tasks.map((task) => task.id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('GET /api/checklists', () => {
  it("lists the owner's checklists newest first with counts, status and progress computed", async () => {
    const owner = await signInOwner(t.app);
    const other = await signInOwner(t.app, 'other');
    await createChecklist(other, { name: 'Not mine' });
    const first = await createChecklist(owner, { name: 'First' }); // 3 tasks
    const second = await createChecklist(owner, { name: 'Second' });
    await tick(owner, second, 0);
    const third = await createChecklist(owner, {
      name: 'Third',
      tasks: [{ description: 'only' }],
    });
    await tick(owner, third, 0);
    // Created in the same millisecond or not, the order must be by creation: set it explicitly.
    for (const [id, at] of [
      [first.id, '2024-01-01T00:00:00Z'],
      [second.id, '2024-01-02T00:00:00Z'],
      [third.id, '2024-01-03T00:00:00Z'],
    ] as const) {
      await t.db
        .update(checklists)
        .set({ createdAt: new Date(at) })
        .where(eq(checklists.id, id));
    }

    for (const url of ['/api/checklists', `/api/checklists?userId=${owner.uid}`]) {
      const response = await owner.call('GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const list: ChecklistSummary[] = response.json();
      expect(
        list.map((row) => [row.name, row.taskCount, row.completedCount, row.status, row.progress]),
      ).toEqual([
        ['Third', 1, 1, 'completed', 100],
        ['Second', 3, 1, 'in-progress', 33],
        ['First', 3, 0, 'not-started', 0],
      ]);
      expect(list[0]).not.toHaveProperty('tasks');
      expect(list[0]).toMatchObject({ id: third.id, userId: owner.uid, version: 1, remarks: '' });
    }
  });

  it('answers an empty list to a new owner', async () => {
    const owner = await signInOwner(t.app);
    const response = await owner.call('GET', '/api/checklists');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('GET /api/checklists/{id}', () => {
  it('answers 404 not_found for an id that does not exist', async () => {
    const owner = await signInOwner(t.app);
    const response = await owner.call('GET', '/api/checklists/checklist_nope');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'not_found', message: 'Checklist not found' });
  });
});

describe('PUT /api/checklists/{id}', () => {
  it('renames, reorders, edits, adds and removes tasks, keeping the ticks of the tasks that stay', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner, {
      tasks: [{ description: 'A', photoRequired: true }, { description: 'B' }, { description: 'C' }],
    });
    const [a, b, c] = created.tasks as [Checklist['tasks'][0], Checklist['tasks'][0], Checklist['tasks'][0]];
    await tick(owner, created, 0);
    // A photo as the photo route will store it: every write to a task moves its checklist's revision.
    await t.db.update(tasks).set({ photoUrl: '/photos/a.jpg' }).where(eq(tasks.id, a.id));
    await t.db
      .update(checklists)
      .set({ revision: sql`${checklists.revision} + 1` })
      .where(eq(checklists.id, created.id));
    const ticked = await getChecklist(owner, created.id);

    const response = await owner.call('PUT', `/api/checklists/${created.id}`, {
      name: 'Renamed',
      remarks: 'New remarks',
      version: created.version,
      tasks: [
        { id: c.id, description: 'C edited', details: 'more' },
        { id: 'task_new_from_client', description: 'D' },
        // The client's copy says A is not done and has no photo: ticks go through PATCH, so this is ignored.
        { id: a.id, description: 'A', photoRequired: true, completed: false, photoUrl: null },
      ],
    });
    expect(response.statusCode).toBe(200);
    const saved: Checklist = response.json();
    expect(saved).toMatchObject({ name: 'Renamed', remarks: 'New remarks', version: created.version + 1 });
    expect(saved.tasks.map((task) => task.description)).toEqual(['C edited', 'D', 'A']);
    expect(saved.tasks[0]).toMatchObject({ id: c.id, details: 'more', completed: false });
    expect(saved.tasks[1]?.id).toMatch(/^task_[A-Za-z0-9_-]{22}$/);
    expect(saved.tasks[2]).toEqual(ticked.tasks[0]);
    expect(saved.tasks.map((task) => task.id)).not.toContain(b.id);
    expect(saved).toMatchObject({ status: 'in-progress', progress: 33 });
    expect(await getChecklist(owner, created.id)).toEqual(saved);
    const rows = await t.db.select().from(tasks).where(eq(tasks.checklistId, created.id));
    expect(rows.map((row) => [row.position, row.description]).sort()).toEqual([
      [0, 'C edited'],
      [1, 'D'],
      [2, 'A'],
    ]);
  });

  it('answers 409 version_conflict with the current checklist to a stale version, and changes nothing', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner);
    const first = await owner.call('PUT', `/api/checklists/${created.id}`, asEdit(created, { name: 'Mine' }));
    expect(first.statusCode).toBe(200);
    const current: Checklist = first.json();

    const stale = await owner.call(
      'PUT',
      `/api/checklists/${created.id}`,
      asEdit(created, { name: 'Theirs' }),
    );
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toEqual({
      code: 'version_conflict',
      message: CHECKLIST_MESSAGES.versionConflict,
      checklist: current,
    });
    expect(await getChecklist(owner, created.id)).toEqual(current);
  });

  it('requires the version the edit started from', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner);
    const { version: _version, ...body } = asEdit(created);
    const response = await owner.call('PUT', `/api/checklists/${created.id}`, body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'validation_failed',
      message: 'Send the version of the checklist you edited',
    });
  });

  it('a task id of checklist A sent in a PUT of checklist B makes a new task in B and leaves A alone', async () => {
    const owner = await signInOwner(t.app);
    const a = await createChecklist(owner, { name: 'A', tasks: [{ description: 'A1' }] });
    await tick(owner, a, 0);
    const aBefore = await getChecklist(owner, a.id);
    const b = await createChecklist(owner, { name: 'B', tasks: [{ description: 'B1' }] });
    const foreignId = aBefore.tasks[0]?.id as string;

    const response = await owner.call(
      'PUT',
      `/api/checklists/${b.id}`,
      asEdit(b, {
        tasks: [...asEdit(b).tasks, { id: foreignId, description: 'Hijack', photoRequired: true }],
      }),
    );
    expect(response.statusCode).toBe(200);
    const saved: Checklist = response.json();
    expect(saved.tasks).toHaveLength(2);
    expect(saved.tasks[1]).toMatchObject({ description: 'Hijack', completed: false });
    expect(saved.tasks[1]?.id).not.toBe(foreignId);
    expect(await getChecklist(owner, a.id)).toEqual(aBefore);
  });

  it('a task id sent twice is kept once; the repeat is a new task', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner, { tasks: [{ description: 'Only' }] });
    const id = created.tasks[0]?.id;
    const response = await owner.call(
      'PUT',
      `/api/checklists/${created.id}`,
      asEdit(created, {
        tasks: [
          { id, description: 'Only' },
          { id, description: 'Copy' },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    const ids = (response.json() as Checklist).tasks.map((task) => task.id);
    expect(ids[0]).toBe(id);
    expect(ids[1]).not.toBe(id);
  });

  it('answers 404 for a checklist that does not exist', async () => {
    const owner = await signInOwner(t.app);
    const response = await owner.call('PUT', '/api/checklists/checklist_nope', { ...draft(), version: 1 });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
  });
});

describe('DELETE /api/checklists/{id}', () => {
  it('deletes the checklist and its tasks; a second delete answers 404', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner);
    const response = await owner.call('DELETE', `/api/checklists/${created.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await owner.call('GET', `/api/checklists/${created.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(tasks).where(eq(tasks.checklistId, created.id))).toEqual([]);
    expect((await owner.call('DELETE', `/api/checklists/${created.id}`)).statusCode).toBe(404);
  });
});
