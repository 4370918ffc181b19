import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Checklist, ChecklistSummary } from '#domain/checklist';
import type { SaveOutcome } from '../../components/checklist-editor/checklist-editor.tsx';
import { useAuth } from '../../hooks/use-auth.tsx';
import { fetchChecklist } from '../../hooks/use-checklists.ts';
import { useOfflineQueue } from '../../hooks/use-offline-queue.tsx';
import { usePlanLimit } from '../../hooks/use-plan-limit.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { type ApiError, isApiError } from '../../lib/api.ts';
import {
  type ChecklistBody,
  checklistKeys,
  type HeldOp,
  isNewChecklistId,
  newChecklistId,
  type OpContext,
  type OpOutcome,
  overlayPending,
  pendingCreatedChecklist,
  refreshChecklistData,
} from '../../sync/index.ts';

/**
 * The inline editor: closed, creating (maybe from a kept draft), or editing a checklist. `heldKey`: the
 * editor was opened to review a save the server refused later (see HeldOp); saving it lets that go.
 */
export type EditorState =
  | { mode: 'closed' }
  | { mode: 'create'; initial?: ChecklistBody; heldKey?: string }
  | { mode: 'edit'; checklist: Checklist; stash?: ChecklistBody; heldKey?: string };

export const DELETE_MESSAGES = {
  deleted: 'Checklist deleted successfully',
  failed: 'Failed to delete checklist. Please try again.',
  queuedTitle: 'Deleted on this device',
  queued: "The checklist will be deleted on the server when you're back online.",
} as const;
export const LOAD_CHECKLIST_FAILED = 'Failed to load checklist details. Please try again.';
export const NOT_ON_DEVICE =
  "This checklist isn't saved on this device yet: open it once while online to edit it offline.";

const OWNER: OpContext = { kind: 'owner' };

function errorExtra(error: ApiError, key: string): unknown {
  const body = error.body as { error?: Record<string, unknown> } | null;
  return body?.error?.[key];
}

function isChecklist(value: unknown): value is Checklist {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Checklist).id === 'string' &&
    Array.isArray((value as Checklist).tasks) &&
    typeof (value as Checklist).version === 'number'
  );
}

