import { describe, expect, it } from 'vitest';
import { type Checklist, summarizeChecklist } from '#domain/checklist';
import { newChecklistId, type QueuedOp } from './operations.ts';
import { overlayPending, overlayPendingList, pendingCreatedChecklist } from './pending-overlay.ts';

const task = (id: string, completed = false) => ({
  id,
  description: id,
  completed,
  photoRequired: false,
  photoUrl: null,
  referencePhotoUrl: null,
  details: '',
  completedAt: completed ? '2026-01-01T00:00:00.000Z' : null,
  redoNote: null,
  photoCapturedAt: null,
  photoReceivedAt: null,
  photoCaptureSource: null,
  photoLocation: null,
});
const SERVER: Checklist = {
  id: 'c1',
  name: 'Flat 3',
  status: 'not-started',
  progress: 0,
  tasks: [task('a'), task('b')],
  remarks: 'server text',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  userId: 'u1',
  createdBy: null,
  assignee: null,
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
};
let seq = 0;
const op = (input: Partial<QueuedOp> & Pick<QueuedOp, 'kind'>): QueuedOp =>
  ({
    key: `k${++seq}`,
    checklistId: 'c1',
    context: { kind: 'owner' },
    changedAt: '2026-11-23T10:00:00.000Z',
    seq,
    ...input,
  }) as QueuedOp;

describe('pending changes over the server copy', () => {
  it('shows pending ticks and remarks, with progress, and marks what is pending', () => {
    const view = overlayPending(SERVER, [
      op({ kind: 'toggle', taskId: 'a', completed: true }),
      op({ kind: 'remarks', remarks: 'typed offline' }),
      op({ kind: 'toggle', taskId: 'b', completed: true, checklistId: 'other' } as QueuedOp),
    ]);
    expect(view.checklist.tasks.map((t) => t.completed)).toEqual([true, false]);
    expect(view.checklist).toMatchObject({ remarks: 'typed offline', progress: 50, status: 'in-progress' });
    expect([...view.pendingTaskIds]).toEqual(['a']);
    expect(view.remarksPending).toBe(true);
  });

  it('a newer server copy (a realtime update) does not hide what is still pending', () => {
    const pending = [op({ kind: 'toggle', taskId: 'a', completed: true })];
    const update = { ...SERVER, tasks: [task('a'), task('b', true)], remarks: 'someone else' };
    const view = overlayPending(update, pending);
    expect(view.checklist.tasks.map((t) => t.completed)).toEqual([true, true]);
    expect(view.checklist.remarks).toBe('someone else');
  });

  it('a pending photo ticks its task; a pending submit completes the checklist', () => {
    const view = overlayPending(SERVER, [
      op({ kind: 'photo', taskId: 'a', fileName: 'a.jpg', fileType: 'image/jpeg' } as QueuedOp),
      op({ kind: 'submit', remarks: 'all done' }),
    ]);
    expect(view.pendingPhotos.get('a')).toBeDefined();
    expect(view.checklist).toMatchObject({ status: 'completed', progress: 100, remarks: 'all done' });
    expect(view.submitPending).toBe(true);
  });

  it('nothing pending: the server copy itself', () => {
    expect(overlayPending(SERVER, []).checklist).toBe(SERVER);
  });
});

const edit = (
  name: string,
  tasks: { id?: string; description: string; photoRequired?: boolean }[],
  extra = {},
) => op({ kind: 'edit', body: { name, tasks }, version: SERVER.version, ...extra } as QueuedOp);

describe("the owner's edit kept on this device", () => {
  it('renames, reorders, rewords and adds tasks; matched tasks keep their ticks; added ones wait for an id', () => {
    const ticked = { ...SERVER, tasks: [task('a', true), task('b')] };
    const view = overlayPending(ticked, [
      edit('Flat 3 – deep clean', [
        { id: 'b', description: 'b, and under the bed' },
        { id: 'a', description: 'a' },
        { id: 'task_17', description: 'Descale the kettle', photoRequired: true },
      ]),
    ]);
    expect(view.checklist.name).toBe('Flat 3 – deep clean');
    expect(view.checklist.tasks.map((t) => [t.id, t.description, t.completed])).toEqual([
      ['b', 'b, and under the bed', false],
      ['a', 'a', true],
      ['task_17', 'Descale the kettle', false],
    ]);
    expect(view.checklist.tasks[2]).toMatchObject({ photoRequired: true, photoUrl: null, details: '' });
    expect([...view.draftTaskIds]).toEqual(['task_17']);
    expect(view.editPending).toBe(true);
    expect(view.checklist).toMatchObject({ progress: 33, status: 'in-progress' });
  });

  it('removing a task drops it; changing the work reopens a submitted checklist, renaming alone does not', () => {
    const submitted = {
      ...SERVER,
      tasks: [task('a', true), task('b', true)],
      submittedAt: '2026-11-20T09:00:00.000Z',
    };
    const renamed = overlayPending(submitted, [
      edit('New name', [
        { id: 'a', description: 'a' },
        { id: 'b', description: 'b' },
      ]),
    ]);
    expect(renamed.checklist.submittedAt).toBe(submitted.submittedAt);
    const removed = overlayPending(submitted, [edit('New name', [{ id: 'a', description: 'a' }])]);
    expect(removed.checklist.tasks.map((t) => t.id)).toEqual(['a']);
    expect(removed.checklist.submittedAt).toBeNull();
  });

  it('a tick queued for a task the edit removed shows nothing', () => {
    const view = overlayPending(SERVER, [
      edit('x', [{ id: 'a', description: 'a' }]),
      op({ kind: 'toggle', taskId: 'b', completed: true }),
    ]);
    expect(view.checklist.tasks.map((t) => t.id)).toEqual(['a']);
    expect(view.pendingTaskIds.size).toBe(0);
  });

  it('a pending delete is said', () => {
    expect(overlayPending(SERVER, [op({ kind: 'delete' })]).deletePending).toBe(true);
  });

  it('carries the due time an edit set or cleared offline; a body from before due dates keeps it', () => {
    const due = '2026-12-02T15:00:00.000Z';
    const dueEdit = (dueAt: string | null | undefined) => {
      const body = { name: 'Flat 3', tasks: SERVER.tasks, ...(dueAt === undefined ? {} : { dueAt }) };
      return op({ kind: 'edit', body, version: 1, userId: 'u1' });
    };
    expect(overlayPending(SERVER, [dueEdit(due)]).checklist.dueAt).toBe(due);
    const marked = { ...SERVER, dueAt: due, overdue: true };
    expect(overlayPending(marked, [dueEdit(null)]).checklist).toMatchObject({ dueAt: null, overdue: false });
    expect(overlayPending(marked, [dueEdit(undefined)]).checklist).toMatchObject({
      dueAt: due,
      overdue: true,
    });
    const created = op({
      kind: 'create',
      checklistId: newChecklistId('k-due'),
      body: { name: 'New', tasks: [{ description: 'x' }], dueAt: due },
      userId: 'u1',
    } as QueuedOp);
    expect(pendingCreatedChecklist([created], created.checklistId)?.dueAt).toBe(due);
  });
});

