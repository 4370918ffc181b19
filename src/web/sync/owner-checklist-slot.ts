import type { QueryClient } from '@tanstack/react-query';
import type { Checklist } from '#domain/checklist';
import type { ChecklistQuerySlot } from './checklist-slot.ts';

/**
 * The owner's checklist data in the query cache: the dashboard list, one checklist and the counters.
 * Keys start with the API path, so one prefix refreshes everything a change can touch.
 */
export const checklistKeys = {
  all: ['/api/checklists'] as const,
  list: (userId: string) => ['/api/checklists', { userId }] as const,
  detail: (id: string) => ['/api/checklists', id] as const,
  /** The owner's activity trail of one checklist (hooks/use-activity.ts). */
  activity: (id: string) => ['/api/checklists', id, 'activity'] as const,
  /** Who one checklist is shared with (hooks/use-shares.ts). */
  shares: (id: string) => ['/api/checklists', id, 'shares'] as const,
};
export const STATS_KEY = ['/api/dashboard/stats'] as const;

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