/** The dashboard's state and what its buttons do: the inline editor, the plan limit, delete, share. */
export function useDashboardActions() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const planLimit = usePlanLimit();
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const queue = useOfflineQueue();

  const [editor, setEditor] = useState<EditorState>({ mode: 'closed' });
  const [openingId, setOpeningId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ChecklistSummary | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  /** The checklist of the share dialog; kept after closing so the dialog does not change as it fades out. */
  const [sharing, setSharing] = useState<{ id: string; name: string; open: boolean } | null>(null);

  /** The plan limit is checked first (spec section 5); a count that says "full" is confirmed with the server. */
  async function startCreate() {
    if (await planLimit.hasRoom()) setEditor({ mode: 'create' });
  }

  /** What is still pending on this device for a checklist, laid over it: the editor starts from there. */
  const withPending = (checklist: Checklist) => overlayPending(checklist, queue.getState().ops).checklist;

  /**
   * The row has no tasks; the editor gets the whole, current checklist (a snapshot the form edits), with
   * what is pending on this device laid over it. Offline, the copy kept on this device.
   */
  async function loadForEditor(summary: Pick<ChecklistSummary, 'id'>): Promise<Checklist | null> {
    if (isNewChecklistId(summary.id))
      return pendingCreatedChecklist(queue.getState().ops, summary.id) ?? null;
    const key = checklistKeys.detail(summary.id);
    const kept = queryClient.getQueryData<Checklist>(key);
    if (!onlineManager.isOnline()) {
      if (kept) return withPending(kept);
      toast({ title: 'Error', description: NOT_ON_DEVICE, variant: 'destructive' });
      return null;
    }
    try {
      const fresh = await queryClient.fetchQuery({
        queryKey: key,
        queryFn: ({ signal }) => fetchChecklist(summary.id, signal),
        staleTime: 0,
      });
      return withPending(fresh);
    } catch (error) {
      console.warn('Loading the checklist for the editor failed', error);
      toast({ title: 'Error', description: LOAD_CHECKLIST_FAILED, variant: 'destructive' });
      // Deleted elsewhere: the list catches up so the row goes away.
      if (isApiError(error) && error.status === 404) void refreshChecklistData(queryClient);
      return null;
    }
  }

  async function startEdit(summary: ChecklistSummary) {
    if (openingId) return;
    setOpeningId(summary.id);
    try {
      const checklist = await loadForEditor(summary);
      if (checklist) setEditor({ mode: 'edit', checklist });
    } finally {
      setOpeningId(null);
    }
  }

  /**
   * A save refused after it left this device: the editor opens with it. An edit meets the latest
   * version with the person's own one ready to reapply; a checklist that could not be created, or was
   * deleted elsewhere meanwhile, opens as a new checklist holding what they wrote.
   */
  async function review(held: HeldOp) {
    if (held.kind === 'edit' && held.refusal.status !== 404) {
      setOpeningId(held.checklistId);
      try {
        const checklist = await loadForEditor({ id: held.checklistId });
        if (checklist) setEditor({ mode: 'edit', checklist, stash: held.body, heldKey: held.key });
      } finally {
        setOpeningId(null);
      }
      return;
    }
    setEditor({ mode: 'create', initial: held.body, heldKey: held.key });
  }

  /** Stored first and sent through the offline queue: offline, the save waits on this device. */
  function send(body: ChecklistBody, version: number | null): Promise<OpOutcome> {
    if (editor.mode === 'edit') {
      const { checklist } = editor;
      const input = { kind: 'edit' as const, body, version: version ?? checklist.version, userId: uid };
      return queue.enqueue(checklist.id, OWNER, input);
    }
    const key = crypto.randomUUID();
    const input = { kind: 'create' as const, body, userId: uid };
    return queue.enqueue(newChecklistId(key), OWNER, input, undefined, key);
  }

  async function save(body: ChecklistBody, version: number | null): Promise<SaveOutcome> {
    const editing = editor.mode === 'edit' ? editor.checklist : null;
    try {
      const outcome = await send(body, version);
      if (outcome.status === 'rejected') throw outcome.error;
      if (editor.mode !== 'closed' && editor.heldKey) queue.release(editor.heldKey);
      setEditor({ mode: 'closed' });
      return { status: outcome.status === 'applied' ? 'saved' : 'queued' };
    } catch (error) {
      if (planLimit.handledLimit(error)) return { status: 'handled' };
      if (editing && isApiError(error) && error.code === 'version_conflict') {
        const current = errorExtra(error, 'checklist');
        const fresh = isChecklist(current) ? current : await fetchChecklist(editing.id).catch(() => null);
        if (fresh) {
          queryClient.setQueryData(checklistKeys.detail(fresh.id), fresh);
          setEditor({
            mode: 'edit',
            checklist: fresh,
            heldKey: editor.mode === 'edit' ? editor.heldKey : undefined,
          });
          return { status: 'conflict' };
        }
      }
      console.warn(editing ? 'Updating the checklist failed' : 'Creating the checklist failed', error);
      // The server checks what the editor checks, plus bounds; its message says what to fix.
      if (isApiError(error) && error.code === 'validation_failed' && error.serverMessage) {
        return { status: 'failed', message: error.serverMessage };
      }
      return { status: 'failed' };
    }
  }

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
    editor,
    openingId,
    deleting,
    deletePending,
    sharing,
    startCreate,
    startEdit,
    closeEditor: () => setEditor({ mode: 'closed' }),
    save,
    review: (held: HeldOp) => void review(held),
    /** The person let a kept save go (discarded it, or kept the latest version instead). */
    release: (key: string) => queue.release(key),
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    share: ({ id, name }: { id: string; name: string }) => setSharing({ id, name, open: true }),
    closeShare: () => setSharing((current) => current && { ...current, open: false }),
  };
}
