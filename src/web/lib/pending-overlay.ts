import { type Checklist, computeProgress } from '#domain/checklist';
import type { QueuedOp } from './offline-queue.ts';

export interface PendingView {
  /** The checklist as the person will see it once everything pending is saved. */
  checklist: Checklist;
  /** Tasks with a change not yet saved on the server. */
  pendingTaskIds: ReadonlySet<string>;
  /** Tasks with a photo waiting on this device: task id -> the operation's key (its photo's id). */
  pendingPhotos: ReadonlyMap<string, string>;
  remarksPending: boolean;
  submitPending: boolean;
}

/**
 * The query cache holds the server's truth (from answers, refetches and realtime updates); what is
 * still in the offline queue is laid over it when rendering, in the order it was made. A server update
 * arriving while changes are pending therefore never hides them, and once they are sent the server's
 * answer simply takes over.
 */
export function overlayPending(server: Checklist, ops: readonly QueuedOp[]): PendingView {
  const mine = ops.filter((op) => op.checklistId === server.id);
  const pendingTaskIds = new Set<string>();
  const pendingPhotos = new Map<string, string>();
  if (mine.length === 0) {
    return { checklist: server, pendingTaskIds, pendingPhotos, remarksPending: false, submitPending: false };
  }
  let tasks = server.tasks;
  let remarks = server.remarks;
  let submittedAt = server.submittedAt;
  let remarksPending = false;
  let submitPending = false;
  const changeTask = (taskId: string, change: (task: Checklist['tasks'][number]) => object) => {
    if (!tasks.some((task) => task.id === taskId)) return; // the task is gone: the server will refuse it
    tasks = tasks.map((task) => (task.id === taskId ? { ...task, ...change(task) } : task));
    pendingTaskIds.add(taskId);
  };
  for (const op of mine) {
    switch (op.kind) {
      case 'toggle':
        changeTask(op.taskId, (task) => ({
          completed: op.completed,
          completedAt: op.completed ? (task.completedAt ?? op.changedAt) : null,
        }));
        if (!op.completed) submittedAt = null; // unticking reopens a submitted checklist, as on the server
        break;
      case 'remove-photo':
        changeTask(op.taskId, () => ({ photoUrl: null }));
        pendingPhotos.delete(op.taskId);
        break;
      case 'photo':
        changeTask(op.taskId, (task) => ({ completed: true, completedAt: task.completedAt ?? op.changedAt }));
        pendingPhotos.set(op.taskId, op.key);
        break;
      case 'remarks':
        remarks = op.remarks;
        remarksPending = true;
        break;
      case 'submit':
        remarks = op.remarks;
        submittedAt = submittedAt ?? op.changedAt;
        submitPending = true;
        break;
    }
  }
  const submitted = submittedAt !== null;
  const checklist: Checklist = {
    ...server,
    tasks,
    remarks,
    submittedAt,
    ...computeProgress(tasks, submitted),
  };
  return { checklist, pendingTaskIds, pendingPhotos, remarksPending, submitPending };
}
