import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityPage } from '#domain/activity';
import { apiRequest } from '../lib/api.ts';
import { checklistKeys } from '../sync/index.ts';

/**
 * The owner's activity trail of a checklist (docs/api.md "Activity and report"), newest first, a page
 * at a time. Live: the owner's checklist slot refreshes it whenever the checklist's revision moves
 * (sync/owner-checklist-slot.ts), and the share actions refresh it too (hooks/use-shares.ts).
 */

export const ACTIVITY_PAGE_SIZE = 20;

export function activityPath(checklistId: string, before?: string): string {
  const query = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE) });
  if (before) query.set('before', before);
  return `/api/checklists/${encodeURIComponent(checklistId)}/activity?${query}`;
}

/** The completion report's address: the server answers it as an attachment with its own filename. */
export function reportPath(checklistId: string): string {
  return `/api/checklists/${encodeURIComponent(checklistId)}/report.pdf`;
}

export function useActivity(checklistId: string) {
  return useInfiniteQuery({
    queryKey: checklistKeys.activity(checklistId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ActivityPage>('GET', activityPath(checklistId, pageParam), undefined, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: checklistId !== '',
  });
}

export function refreshActivity(queryClient: QueryClient, checklistId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: checklistKeys.activity(checklistId), exact: true });
}
