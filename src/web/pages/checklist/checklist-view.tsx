import { CheckCircle2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { CHECKLIST_MESSAGES, type Checklist, type Task, tasksMissingPhotos } from '#domain/checklist';
import { PhotoDialog } from '../../components/photo-dialog.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import {
  type ChecklistCache,
  useSubmitChecklist,
  useToggleTask,
  useUploadTaskPhoto,
} from '../../hooks/use-checklist-actions.ts';
import { useRemarksAutosave } from '../../hooks/use-remarks-autosave.ts';
import { isApiError } from '../../lib/api.ts';
import { ChecklistHeader } from './checklist-header.tsx';
import { RemarksField } from './remarks-field.tsx';
import { SubmitBar } from './submit-bar.tsx';
import { TaskItem } from './task-item.tsx';

export const DETAIL_MESSAGES = {
  taskFailed: 'Failed to update task. Please try again.',
  submitted: 'Checklist completed and submitted successfully!',
  submitFailed: 'Failed to submit checklist. Please try again.',
} as const;

function missingPhotosText(tasks: readonly Task[]): string {
  const names = tasks.map((task) => `“${task.description}”`).join(', ');
  return `These completed tasks need a photo before the checklist can be submitted: ${names}.`;
}

/**
 * The loaded checklist: header, tasks, notes, the submit button and its dialogs. The owner's page and a
 * recipient's shared page both show it; `cache` says where the checklist is cached (and so where the
 * actions' answers go), `byline` what the header says under the name.
 */
export function ChecklistView({
  checklist,
  cache,
  byline,
}: {
  checklist: Checklist;
  cache: ChecklistCache;
  byline?: ReactNode;
}) {
  const { toast } = useToast();
  const [photoTaskId, setPhotoTaskId] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const remarks = useRemarksAutosave(cache, checklist.remarks);
  const submit = useSubmitChecklist(cache);
  const upload = useUploadTaskPhoto(cache);
  const toggle = useToggleTask(cache, (error) => {
    console.warn('Updating the task failed', error);
    toast({ title: 'Error', description: DETAIL_MESSAGES.taskFailed, variant: 'destructive' });
  });
  const photoTask = checklist.tasks.find((task) => task.id === photoTaskId) ?? null;

  function onToggle(task: Task) {
    // Ticking a task that needs a photo and has none asks for the photo first; unticking never does.
    if (!task.completed && task.photoRequired && !task.photoUrl) {
      setPhotoTaskId(task.id);
      return;
    }
    toggle.mutate({ taskId: task.id, completed: !task.completed });
  }

  function showMissingPhotos(tasks: readonly Task[]) {
    toast({
      title: CHECKLIST_MESSAGES.missingPhotos,
      description: missingPhotosText(tasks),
      variant: 'destructive',
    });
  }

  function requestSubmit() {
    const missing = tasksMissingPhotos(checklist.tasks);
    if (missing.length > 0) {
      showMissingPhotos(missing);
      return;
    }
    if (checklist.tasks.some((task) => !task.completed)) {
      setConfirmOpen(true);
      return;
    }
    void send();
  }

  async function send() {
    const text = remarks.value;
    try {
      await submit.mutateAsync(text);
      remarks.markSaved(text);
      toast({ title: 'Success', description: DETAIL_MESSAGES.submitted });
    } catch (error) {
      if (isApiError(error) && error.code === 'missing_photos') {
        const ids = (error.body as { error?: { taskIds?: unknown } }).error?.taskIds;
        const tasks = Array.isArray(ids) ? checklist.tasks.filter((task) => ids.includes(task.id)) : [];
        showMissingPhotos(tasks.length > 0 ? tasks : tasksMissingPhotos(checklist.tasks));
      } else {
        console.warn('Submitting the checklist failed', error);
        toast({ title: 'Error', description: DETAIL_MESSAGES.submitFailed, variant: 'destructive' });
      }
    } finally {
      setConfirmOpen(false);
    }
  }

  // Hidden once submitted: a checklist whose tasks are all ticked is exactly the one to submit.
  const submitted = checklist.submittedAt !== null;
  return (
    <>
      <ChecklistHeader checklist={checklist} byline={byline} />

      {submitted && (
        <p
          className="mt-4 flex items-center gap-2 rounded-xl border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
          data-testid="submitted-note"
        >
          <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" />
          This checklist has been submitted as completed.
        </p>
      )}

      <section className="mt-6" aria-labelledby="tasks-heading">
        <h2 id="tasks-heading" className="sr-only">
          Tasks
        </h2>
        {checklist.tasks.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500">
            This checklist has no tasks yet.
          </p>
        ) : (
          <ul aria-labelledby="tasks-heading" className="space-y-2">
            {checklist.tasks.map((task) => (
              <TaskItem key={task.id} task={task} onToggle={onToggle} />
            ))}
          </ul>
        )}
      </section>

      <RemarksField
        value={remarks.value}
        onChange={remarks.setValue}
        state={remarks.state}
        onRetry={remarks.retry}
        onBlur={remarks.flush}
      />

      {!submitted && <SubmitBar onSubmit={requestSubmit} submitting={submit.isPending} />}

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Incomplete Checklist"
        description="Not all tasks are checked as complete. Do you still want to submit this checklist?"
        confirmLabel="Submit Anyway"
        pending={submit.isPending}
        onConfirm={() => void send()}
      />

      {photoTask && (
        <PhotoDialog
          key={photoTask.id}
          open
          onOpenChange={(open) => !open && setPhotoTaskId(null)}
          taskDescription={photoTask.description}
          upload={async (file) => {
            const task = await upload.mutateAsync({ taskId: photoTask.id, file });
            // Saving the photo ticks the task (spec section 4), if the upload did not already.
            if (!task.completed) toggle.mutate({ taskId: task.id, completed: true });
          }}
        />
      )}
    </>
  );
}
