import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Checklist, ChecklistSummary, DashboardStats } from '#domain/checklist';
import { CHECKLIST_PAGE_LIMITS, checklistPagePath, nextPageOf } from '#domain/checklist-page-links';
import type { SubscriptionInfo } from '#domain/plans';
import { apiAnswer, apiRequest } from '../lib/api.ts';
import { answerRevision, markRevision } from '../lib/copy-revisions.ts';
import { OFFLINE_KEEP_MS } from '../lib/query-client.ts';
import { type ChecklistListPage, checklistKeys, STATS_KEY } from '../sync/index.ts';
import { useAuth } from './use-auth.tsx';

/**
 * The owner's checklist data: the dashboard list, one checklist, the counters and the subscription.
 * Their keys, and what a change to a checklist refreshes, are sync's (sync/owner-checklist-slot.ts).
 */
export const subscriptionKey = (uid: string) => ['/api/user', uid, 'subscription'] as const;

let timeZoneOfPage: string | null = null;

/**
 * The viewer's IANA time zone: the server counts 'Completed Today' from its local midnight. Read
 * once per page load: it makes a date formatter (about 3 ms at Lighthouse's 4x slowdown, on every
 * render of the counters), and a phone that changes zones gets the new one at its next load.
 */
export function viewerTimeZone(): string {
  if (timeZoneOfPage) return timeZoneOfPage;
  try {
    timeZoneOfPage = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    timeZoneOfPage = 'UTC';
  }
  return timeZoneOfPage;
}

/**
 * The team's list as the dashboard shows it, a page of 50 at a time (decision 0063): the first page,
 * then each next page the answer's `Link` header names, on demand (`fetchNextPage`). `assignee`: only
 * the checklists assigned to that member, filtered by the server so that every page holds 50 of them.
 * Refreshed as a whole (TanStack asks again for every page loaded, in order).
 */
export function useChecklists(assignee: string | null = null, enabled = true) {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  return useInfiniteQuery({
    queryKey: checklistKeys.list(uid, assignee),
    queryFn: async ({ pageParam, signal }): Promise<ChecklistListPage> => {
      const first = checklistPagePath({
        userId: uid,
        limit: CHECKLIST_PAGE_LIMITS.defaultPage,
        ...(assignee ? { assignee } : {}),
      });
      const { body, headers } = await apiAnswer<ChecklistSummary[]>('GET', pageParam ?? first, undefined, {
        signal,
      });
      return { rows: body, next: nextPageOf(headers.get('link')) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: enabled && Boolean(user),
    gcTime: OFFLINE_KEEP_MS,
  });
}

/** The owner's checklist, marked with the revision the server named for it (lib/copy-revisions.ts). */
export async function fetchChecklist(id: string, signal?: AbortSignal): Promise<Checklist> {
  const { body, headers } = await apiAnswer<Checklist>(
    'GET',
    `/api/checklists/${encodeURIComponent(id)}`,
    undefined,
    { signal },
  );
  return markRevision(body, answerRevision(headers));
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

/**
 * Asked with no-cache headers (spec section 7): usage must be current when the plan limit is checked.
 * `quiet`: the caller reads the answer only when asked (a click), never while drawing: its component
 * is not drawn again for every change of the query (TanStack's observer would otherwise tell it all of
 * them, having seen no property read).
 */
export function useSubscription({ quiet = false }: { quiet?: boolean } = {}) {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  return useQuery({
    ...(quiet ? { notifyOnChangeProps: [] } : {}),
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
