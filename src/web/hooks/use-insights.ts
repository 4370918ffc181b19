import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INSIGHTS_CSV_PATH, INSIGHTS_PATH, type Insights } from '#domain/insights';
import { apiRequest, isApiError } from '../lib/api.ts';
import { useAuth } from './use-auth.tsx';

/**
 * The active team's insights over a range (GET /api/insights; docs/insights.md). `range` null: the
 * server's default, the last 30 days in the team's zone. A free team's answer is 403
 * plan_limit_reached: `isPaidOnly` tells the page to show its example instead.
 */

export interface InsightsRangeQuery {
  from: string;
  to: string;
}

function search(range: InsightsRangeQuery | null): string {
  return range ? `?${new URLSearchParams({ from: range.from, to: range.to })}` : '';
}

export function insightsCsvUrl(range: InsightsRangeQuery | null): string {
  return `${INSIGHTS_CSV_PATH}${search(range)}`;
}

export function useInsights(range: InsightsRangeQuery | null, enabled = true) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [INSIGHTS_PATH, user?.uid, range?.from ?? null, range?.to ?? null],
    queryFn: ({ signal }) =>
      apiRequest<Insights>('GET', `${INSIGHTS_PATH}${search(range)}`, undefined, { signal }),
    enabled: enabled && Boolean(user),
    // Work goes on while the page is open elsewhere: asked again on each visit.
    staleTime: 0,
    // Another range keeps the figures on screen until its own arrive (nothing jumps to a skeleton).
    placeholderData: keepPreviousData,
  });
}

export function isPaidOnly(error: unknown): boolean {
  return isApiError(error) && error.code === 'plan_limit_reached';
}
