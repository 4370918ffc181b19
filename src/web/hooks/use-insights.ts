import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INSIGHTS_CSV_PATH, INSIGHTS_PATH, type Insights } from '#domain/insights';
import type { TeamListResponse } from '#domain/teams';
import { apiRequest, isApiError } from '../lib/api.ts';
import { TEAMS_KEY } from './team-keys.ts';
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

/**
 * The active team's plan as this page needs it, read afresh (the header's cached list may predate an
 * upgrade): 'loading', 'free', 'paid', or 'unknown' when it could not be read.
 */
export function useActiveTeamPlan(): 'loading' | 'free' | 'paid' | 'unknown' {
  const { user } = useAuth();
  const teams = useQuery({
    queryKey: [...TEAMS_KEY, user?.uid],
    queryFn: ({ signal }) => apiRequest<TeamListResponse>('GET', '/api/teams', undefined, { signal }),
    enabled: Boolean(user),
    staleTime: 0,
  });
  if (teams.isError) return 'unknown';
  if (!teams.isFetchedAfterMount || !teams.data) return 'loading';
  const active = teams.data.teams.find((team) => team.active);
  if (!active) return 'unknown';
  return active.tier === 'free' ? 'free' : 'paid';
}
