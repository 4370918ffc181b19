import { useQuery } from '@tanstack/react-query';
import type { InvitationPreview, TeamResponse } from '#domain/teams';
import { apiRequest } from '../lib/api.ts';
import { TEAM_KEY } from './team-keys.ts';
import { useAuth } from './use-auth.tsx';

/**
 * The active team (GET /api/team: plan, seats, storage, members, pending invitations, my role), for
 * the team screens; it follows the signed-in user. The teams I belong to (GET /api/teams) are
 * use-teams.ts's: the header's switcher, in the first chunk.
 */

export { TEAM_KEY, TEAMS_KEY } from './team-keys.ts';

export function useTeam(enabled = true) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...TEAM_KEY, user?.uid],
    queryFn: ({ signal }) => apiRequest<TeamResponse>('GET', '/api/team', undefined, { signal }),
    enabled: enabled && Boolean(user),
    // Its people change from elsewhere (someone joins from their own browser): asked again on each visit.
    staleTime: 0,
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
