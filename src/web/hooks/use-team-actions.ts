import { onlineManager, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { TEAM_TEXTS } from '#domain/team-texts';
import type {
  InvitableRole,
  MyTeam,
  TeamInvitation,
  TeamListResponse,
  TeamMember,
  TeamResponse,
  TeamRole,
} from '#domain/teams';
import { apiRequest, isApiError } from '../lib/api.ts';
import { checklistKeys, realtimeClient, STATS_KEY } from '../sync/index.ts';
import { TEAM_KEY, TEAMS_KEY } from './team-keys.ts';
import { TEMPLATES_KEY } from './use-templates.ts';
import { type ToastMessage, useToast } from './use-toast.ts';

/**
 * What the Team page, the invite dialog, the join page and the header's switcher do (docs: the teams
 * contract). Each change answers the team (or enough of it) and the cached GET /api/team is updated
 * from that answer. They need the server, so they are never queued: offline they fail at once and
 * say so (networkMode 'always', no retry: an invitation sent twice would be refused the second time).
 */

const NOW = { networkMode: 'always', retry: false } as const;

/** The words for a failed team call: the server's own for a refusal, else ours. */
export function teamFailure(error: unknown, fallback: string = TEAM_TEXTS.tryAgain): string {
  if (isApiError(error)) {
    if (error.status === 401) return TEAM_TEXTS.sessionEnded;
    if (error.serverMessage && error.status < 500) return error.serverMessage;
    return fallback;
  }
  if (!onlineManager.isOnline() || error instanceof TypeError) return TEAM_TEXTS.offline;
  return fallback;
}

/** The cached active team, changed as an answer says. */
function updateTeam(queryClient: QueryClient, change: (team: TeamResponse) => TeamResponse): void {
  queryClient.setQueriesData<TeamResponse>({ queryKey: TEAM_KEY }, (old) => old && change(old));
}

const withSeats = (data: TeamResponse, delta: number): TeamResponse['team'] => ({
  ...data.team,
  seats: { ...data.team.seats, used: Math.max(0, data.team.seats.used + delta) },
});

/**
 * After the active team changed (switched, joined, left): nothing of the other team's stays on
 * screen. The team, its checklists, counters, plan usage and templates are emptied (a page showing
 * them draws its loading state and asks again). My teams are the answer's, when it gave them, or
 * asked again.
 */
export function startOnActiveTeam(queryClient: QueryClient, teams?: TeamListResponse): Promise<unknown> {
  if (teams) queryClient.setQueriesData<TeamListResponse>({ queryKey: TEAMS_KEY }, teams);
  // The live dashboard follows the session's team: asked for again, it follows the new one.
  realtimeClient().followActiveTeam();
  return Promise.all([
    ...[TEAM_KEY, checklistKeys.all, STATS_KEY, ['/api/user'], TEMPLATES_KEY].map((queryKey) =>
      queryClient.resetQueries({ queryKey }).catch(() => undefined),
    ),
    teams ? null : queryClient.invalidateQueries({ queryKey: TEAMS_KEY }),
  ]);
}

/** Asks for the team again after a refusal that says the page is behind (a member gone, a role changed). */
function refreshAfterRefusal(queryClient: QueryClient, error: unknown): void {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) {
    void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
  }
}

/**
 * A change to the team's people: its call, how its answer changes the cached team, and the toast
 * that says it was done. A failure is toasted under `failedTitle` (the team is asked again when the
 * page was behind); without one, it is the caller's to tell (the invite dialog's fields).
 */
function useTeamChange<Input, Answer>(change: {
  call(input: Input): Promise<Answer>;
  update(data: TeamResponse, answer: Answer, input: Input): TeamResponse;
  done(answer: Answer, input: Input): ToastMessage;
  failedTitle?: string;
  /** Another query the change makes old. */
  alsoStale?(input: Input): readonly unknown[] | null;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    ...NOW,
    mutationFn: change.call,
    onSuccess: (answer: Answer, input: Input) => {
      updateTeam(queryClient, (data) => change.update(data, answer, input));
      const stale = change.alsoStale?.(input);
      if (stale) void queryClient.invalidateQueries({ queryKey: stale });
      toast(change.done(answer, input));
    },
    onError: (error: unknown) => {
      if (!change.failedTitle) return;
      refreshAfterRefusal(queryClient, error);
      toast({ title: change.failedTitle, description: teamFailure(error), variant: 'destructive' });
    },
  });
}

const nameOf = (member: TeamMember) => member.displayName.trim() || member.email;

/** POST /api/team/invitations: the invitation joins the list and takes a seat. Errors are the dialog's. */
export function useInviteMember() {
  return useTeamChange({
    call: (input: { email: string; role: InvitableRole }) =>
      apiRequest<{ invitation: TeamInvitation }>('POST', '/api/team/invitations', input),
    update: (data, { invitation }) => ({
      ...data,
      team: withSeats(data, 1),
      invitations: [...data.invitations.filter((one) => one.id !== invitation.id), invitation],
    }),
    done: ({ invitation }) => ({
      title: 'Invitation sent',
      description: TEAM_TEXTS.invited(invitation.email),
    }),
  });
}

