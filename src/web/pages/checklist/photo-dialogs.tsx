import type { ChecklistChanges } from '../../hooks/use-checklist-changes.ts';
import { LazyPhotoDialog, LazyPhotoViewer, LazyReferenceViewer } from './lazy-photo.tsx';
import type { PhotoDialogs } from './use-photo-dialogs.ts';

/**
 * Where focus goes when a photo's dialog closes and what opened it is gone: the thumbnail (or, for the
 * reference viewer, the reference chip), else the box.
 */
function taskFocusTarget(taskId: string, opener = 'photo-thumbnail'): HTMLElement | null {
  const item = [...document.querySelectorAll<HTMLElement>('[data-task-id]')].find(
    (element) => element.dataset.taskId === taskId,
  );
  return item?.querySelector<HTMLElement>(`[data-testid="${opener}"], input[type="checkbox"]`) ?? null;
}

interface DialogProps {
  dialogs: PhotoDialogs;
  changes: ChecklistChanges;
}

/** The photo dialog, open for a task: to tick one that needs a photo, or to replace its photo. */
export function TaskPhotoDialog({ dialogs, changes }: DialogProps) {
  const { photoTask, photoFor, setPhotoFor, onChunkFailed } = dialogs;
  if (!(photoTask && photoFor)) return null;
  return (
    <LazyPhotoDialog
      key={`${photoTask.id}:${photoFor.purpose}`}
      open
      onOpenChange={(open) => !open && setPhotoFor(null)}
      onLoadFailed={onChunkFailed}
      taskDescription={photoTask.description}
      purpose={photoFor.purpose}
      audience={changes.audience}
      referencePhotoUrl={photoTask.referencePhotoUrl}
      returnFocusTo={() => taskFocusTarget(photoTask.id)}
      // Saving the photo ticks the task (spec section 4): the server does it with the upload.
      upload={(file, options) => changes.uploadPhoto(photoTask.id, file, options)}
    />
  );
}

/** The owner's reference photo of a task, full size. */
export function TaskReferenceViewer({ dialogs }: Pick<DialogProps, 'dialogs'>) {
  const { referenceTask, setReferenceFor, onChunkFailed } = dialogs;
  if (!referenceTask?.referencePhotoUrl) return null;
  return (
    <LazyReferenceViewer
      key={referenceTask.referencePhotoUrl}
      open
      onOpenChange={(open) => !open && setReferenceFor(null)}
      onLoadFailed={onChunkFailed}
      taskDescription={referenceTask.description}
      referencePhotoUrl={referenceTask.referencePhotoUrl}
      returnFocusTo={() => taskFocusTarget(referenceTask.id, 'reference-photo')}
    />
  );
}

/** A task's proof photo, full size, with Replace and Remove. */
export function TaskPhotoViewer({ dialogs, changes }: DialogProps) {
  const { viewerTask, viewer, setViewer, setPhotoFor, onChunkFailed } = dialogs;
  if (!viewerTask) return null;
  return (
    <LazyPhotoViewer
      key={viewerTask.photoUrl}
      open
      onOpenChange={(open) => !open && setViewer(null)}
      onLoadFailed={onChunkFailed}
      task={viewerTask}
      aspectRatio={viewer?.aspectRatio ?? null}
      returnFocusTo={() => taskFocusTarget(viewerTask.id)}
      onReplace={() => {
        setViewer(null);
        setPhotoFor({ taskId: viewerTask.id, purpose: 'replace' });
      }}
      remove={() => changes.removePhoto(viewerTask.id)}
    />
  );
}
