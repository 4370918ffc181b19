import type { ReactNode } from 'react';
import type { Task } from '#domain/checklist';
import { useT } from '../../i18n/i18n.tsx';
import { HydrateLater } from '../../lib/hydration-pieces.tsx';
import type { PendingView } from '../../sync/index.ts';
import { TaskItem } from './task-item.tsx';

/** The checklist's tasks, each marked while a change to it (or the task itself) is on this device only. */
export function TaskList({
  tasks,
  view,
  onToggle,
  onOpenPhoto,
  onOpenReference,
  taskExtra,
}: {
  tasks: readonly Task[];
  view: PendingView;
  onToggle(task: Task): void;
  onOpenPhoto(task: Task, aspectRatio: number | null): void;
  onOpenReference(task: Task): void;
  /** What the owner's page shows under each task (its photo's evidence). */
  taskExtra?: ((task: Task) => ReactNode) | undefined;
}) {
  const t = useT();
  const { pendingTaskIds, pendingPhotos, draftTaskIds } = view;
  // A prerendered page hydrates the tasks in a task of their own, after the page's frame
  // (lib/hydration-pieces.tsx): one piece, as a piece per task cost more than each task's own work.
  return (
    <HydrateLater>
      <section className="mt-6" aria-labelledby="tasks-heading">
        <h2 id="tasks-heading" className="sr-only">
          {t('checklist.tasks')}
        </h2>
        {tasks.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500">
            {t('checklist.noTasks')}
          </p>
        ) : (
          <ul aria-labelledby="tasks-heading" className="space-y-2">
            {tasks.map((task) => (
              <TaskItem
                key={task.id}
                task={task}
                pending={pendingTaskIds.has(task.id) || draftTaskIds.has(task.id)}
                draft={draftTaskIds.has(task.id)}
                pendingPhotoKey={pendingPhotos.get(task.id)}
                onToggle={onToggle}
                onOpenPhoto={onOpenPhoto}
                onOpenReference={onOpenReference}
                extra={taskExtra?.(task)}
              />
            ))}
          </ul>
        )}
      </section>
    </HydrateLater>
  );
}
