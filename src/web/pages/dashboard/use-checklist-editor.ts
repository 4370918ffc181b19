import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Checklist, ChecklistSummary } from '#domain/checklist';
import { fetchChecklist } from '../../hooks/use-checklists.ts';
import { useOfflineQueue } from '../../hooks/use-offline-queue.tsx';
import type { usePlanLimit } from '../../hooks/use-plan-limit.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { isApiError } from '../../lib/api.ts';
import {
  type ChecklistBody,
  checklistKeys,
  type HeldOp,
  isNewChecklistId,
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

export const LOAD_CHECKLIST_FAILED = 'Failed to load checklist details. Please try again.';
export const NOT_ON_DEVICE =
  "This checklist isn't saved on this device yet: open it once while online to edit it offline.";

/**
 * The row has no tasks; the editor gets the whole, current checklist (a snapshot the form edits), with
 * what is pending on this device laid over it. Offline, the copy kept on this device.
 */
function useLoadForEditor() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const queue = useOfflineQueue();

  /** What is still pending on this device for a checklist, laid over it: the editor starts from there. */
  const withPending = (checklist: Checklist) => overlayPending(checklist, queue.getState().ops).checklist;

  return async function loadForEditor(summary: Pick<ChecklistSummary, 'id'>): Promise<Checklist | null> {
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
  };
}

/** Opening the inline editor: a new checklist (room on the plan first), a row to edit, or a refused save. */
export function useChecklistEditor(planLimit: ReturnType<typeof usePlanLimit>) {
  const loadForEditor = useLoadForEditor();
  const [editor, setEditor] = useState<EditorState>({ mode: 'closed' });
  const [openingId, setOpeningId] = useState<string | null>(null);

  /** The plan limit is checked first (spec section 5); a count that says "full" is confirmed with the server. */
  async function startCreate() {
    if (await planLimit.hasRoom()) setEditor({ mode: 'create' });
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

  return { editor, setEditor, openingId, startCreate, startEdit, review };
}