/** POST /api/team/invitations/{id}/resend: a new link and seven new days; the old link dies. */
export function useResendInvitation() {
  return useTeamChange({
    call: (invitation: TeamInvitation) =>
      apiRequest<{ invitation: TeamInvitation }>(
        'POST',
        `/api/team/invitations/${encodeURIComponent(invitation.id)}/resend`,
      ),
    update: (data, { invitation }, sent) => ({
      ...data,
      invitations: data.invitations.map((one) => (one.id === sent.id ? invitation : one)),
    }),
    done: ({ invitation }) => ({
      title: 'Invitation sent again',
      description: TEAM_TEXTS.resent(invitation.email),
    }),
    failedTitle: 'Could not resend the invitation',
  });
}

/** DELETE /api/team/invitations/{id}: the link stops working and the seat is free. */
export function useWithdrawInvitation() {
  return useTeamChange({
    call: (invitation: TeamInvitation) =>
      apiRequest<void>('DELETE', `/api/team/invitations/${encodeURIComponent(invitation.id)}`),
    update: (data, _answer, invitation) => ({
      ...data,
      team: withSeats(data, -1),
      invitations: data.invitations.filter((one) => one.id !== invitation.id),
    }),
    done: (_answer, invitation) => ({
      title: 'Invitation withdrawn',
      description: TEAM_TEXTS.withdrawn(invitation.email),
    }),
    failedTitle: 'Could not withdraw the invitation',
  });
}

/**
 * PATCH /api/team/members/{uid}: a new role; 'owner' hands ownership over (I become an admin). The
 * answer is the team as it now is.
 */
export function useChangeRole() {
  return useTeamChange({
    call: ({ member, role }: { member: TeamMember; role: TeamRole }) =>
      apiRequest<TeamResponse>('PATCH', `/api/team/members/${encodeURIComponent(member.uid)}`, { role }),
    update: (_data, answer) => answer,
    done: (_answer, { member, role }) =>
      role === 'owner'
        ? { title: 'Ownership handed over', description: TEAM_TEXTS.ownershipHandedOver(nameOf(member)) }
        : { title: 'Role changed', description: TEAM_TEXTS.roleChanged(nameOf(member), role) },
    failedTitle: 'Could not change the role',
    // Billing moved with the ownership: the plan's buttons are the new owner's now.
    alsoStale: ({ role }) => (role === 'owner' ? ['/api/user'] : null),
  });
}

/** DELETE /api/team/members/{uid} for someone else: they lose access at once, their seat is free. */
export function useRemoveMember() {
  return useTeamChange({
    call: (member: TeamMember) =>
      apiRequest<void>('DELETE', `/api/team/members/${encodeURIComponent(member.uid)}`),
    update: (data, _answer, member) => ({
      ...data,
      team: withSeats(data, -1),
      members: data.members.filter((one) => one.uid !== member.uid),
    }),
    done: (_answer, member) => ({ title: 'Member removed', description: TEAM_TEXTS.removed(nameOf(member)) }),
    failedTitle: 'Could not remove the member',
  });
}

/** DELETE /api/team/members/{my uid}: I leave; another of my teams becomes the active one. */
export function useLeaveTeam() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  return useMutation({
    ...NOW,
    mutationFn: ({ uid }: { uid: string; teamName: string }) =>
      apiRequest<void>('DELETE', `/api/team/members/${encodeURIComponent(uid)}`),
    onSuccess: (_answer, { teamName }) => {
      void startOnActiveTeam(queryClient);
      toast({ title: 'You left the team', description: TEAM_TEXTS.left(teamName) });
      navigate('/dashboard');
    },
    onError: (error) => {
      refreshAfterRefusal(queryClient, error);
      toast({ title: 'Could not leave the team', description: teamFailure(error), variant: 'destructive' });
    },
  });
}

/** The team that an answer of my teams says is active. */
export function activeTeamOf(body: TeamListResponse): MyTeam | undefined {
  return body.teams.find((team) => team.active);
}

/**
 * POST /api/teams/active: the header's switcher. The other team's checklists leave the screen; a
 * checklist page (that team's checklist, 404 now) gives way to the dashboard.
 */
export function useSwitchTeam() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [location, navigate] = useLocation();
  return useMutation({
    ...NOW,
    mutationFn: (team: MyTeam) =>
      apiRequest<TeamListResponse>('POST', '/api/teams/active', { teamId: team.id }),
    onSuccess: (body, team) => {
      void startOnActiveTeam(queryClient, body);
      if (location.startsWith('/checklist/')) navigate('/dashboard');
      toast({
        title: 'Team switched',
        description: TEAM_TEXTS.switched(activeTeamOf(body)?.name ?? team.name),
      });
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: TEAMS_KEY });
      toast({ title: TEAM_TEXTS.switchFailed, description: teamFailure(error), variant: 'destructive' });
    },
  });
}

/**
 * POST /api/team/join: the joined team becomes the active one; every query is asked again so its
 * checklists load, and the dashboard opens. Refusals (403 another address, 410 used or expired) are
 * the join page's to explain.
 */
export function useJoinTeam() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  return useMutation({
    ...NOW,
    mutationFn: ({ token }: { token: string; teamName: string }) =>
      apiRequest<TeamListResponse>('POST', '/api/team/join', { token }),
    onSuccess: (body, { teamName }) => {
      void startOnActiveTeam(queryClient, body);
      // The rest too (a read already on its way, the team's just emptied ones, is let finish).
      void queryClient.invalidateQueries(undefined, { cancelRefetch: false });
      toast({
        title: 'You joined the team',
        description: TEAM_TEXTS.joined(activeTeamOf(body)?.name ?? teamName),
      });
      navigate('/dashboard');
    },
  });
}
