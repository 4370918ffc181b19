import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Checklist, ChecklistSummary } from '#domain/checklist';
import type { ChecklistQuerySlot } from './checklist-slot.ts';

/**
 * The owner's checklist data in the query cache: the dashboard list, one checklist and the counters.
 * Keys start with the API path, so one prefix refreshes everything a change can touch.
 */
export const checklistKeys = {
  all: ['/api/checklists'] as const,
  /** The dashboard's list, its pages (`assignee`: 'Assigned to me'). */
  list: (userId: string, assignee: string | null = null) =>
    assignee === null
      ? (['/api/checklists', { userId }] as const)
      : (['/api/checklists', { userId, assignee }] as const),
  detail: (id: string) => ['/api/checklists', id] as const,
  /** The owner's activity trail of one checklist (hooks/use-activity.ts). */
  activity: (id: string) => ['/api/checklists', id, 'activity'] as const,
  /** Who one checklist is shared with (hooks/use-shares.ts). */
  shares: (id: string) => ['/api/checklists', id, 'shares'] as const,
};
export const STATS_KEY = ['/api/dashboard/stats'] as const;

/** A page of the dashboard's list: its rows, and the next page's address (null: the last). */
export interface ChecklistListPage {
  rows: ChecklistSummary[];
  next: string | null;
}

/** The dashboard's list as cached: its pages (a plain array is a copy from before pages). */
export type CachedChecklistList = InfiniteData<ChecklistListPage, unknown> | ChecklistSummary[];

/** Every row of the list's pages loaded so far, in order. */
export function rowsOfList(list: CachedChecklistList): ChecklistSummary[] {
  return Array.isArray(list) ? list : list.pages.flatMap((page) => page.rows);
}

/**
 * The list with `change` applied to all its rows at once (a row added, replaced or removed): the rows
 * go in the first page, the later pages keep only where they lead (each next page's address), so
 * 'Show more' goes on from where it was; the next refresh reads every page again.
 */
export function changeListRows(
  list: CachedChecklistList,
  change: (rows: ChecklistSummary[]) => ChecklistSummary[],
): CachedChecklistList {
  if (Array.isArray(list)) return change(list);
  const rows = change(rowsOfList(list));
  return { ...list, pages: list.pages.map((page, index) => ({ ...page, rows: index === 0 ? rows : [] })) };
}

/**
 * After any change to a checklist: the list, the counters and the usage are refetched (and the
 * cached checklists too, unless the caller has just put the server's answer in the cache).
 */
export function refreshChecklistData(
  queryClient: QueryClient,
  { details = true, cancelRefetch = true }: { details?: boolean; cancelRefetch?: boolean } = {},
): Promise<unknown> {
  // cancelRefetch false: a read already on its way is let finish instead of being asked again.
  const options = { cancelRefetch };
  return Promise.all([
    queryClient.invalidateQueries(
      {
        queryKey: checklistKeys.all,
        predicate: (query) => details || typeof query.queryKey[1] !== 'string',
      },
      options,
    ),
    queryClient.invalidateQueries({ queryKey: STATS_KEY }, options),
    queryClient.invalidateQueries({ queryKey: ['/api/user'] }, options),
  ]);
}

/** The owner's checklist, cached by its id; a change to it also refreshes the list, counters and usage. */
export function ownerChecklistSlot(id: string): ChecklistQuerySlot {
  const key = checklistKeys.detail(id);
  return {
    checklistId: id,
    key,
    context: { kind: 'owner' },
    read: (queryClient) => queryClient.getQueryData<Checklist>(key),
    write: (queryClient, change) => queryClient.setQueryData<Checklist>(key, (old) => old && change(old)),
    // The activity trail follows the checklist's revision: every change is also an entry.
    refreshRelated: (queryClient) =>
      Promise.all([
        refreshChecklistData(queryClient, { details: false }),
        queryClient.invalidateQueries({ queryKey: checklistKeys.activity(id), exact: true }),
      ]),
    refreshSharing: (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checklistKeys.shares(id), exact: true }),
        queryClient.invalidateQueries({ queryKey: checklistKeys.activity(id), exact: true }),
      ]),
  };
}
