import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import type { Checklist, Task } from '#domain/checklist';
import { useToast } from '../../hooks/use-toast.ts';
import { ChunkBoundary, lazyChunk } from '../../lib/lazy-chunk.tsx';
import { removeReferencePhoto, uploadReferencePhoto } from '../../lib/reference-photos.ts';
import type { UploadOptions } from '../../lib/upload-request.ts';
import { isNewChecklistId, ownerChecklistSlot, withTaskFromServer } from '../../sync/index.ts';
import type { PhotoDialogProps } from '../photo-dialog.tsx';
import { ConfirmDialog } from '../ui/dialog.tsx';

/** The photo dialog's own chunk (the checklist page fetches the same one). */
const photoDialog = lazyChunk<PhotoDialogProps>(() => import('../photo-dialog.tsx').then((m) => m.default));

export const REFERENCE_MESSAGES = {
  removeTitle: 'Remove reference photo?',
  removeText: (task: string) =>
    `Recipients will no longer see the example of what good looks like for “${task}”.`,
  remove: 'Remove',
  removed: 'Reference photo removed',
  removeFailed: 'Failed to remove the reference photo. Please try again.',
  dialogFailed: 'The photo dialog could not be loaded. Check your connection and try again.',
} as const;

interface Target {
  taskId: string;
  description: string;
}

/** The photo dialog for the task whose reference photo is being set, and the question before one goes. */
function ReferencePhotoDialogs({
  checklistId,
  editing,
  removing,
  pending,
  upload,
  onEditClosed,
  onDialogFailed,
  onRemoveClosed,
  onConfirmRemove,
}: {
  /** The checklist being edited (null: a new one, whose tasks can have none yet). */
  checklistId: string | null;
  /** The task whose reference photo is being set. */
  editing: Target | null;
  removing: Target | null;
  pending: boolean;
  upload(checklistId: string, target: Target, file: File, options: UploadOptions): Promise<'applied'>;
  onEditClosed(): void;
  onDialogFailed(error: unknown): void;
  onRemoveClosed(): void;
  onConfirmRemove(): void;
}) {
  const Dialog = photoDialog.Component;
  return (
    <>
      {checklistId && editing && (
        <ChunkBoundary chunk={photoDialog} fallback={null} onLoadFailed={onDialogFailed}>
          <Dialog
            key={editing.taskId}
            open
            onOpenChange={(open) => !open && onEditClosed()}
            taskDescription={editing.description}
            purpose="reference"
            upload={(file, options) => upload(checklistId, editing, file, options)}
          />
        </ChunkBoundary>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && onRemoveClosed()}
        title={REFERENCE_MESSAGES.removeTitle}
        description={REFERENCE_MESSAGES.removeText(removing?.description ?? '')}
        confirmLabel={REFERENCE_MESSAGES.remove}
        destructive
        pending={pending}
        onConfirm={() => onConfirmRemove()}
      />
    </>
  );
}

/**
 * The editor's reference photos (docs/decisions/0026): set, replace or remove one per task, sent to the
 * server at once (never queued; offline, the dialog says it needs the connection). Only tasks the
 * server has can have one: a task added in this edit gets it once the checklist is saved. Each answer
 * goes to the form (`onChanged`) and to the cached checklist, so the checklist page shows it too.
 */
export function useReferencePhotos(
  checklist: Checklist | null,
  onChanged: (task: Task) => void,
): {
  available(taskId: string): boolean;
  edit(target: Target): void;
  remove(target: Target): void;
  dialogs: ReactNode;
} {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [editing, setEditing] = useState<Target | null>(null);
  const [removing, setRemoving] = useState<Target | null>(null);
  const [pending, setPending] = useState(false);
  const saved = useMemo(
    () => new Set(checklist && !isNewChecklistId(checklist.id) ? checklist.tasks.map((task) => task.id) : []),
    [checklist],
  );

  function applied(task: Task) {
    onChanged(task);
    if (checklist) {
      ownerChecklistSlot(checklist.id).write(queryClient, (current) => withTaskFromServer(current, task));
    }
  }

  async function confirmRemove() {
    if (!checklist || !removing) return;
    setPending(true);
    try {
      applied(await removeReferencePhoto(checklist.id, removing.taskId));
      toast({ title: 'Success', description: REFERENCE_MESSAGES.removed });
      setRemoving(null);
    } catch (error) {
      console.warn('Removing the reference photo failed', error);
      toast({ title: 'Error', description: REFERENCE_MESSAGES.removeFailed, variant: 'destructive' });
      setRemoving(null);
    } finally {
      setPending(false);
    }
  }

  const dialogs = (
    <ReferencePhotoDialogs
      checklistId={checklist?.id ?? null}
      editing={editing}
      removing={removing}
      pending={pending}
      upload={async (checklistId, target, file, options) => {
        applied(await uploadReferencePhoto(checklistId, target.taskId, file, options));
        return 'applied';
      }}
      onEditClosed={() => setEditing(null)}
      onDialogFailed={(error) => {
        console.warn('Loading the photo dialog failed', error);
        setEditing(null);
        toast({ title: 'Error', description: REFERENCE_MESSAGES.dialogFailed, variant: 'destructive' });
      }}
      onRemoveClosed={() => setRemoving(null)}
      onConfirmRemove={() => void confirmRemove()}
    />
  );

  return {
    available: (taskId) => saved.has(taskId),
    edit: setEditing,
    remove: setRemoving,
    dialogs,
  };
}
