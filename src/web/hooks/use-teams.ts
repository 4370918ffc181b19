import { useQuery } from '@tanstack/react-query';
import type { TeamListResponse } from '#domain/teams';
import { apiRequest } from '../lib/api.ts';
import { TEAMS_KEY } from './team-keys.ts';
import { useAuth } from './use-auth.tsx';

/**
 * The teams I belong to, with my role there and which one is active (GET /api/teams): the header's
 * team switcher. In the first chunk, so imported by the switcher only (team-keys.ts says why);
 * switching (use-team-actions.ts) puts its answer here.
 */
export function useTeams(enabled = true) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...TEAMS_KEY, user?.uid],
    queryFn: ({ signal }) => apiRequest<TeamListResponse>('GET', '/api/teams', undefined, { signal }),
    enabled: enabled && Boolean(user),
    select: (body) => body.teams,
  });
}
