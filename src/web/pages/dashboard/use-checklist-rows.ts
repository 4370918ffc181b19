import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo } from 'react';
import type { Checklist } from '#domain/checklist';
import { useAuth } from '../../hooks/use-auth.tsx';
import { useChecklists } from '../../hooks/use-checklists.ts';
import { useQueueState } from '../../hooks/use-offline-queue.tsx';
import { useToast } from '../../hooks/use-toast.ts';
import { checklistKeys, overlayPendingList } from '../../sync/index.ts';

export const LOAD_CHECKLISTS_FAILED = 'Failed to load checklists. Please refresh the page.';

/** The owner's checklists as the dashboard lists them, with what is pending on this device laid over. */
export function useChecklistRows() {
  const { toast } = useToast();
  const checklists = useChecklists();
  const queryClient = useQueryClient();
  const { ops } = useQueueState();
  const uid = useAuth().user?.uid ?? null;
  // The rows come in a transition the first time (React works in slices, the browser paints and
  // answers taps between them): the list's answer reaches this component in a task that draws at
  // once, and a long list drawn there was one long task (decision 0033). Only the first
  // time: a change after that (a row deleted, focus going back to the list) shows at once.
  const listShown = useDeferredValue(checklists.data !== undefined);
  const list = listShown ? checklists.data : undefined;
  // What is created, edited or deleted on this device and not synced yet shows as it will be.
  const rows = useMemo(
    () =>
      list &&
      overlayPendingList(
        list,
        ops,
        (id) => queryClient.getQueryData<Checklist>(checklistKeys.detail(id)),
        uid,
      ),
    [list, ops, queryClient, uid],
  );

  useEffect(() => {
    if (checklists.isError)
      toast({ title: 'Error', description: LOAD_CHECKLISTS_FAILED, variant: 'destructive' });
  }, [checklists.isError, toast]);

  return { checklists, rows };
}
