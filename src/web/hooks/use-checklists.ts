import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Checklist, ChecklistSummary, DashboardStats } from '#domain/checklist';
import type { SubscriptionInfo } from '#domain/plans';
import { apiRequest } from '../lib/api.ts';
import { OFFLINE_KEEP_MS } from '../lib/query-client.ts';
import { useAuth } from './use-auth.tsx';
import type { ChecklistCache } from './use-checklist-actions.ts';

/**
 * The owner's checklist data: the dashboard list, one checklist, the counters and the subscription.
 * Keys start with the API path, so one prefix refreshes everything a change can touch.
 */
export const checklistKeys = {
  all: ['/api/checklists'] as const,
  list: (userId: string) => ['/api/checklists', { userId }] as const,
  detail: (id: string) => ['/api/checklists', id] as const,
};
export const STATS_KEY = ['/api/dashboard/stats'] as const;
export const subscriptionKey = (uid: string) => ['/api/user', uid, 'subscription'] as const;

/** The viewer's IANA time zone: the server counts 'Completed Today' from its local midnight. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function useChecklists() {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  return useQuery({
    queryKey: checklistKeys.list(uid),
    queryFn: ({ signal }) =>
      apiRequest<ChecklistSummary[]>('GET', `/api/checklists?userId=${encodeURIComponent(uid)}`, undefined, {
        signal,
      }),
    enabled: Boolean(user),
    gcTime: OFFLINE_KEEP_MS,
  });
}

export function fetchChecklist(id: string, signal?: AbortSignal): Promise<Checklist> {
  return apiRequest<Checklist>('GET', `/api/checklists/${encodeURIComponent(id)}`, undefined, { signal });
}

export function useChecklist(id: string) {
  return useQuery({
    queryKey: checklistKeys.detail(id),
    queryFn: ({ signal }) => fetchChecklist(id, signal),
    // The remembered copy shows at once (and offline), but opening the page always asks for the
    // current one: other people tick the same checklist, and the copy in storage may be a moment old.
    refetchOnMount: 'always',
    gcTime: OFFLINE_KEEP_MS,
  });
}

/** The owner's checklist, cached by its id; a change to it also refreshes the list, counters and usage. */
export function ownerChecklistCache(id: string): ChecklistCache {
  const key = checklistKeys.detail(id);
  return {
    checklistId: id,
    key,
    context: { kind: 'owner' },
    read: (queryClient) => queryClient.getQueryData<Checklist>(key),
    write: (queryClient, change) => queryClient.setQueryData<Checklist>(key, (old) => old && change(old)),
    refreshRelated: (queryClient) => refreshChecklistData(queryClient, { details: false }),
  };
}

export function useDashboardStats() {
  const { user } = useAuth();
  const timeZone = viewerTimeZone();
  return useQuery({
    queryKey: [...STATS_KEY, { uid: user?.uid, timeZone }],
    queryFn: ({ signal }) =>
      apiRequest<DashboardStats>(
        'GET',
        `/api/dashboard/stats?timeZone=${encodeURIComponent(timeZone)}`,
        undefined,
        { signal },
      ),
    enabled: Boolean(user),
  });
}

/** Asked with no-cache headers (spec section 7): usage must be current when the plan limit is checked. */
export function useSubscription() {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  return useQuery({
    queryKey: subscriptionKey(uid),
    queryFn: ({ signal }) =>
      apiRequest<SubscriptionInfo>('GET', `/api/user/${encodeURIComponent(uid)}/subscription`, undefined, {
        signal,
        cache: 'no-store',
        headers: { 'cache-control': 'no-cache', pragma: 'no-cache' },
      }),
    enabled: Boolean(user),
  });
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
