import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import type { QueuedOp } from './offline-queue.ts';
import { overlayPending } from './pending-overlay.ts';

const task = (id: string, completed = false) => ({
  id,
  description: id,
  completed,
  photoRequired: false,
  photoUrl: null,
  details: '',
  completedAt: completed ? '2026-01-01T00:00:00.000Z' : null,
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
  version: 1,
  submittedAt: null,
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
