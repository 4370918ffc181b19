import { useQuery } from '@tanstack/react-query';
import type { InvitationPreview, TeamListResponse, TeamResponse } from '#domain/teams';
import { apiRequest } from '../lib/api.ts';
import { useAuth } from './use-auth.tsx';

/**
 * The active team (GET /api/team: plan, seats, storage, members, pending invitations, my role) and
 * the teams I belong to (GET /api/teams, for the header's switcher). Both follow the signed-in user;
 * switching teams (POST /api/teams/active) refetches them and every checklist query.
 */

export const TEAM_KEY = ['/api/team'] as const;
export const TEAMS_KEY = ['/api/teams'] as const;

export function useTeam(enabled = true) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...TEAM_KEY, user?.uid],
    queryFn: ({ signal }) => apiRequest<TeamResponse>('GET', '/api/team', undefined, { signal }),
    enabled: enabled && Boolean(user),
  });
}

export function useTeams(enabled = true) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...TEAMS_KEY, user?.uid],
    queryFn: ({ signal }) => apiRequest<TeamListResponse>('GET', '/api/teams', undefined, { signal }),
    enabled: enabled && Boolean(user),
    select: (body) => body.teams,
  });
}

/** What an invitation's link says before anyone signs in (GET /api/team/join/{token}): the join page. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['/api/team/join', token],
    queryFn: ({ signal }) =>
      apiRequest<{ invitation: InvitationPreview }>(
        'GET',
        `/api/team/join/${encodeURIComponent(token)}`,
        undefined,
        { signal },
      ),
    enabled: token !== '',
    select: (body) => body.invitation,
    // Its state changes when someone joins or the owner withdraws it: asked again on each visit.
    staleTime: 0,
  });
}
