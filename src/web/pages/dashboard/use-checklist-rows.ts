import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo } from 'react';
import type { AssignmentFilter } from '#domain/assignment-texts';
import type { Checklist, ChecklistSummary } from '#domain/checklist';
import { useAuth } from '../../hooks/use-auth.tsx';
import { useChecklists } from '../../hooks/use-checklists.ts';
import { useQueueState } from '../../hooks/use-offline-queue.tsx';
import { useToast } from '../../hooks/use-toast.ts';
import { checklistKeys, overlayPendingList, rowsOfList } from '../../sync/index.ts';

export const LOAD_CHECKLISTS_FAILED = 'Failed to load checklists. Please refresh the page.';

/**
 * The team's rows loaded, then those of `mine` beyond them, each once: the team's pages are its newest
 * checklists, so a row of mine not among them is older than all of them (the list's order holds).
 */
function mergeRows(team: ChecklistSummary[], mine: ChecklistSummary[]): ChecklistSummary[] {
  const shown = new Set(team.map((row) => row.id));
  return [...team, ...mine.filter((row) => !shown.has(row.id))];
}

/**
 * The owner's checklists as the dashboard lists them, the pages loaded so far (decision 0063), with
 * what is pending on this device laid over. 'Assigned to me' asks the server for the viewer's pages too
 * and shows them with the team's rows loaded (filtered by the panel after the overlay, so a checklist
 * assigned on this device and not synced yet is already there); `checklists` is the query whose next
 * page 'Show more' asks for; `empty`: the team has no checklist at all.
 */
export function useChecklistRows(filter: AssignmentFilter = 'all') {
  const { toast } = useToast();
  const uid = useAuth().user?.uid ?? null;
  const all = useChecklists(null);
  const mine = useChecklists(uid, filter === 'mine');
  const checklists = filter === 'mine' && mine.data ? mine : all;
  const queryClient = useQueryClient();
  const { ops } = useQueueState();
  // The rows come in a transition the first time: the list's answer reaches this component in a task
  // that draws at once, and a long list drawn there was one long task (decision 0033). React drew a
  // deferred value in slices, the browser painting and answering taps between them; Preact (decision
  // 0070) draws it in one task of its own. Only the first time: a change after that (a row deleted,
  // focus going back to the list) shows at once.
  const listShown = useDeferredValue(all.data !== undefined);
  const pages = listShown ? all.data : undefined;
  const minePages = filter === 'mine' ? mine.data : undefined;
  const list = useMemo(
    () => pages && (minePages ? mergeRows(rowsOfList(pages), rowsOfList(minePages)) : rowsOfList(pages)),
    [pages, minePages],
  );
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

  const empty = pages?.pages.every((page) => page.rows.length === 0) ?? false;
  return { checklists, rows, empty };
}