describe("the owner's list with what is pending", () => {
  const other = {
    ...summarizeChecklist({ ...SERVER, id: 'c2', name: 'Cabin' }),
    taskCount: 4,
    completedCount: 1,
  };
  const rows = [summarizeChecklist(SERVER), other];
  const created = op({
    kind: 'create',
    key: 'kc',
    checklistId: newChecklistId('kc'),
    body: { name: 'Made offline', tasks: [{ id: 'task_1', description: 'Sweep' }] },
    userId: 'u1',
    changedAt: '2026-11-23T09:00:00.000Z',
  } as QueuedOp);

  it('nothing pending: the server rows, none marked', () => {
    expect(overlayPendingList(rows, [], () => undefined, 'u1')).toEqual(
      rows.map((summary) => ({ summary, pending: null })),
    );
  });

  it('created here: first, marked, with its stand-in id; deleted: gone; edited: renamed and recounted', () => {
    const list = overlayPendingList(
      rows,
      [
        created,
        edit('Flat 3 (edited)', [
          { id: 'a', description: 'a' },
          { id: 'new', description: 'c' },
          { id: 'b', description: 'b' },
        ]),
        op({ kind: 'delete', checklistId: 'c2' }),
      ],
      (id) => (id === 'c1' ? { ...SERVER, tasks: [task('a', true), task('b')] } : undefined),
      'u1',
    );
    expect(list.map((row) => [row.summary.id, row.summary.name, row.pending])).toEqual([
      [newChecklistId('kc'), 'Made offline', 'create'],
      ['c1', 'Flat 3 (edited)', 'change'],
    ]);
    expect(list[0]?.summary).toMatchObject({
      taskCount: 1,
      status: 'not-started',
      createdAt: '2026-11-23T09:00:00.000Z',
    });
    expect(list[0]?.key).toBe('kc');
    expect(list[1]?.summary).toMatchObject({
      taskCount: 3,
      completedCount: 1,
      progress: 33,
      status: 'in-progress',
    });
  });

  it('without the checklist on this device, an edit still shows its name and its number of tasks', () => {
    const list = overlayPendingList(
      rows,
      [
        edit(
          'Renamed',
          [
            { id: 'a', description: 'a' },
            { id: 'b', description: 'b' },
            { id: 'c', description: 'c' },
          ],
          { checklistId: 'c2' },
        ),
      ],
      () => undefined,
      'u1',
    );
    expect(list[1]?.summary).toMatchObject({ id: 'c2', name: 'Renamed', taskCount: 3, completedCount: 1 });
    expect(list[1]?.pending).toBe('change');
  });

  it('a checklist another account created on this device is not shown', () => {
    expect(overlayPendingList(rows, [created], () => undefined, 'someone-else')).toHaveLength(2);
    expect(overlayPendingList(rows, [created], () => undefined, 'u1')).toHaveLength(3);
  });

  it('a checklist created here and edited since opens in the editor as last edited', () => {
    const ops = [
      created,
      edit(
        'Made offline, then renamed',
        [
          { id: 'task_1', description: 'Sweep' },
          { id: 'task_2', description: 'Mop' },
        ],
        { checklistId: newChecklistId('kc'), version: 0 },
      ),
    ];
    expect(pendingCreatedChecklist(ops, newChecklistId('kc'))).toMatchObject({
      name: 'Made offline, then renamed',
      version: 0,
      tasks: [
        { id: 'task_1', completed: false },
        { id: 'task_2', completed: false },
      ],
    });
    expect(overlayPendingList([], ops, () => undefined, 'u1').map((row) => row.summary.name)).toEqual([
      'Made offline, then renamed',
    ]);
    expect(pendingCreatedChecklist(ops, 'c1')).toBeUndefined();
  });
});
