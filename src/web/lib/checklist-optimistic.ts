import { type Checklist, computeProgress } from '#domain/checklist';

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
