import { useState } from 'react';
import { useOfflineQueue } from '../../hooks/use-offline-queue.tsx';
import { usePlanLimit } from '../../hooks/use-plan-limit.ts';
import type { HeldOp } from '../../sync/index.ts';
import { useChecklistDelete } from './use-checklist-delete.ts';
import { useChecklistEditor } from './use-checklist-editor.ts';
import { useEditorSave } from './use-editor-save.ts';

/** The dashboard's state and what its buttons do: the inline editor, the plan limit, delete, share. */
export function useDashboardActions() {
  const planLimit = usePlanLimit();
  const queue = useOfflineQueue();
  const { editor, setEditor, openingId, startCreate, startEdit, review } = useChecklistEditor(planLimit);
  const save = useEditorSave(editor, setEditor, planLimit);
  const deletion = useChecklistDelete();
  /** The checklist of the share dialog; kept after closing so the dialog does not change as it fades out. */
  const [sharing, setSharing] = useState<{ id: string; name: string; open: boolean } | null>(null);

  return {
    editor,
    openingId,
    deleting: deletion.deleting,
    deletePending: deletion.deletePending,
    sharing,
    startCreate,
    startEdit,
    closeEditor: () => setEditor({ mode: 'closed' }),
    save,
    review: (held: HeldOp) => void review(held),
    /** The person let a kept save go (discarded it, or kept the latest version instead). */
    release: (key: string) => queue.release(key),
    askDelete: deletion.askDelete,
    cancelDelete: deletion.cancelDelete,
    confirmDelete: deletion.confirmDelete,
    share: ({ id, name }: { id: string; name: string }) => setSharing({ id, name, open: true }),
    closeShare: () => setSharing((current) => current && { ...current, open: false }),
  };
}
