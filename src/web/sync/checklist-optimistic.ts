import { type Checklist, computeProgress, type Task } from '#domain/checklist';

/**
 * The checklist as it will be once a tick (or untick) is saved, for the optimistic update: status
 * and progress follow the spec's rule; unticking a task of a submitted checklist reopens it, as the
 * server does. The server's answer replaces this as soon as it arrives.
 */
export function withTaskCompleted(checklist: Checklist, taskId: string, completed: boolean): Checklist {
  const tasks = checklist.tasks.map((task) =>
    task.id === taskId
      ? { ...task, completed, completedAt: completed ? (task.completedAt ?? new Date().toISOString()) : null }
      : task,
  );
  const submitted = checklist.submittedAt !== null && completed;
  return {
    ...checklist,
    tasks,
    ...computeProgress(tasks, submitted),
    submittedAt: submitted ? checklist.submittedAt : null,
  };
}

/**
 * The checklist with one task as the server answered it (after a photo upload, which completes the
 * task): status and progress follow; a submitted checklist stays submitted.
 */
export function withTaskFromServer(checklist: Checklist, task: Task): Checklist {
  const tasks = checklist.tasks.map((item) => (item.id === task.id ? { ...item, ...task } : item));
  return { ...checklist, tasks, ...computeProgress(tasks, checklist.submittedAt !== null) };
}
