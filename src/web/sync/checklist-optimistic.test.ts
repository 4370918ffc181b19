import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { aChecklist } from '#tests/support/checklist-fixtures';
import { withTaskCompleted, withTaskFromServer } from './checklist-optimistic.ts';

function checklist(completed: boolean[], submittedAt: string | null = null): Checklist {
  return aChecklist({
    name: 'Turnover',
    tasks: completed.map((done, index) => ({
      id: `task_${index}`,
      description: `Task ${index}`,
      completed: done,
      photoRequired: false,
      photoUrl: null,
      referencePhotoUrl: null,
      details: '',
      completedAt: done ? '2026-01-01T00:00:00.000Z' : null,
      redoNote: null,
      photoCapturedAt: null,
      photoReceivedAt: null,
      photoCaptureSource: null,
      photoLocation: null,
    })),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    submittedAt,
  });
}

describe('withTaskCompleted', () => {
  it('ticks one task and recomputes status and progress', () => {
    const next = withTaskCompleted(checklist([false, false, false]), 'task_1', true);
    expect(next.tasks.map((task) => task.completed)).toEqual([false, true, false]);
    expect(next.tasks[1]?.completedAt).not.toBeNull();
    expect(next).toMatchObject({ status: 'in-progress', progress: 33 });
  });

  it('is completed at 100 once every task is ticked; unticking makes it in progress again', () => {
    const done = withTaskCompleted(checklist([true, false]), 'task_1', true);
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    expect(withTaskCompleted(done, 'task_0', false)).toMatchObject({ status: 'in-progress', progress: 50 });
  });

  it('keeps a submitted checklist completed when another task is ticked, and reopens it on an untick', () => {
    const submitted = { ...checklist([true, false]), status: 'completed' as const, progress: 100 };
    const stamped = { ...submitted, submittedAt: '2026-01-02T00:00:00.000Z' };
    expect(withTaskCompleted(stamped, 'task_1', true)).toMatchObject({
      status: 'completed',
      progress: 100,
      submittedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(withTaskCompleted(stamped, 'task_0', false)).toMatchObject({
      status: 'not-started',
      progress: 0,
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
    });
  });
});

describe('withTaskFromServer', () => {
  it('puts in the task the upload answered and recomputes status and progress', () => {
    const before = checklist([true, false]);
    const answered = {
      ...before.tasks[1],
      completed: true,
      photoUrl: '/api/photos/photo_1',
    } as Checklist['tasks'][number];
    const next = withTaskFromServer(before, answered);
    expect(next.tasks[1]).toMatchObject({ completed: true, photoUrl: '/api/photos/photo_1' });
    expect(next.tasks[0]).toBe(before.tasks[0]);
    expect(next).toMatchObject({ status: 'completed', progress: 100 });
  });

  it('keeps a submitted checklist submitted', () => {
    const before = checklist([true, true], '2026-01-02T00:00:00.000Z');
    const next = withTaskFromServer(before, {
      ...(before.tasks[0] as Checklist['tasks'][number]),
      photoUrl: '/api/photos/p',
    });
    expect(next).toMatchObject({
      status: 'completed',
      progress: 100,
      submittedAt: '2026-01-02T00:00:00.000Z',
    });
  });
});
