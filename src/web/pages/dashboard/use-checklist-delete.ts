import { useState } from 'react';
import type { ChecklistSummary } from '#domain/checklist';
import { useOfflineQueue } from '../../hooks/use-offline-queue.tsx';
import { useToast } from '../../hooks/use-toast.ts';
import type { OpContext, OpOutcome } from '../../sync/index.ts';

export const DELETE_MESSAGES = {
  deleted: 'Checklist deleted successfully',
  failed: 'Failed to delete checklist. Please try again.',
  queuedTitle: 'Deleted on this device',
  queued: "The checklist will be deleted on the server when you're back online.",
} as const;

const OWNER: OpContext = { kind: 'owner' };

/** Deleting a checklist from the dashboard: asked first, then sent through the offline queue. */
export function useChecklistDelete() {
  const { toast } = useToast();
  const queue = useOfflineQueue();
  const [deleting, setDeleting] = useState<ChecklistSummary | null>(null);
  const [deletePending, setDeletePending] = useState(false);

  /** A checklist made on this device and never sent is simply taken back; anything else is queued. */
  function sendDelete(target: ChecklistSummary): Promise<OpOutcome> {
    const created = queue.getState().ops.find((op) => op.kind === 'create' && op.checklistId === target.id);
    if (created && queue.discard(created.key)) return Promise.resolve({ status: 'applied', result: null });
    return queue.enqueue(target.id, OWNER, { kind: 'delete' });
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeletePending(true);
    try {
      const outcome = await sendDelete(deleting);
      if (outcome.status === 'rejected') throw outcome.error;
      if (outcome.status === 'applied') toast({ title: 'Success', description: DELETE_MESSAGES.deleted });
      else toast({ title: DELETE_MESSAGES.queuedTitle, description: DELETE_MESSAGES.queued });
    } catch (error) {
      console.warn('Deleting the checklist failed', error);
      toast({ title: 'Error', description: DELETE_MESSAGES.failed, variant: 'destructive' });
    } finally {
      setDeletePending(false);
      setDeleting(null);
    }
  }

  return {
    deleting,
    deletePending,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
  };
}
