import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { Checklist, ChecklistSummary } from '#domain/checklist';
import { isAtPlanLimit, PLAN_LIMIT_TITLE, PLAN_LIMITS, planLimitMessage } from '#domain/plans';
import type { SaveOutcome } from '../../components/checklist-editor/checklist-editor.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import {
  type ChecklistDraftBody,
  checklistKeys,
  fetchChecklist,
  refreshChecklistData,
  useCreateChecklist,
  useDeleteChecklist,
  useSubscription,
  useUpdateChecklist,
} from '../../hooks/use-checklists.ts';
import { type ApiError, isApiError } from '../../lib/api.ts';

export type EditorState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; checklist: Checklist };

export const DELETE_MESSAGES = {
  deleted: 'Checklist deleted successfully',
  failed: 'Failed to delete checklist. Please try again.',
} as const;
export const LOAD_CHECKLIST_FAILED = 'Failed to load checklist details. Please try again.';

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
  const [, navigate] = useLocation();
  const subscription = useSubscription();
  const create = useCreateChecklist();
  const update = useUpdateChecklist();
  const remove = useDeleteChecklist();

  const [editor, setEditor] = useState<EditorState>({ mode: 'closed' });
  const [openingId, setOpeningId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ChecklistSummary | null>(null);
  /** The checklist of the share dialog; kept after closing so the dialog does not change as it fades out. */
  const [sharing, setSharing] = useState<{ id: string; name: string; open: boolean } | null>(null);

  const limitReached = useCallback(
    (limit: number) => {
      toast({ title: PLAN_LIMIT_TITLE, description: planLimitMessage(limit), variant: 'destructive' });
      navigate('/pricing');
    },
    [navigate, toast],
  );

  /** The plan limit is checked first (spec section 5); a count that says "full" is confirmed with the server. */
  async function startCreate() {
    let info = subscription.data;
    if (info && isAtPlanLimit(info.usage.listSyncCount, info.limits.maxLists)) {
      info = (await subscription.refetch()).data ?? info;
    }
    if (info && isAtPlanLimit(info.usage.listSyncCount, info.limits.maxLists)) {
      limitReached(info.limits.maxLists);
      return;
    }
    setEditor({ mode: 'create' });
  }

  /** The row has no tasks; the editor gets the whole, current checklist (a snapshot the form edits). */
  async function startEdit(summary: ChecklistSummary) {
    if (openingId) return;
    setOpeningId(summary.id);
    try {
      const checklist = await queryClient.fetchQuery({
        queryKey: checklistKeys.detail(summary.id),
        queryFn: ({ signal }) => fetchChecklist(summary.id, signal),
        staleTime: 0,
      });
      setEditor({ mode: 'edit', checklist });
    } catch (error) {
      console.warn('Loading the checklist for the editor failed', error);
      toast({ title: 'Error', description: LOAD_CHECKLIST_FAILED, variant: 'destructive' });
      // Deleted elsewhere: the list catches up so the row goes away.
      if (isApiError(error) && error.status === 404) void refreshChecklistData(queryClient);
    } finally {
      setOpeningId(null);
    }
  }

  async function save(body: ChecklistDraftBody, version: number | null): Promise<SaveOutcome> {
    const editing = editor.mode === 'edit' ? editor.checklist : null;
    try {
      if (editing)
        await update.mutateAsync({ id: editing.id, draft: body, version: version ?? editing.version });
      else await create.mutateAsync(body);
      setEditor({ mode: 'closed' });
      return { status: 'saved' };
    } catch (error) {
      if (isApiError(error) && error.code === 'plan_limit_reached') {
        const limit = errorExtra(error, 'limit');
        limitReached(
          typeof limit === 'number'
            ? limit
            : (subscription.data?.limits.maxLists ?? PLAN_LIMITS.free.maxLists ?? 0),
        );
        return { status: 'handled' };
      }
      if (editing && isApiError(error) && error.code === 'version_conflict') {
        const current = errorExtra(error, 'checklist');
        const fresh = isChecklist(current) ? current : await fetchChecklist(editing.id).catch(() => null);
        if (fresh) {
          queryClient.setQueryData(checklistKeys.detail(fresh.id), fresh);
          setEditor({ mode: 'edit', checklist: fresh });
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

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: 'Success', description: DELETE_MESSAGES.deleted });
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        // Already gone (deleted in another tab or device): the list catches up and the result is the same.
        await refreshChecklistData(queryClient);
        toast({ title: 'Success', description: DELETE_MESSAGES.deleted });
        return;
      }
      console.warn('Deleting the checklist failed', error);
      toast({ title: 'Error', description: DELETE_MESSAGES.failed, variant: 'destructive' });
    } finally {
      setDeleting(null);
    }
  }

  return {
    editor,
    openingId,
    deleting,
    deletePending: remove.isPending,
    sharing,
    startCreate,
    startEdit,
    closeEditor: () => setEditor({ mode: 'closed' }),
    save,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    share: ({ id, name }: { id: string; name: string }) => setSharing({ id, name, open: true }),
    closeShare: () => setSharing((current) => current && { ...current, open: false }),
  };
}
