import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ActiveTeamInput,
  InvitationInput,
  InvitationParams,
  InvitationTokenParams,
  JoinTeamInput,
  MemberParams,
  MemberRoleInput,
  TeamSettingsInput,
} from '#domain/team-input';
import {
  InvitationAnswerSchema,
  InvitationPreviewSchema,
  TeamListSchema,
  TeamResponseSchema,
} from '#domain/teams-response';
import { hashSecret } from '../../ids.ts';
import { sessionRequired } from '../../policies/sessions.ts';
import {
  type InvitationContext,
  inviteMember,
  joinTeam,
  previewInvitation,
  resendInvitation,
  withdrawTeamInvitation,
} from '../../services/team-invitations.ts';
import { changeMemberRole, removeTeamMember } from '../../services/team-members.ts';
import {
  chooseActiveTeam,
  listMyTeams,
  readTeam,
  teamActor,
  updateTeamSettings,
} from '../../services/teams.ts';
import { answers, noBody } from '../plugins/responses.ts';
import { authenticateFirst, requireMember, sessionSecretOf } from '../plugins/session.ts';

const TAG = 'teams';

/** What each route takes and answers; all of them but the join preview answer 401 without a session. */
const SCHEMAS = {
  team: { tags: [TAG], response: answers({ 200: TeamResponseSchema }, ['unauthenticated', 'not_found']) },
  settings: {
    tags: [TAG],
    description:
      'Owners and admins change the team’s settings: `timeZone` (an IANA zone such as Europe/Paris), the ' +
      'zone insights count days in. A member: 403 forbidden.',
    body: TeamSettingsInput,
    response: answers({ 200: TeamResponseSchema }, ['unauthenticated', 'forbidden', 'not_found']),
  },
  teams: { tags: [TAG], response: answers({ 200: TeamListSchema }, ['unauthenticated']) },
  activate: {
    tags: [TAG],
    description: 'The team this session works in from now on (the header’s switcher); not a member: 404.',
    body: ActiveTeamInput,
    response: answers({ 200: TeamListSchema }, ['unauthenticated', 'not_found']),
  },
  invite: {
    tags: [TAG],
    description:
      'Owners and admins invite by e-mail; the link (/join/{token}) works once, for 7 days. Members ' +
      'plus pending invitations at the plan’s seats: 403 plan_limit_reached.',
    body: InvitationInput,
    response: answers({ 201: InvitationAnswerSchema }, [
      'unauthenticated',
      'forbidden',
      'plan_limit_reached',
      'not_found',
      'delivery_failed',
    ]),
  },
  resend: {
    tags: [TAG],
    params: InvitationParams,
    response: answers({ 200: InvitationAnswerSchema }, [
      'unauthenticated',
      'forbidden',
      'plan_limit_reached',
      'not_found',
      'delivery_failed',
    ]),
  },
  withdraw: {
    tags: [TAG],
    params: InvitationParams,
    response: answers({ 204: noBody('Withdrawn') }, ['unauthenticated', 'forbidden', 'not_found']),
  },
  preview: {
    tags: [TAG],
    description: 'What the join page says before anyone signs in; anyone holding the link may ask.',
    params: InvitationTokenParams,
    response: answers({ 200: InvitationPreviewSchema }, ['not_found']),
  },
  join: {
    tags: [TAG],
    body: JoinTeamInput,
    response: answers({ 200: TeamListSchema }, [
      'unauthenticated',
      'invitation_email_mismatch',
      'not_found',
      'invitation_expired',
    ]),
  },
  role: {
    tags: [TAG],
    description: "Owners and admins change roles; 'owner' hands ownership over (the owner only).",
    params: MemberParams,
    body: MemberRoleInput,
    response: answers({ 200: TeamResponseSchema }, ['unauthenticated', 'forbidden', 'not_found']),
  },
  remove: {
    tags: [TAG],
    description:
      'Owners and admins remove a member; anyone may remove themself (leave), the owner only after handing ownership over.',
    params: MemberParams,
    response: answers({ 204: noBody('Removed') }, ['unauthenticated', 'forbidden', 'not_found']),
  },
};

/** The member, their active team and role there, and how the invitation e-mail names them. */
async function actorOf(context: InvitationContext, request: FastifyRequest) {
  const member = await requireMember(request);
  const actor = await teamActor(context.db, member);
  return {
    ...actor,
    inviterName: member.user.displayName || member.user.email,
    inviterLanguage: member.user.language,
  };
}

/** The signed-in member with their session's id hash (what remembers the active team). */
async function memberWithSession(request: FastifyRequest) {
  const member = await requireMember(request);
  const secret = sessionSecretOf(request);
  if (!secret) throw sessionRequired();
  return { ...member, sessionHash: hashSecret(secret) };
}

/** Teams (docs/api.md "Teams", docs/teams.md): the active team, its people and its invitations. */
export async function teamRoutes(app: FastifyInstance, context: InvitationContext) {
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The join page asks this before anyone signs in.
  routes.get('/api/team/join/:token', { schema: SCHEMAS.preview }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { invitation: await previewInvitation(db, request.params.token) };
  });

  await app.register(async (signedIn) => {
    const routes = signedIn.withTypeProvider<ZodTypeProvider>();
    authenticateFirst(signedIn);

    routes.get('/api/team', { schema: SCHEMAS.team }, async (request) =>
      readTeam(db, await teamActor(db, await requireMember(request))),
    );

    routes.patch('/api/team', { schema: SCHEMAS.settings }, async (request) =>
      updateTeamSettings(db, await teamActor(db, await requireMember(request)), request.body),
    );

    routes.get('/api/teams', { schema: SCHEMAS.teams }, async (request) => ({
      teams: await listMyTeams(db, await requireMember(request)),
    }));

    routes.post('/api/teams/active', { schema: SCHEMAS.activate }, async (request) => ({
      teams: await chooseActiveTeam(db, await memberWithSession(request), request.body.teamId),
    }));

    routes.post(
      '/api/team/invitations',
      { schema: SCHEMAS.invite, config: { rateLimit: { max: 120, timeWindow: '10 minutes' } } },
      async (request, reply) => {
        const invitation = await inviteMember(context, await actorOf(context, request), request.body);
        return reply.status(201).send({ invitation });
      },
    );

    routes.post(
      '/api/team/invitations/:id/resend',
      { schema: SCHEMAS.resend, config: { rateLimit: { max: 30, timeWindow: '10 minutes' } } },
      async (request) => ({
        invitation: await resendInvitation(context, await actorOf(context, request), request.params.id),
      }),
    );

    routes.delete('/api/team/invitations/:id', { schema: SCHEMAS.withdraw }, async (request, reply) => {
      await withdrawTeamInvitation(db, await actorOf(context, request), request.params.id);
      return reply.status(204).send();
    });

    routes.post('/api/team/join', { schema: SCHEMAS.join }, async (request) => ({
      teams: await joinTeam(db, await memberWithSession(request), request.body.token),
    }));

    routes.patch('/api/team/members/:uid', { schema: SCHEMAS.role }, async (request) =>
      changeMemberRole(db, await actorOf(context, request), request.params.uid, request.body.role),
    );

    routes.delete('/api/team/members/:uid', { schema: SCHEMAS.remove }, async (request, reply) => {
      await removeTeamMember(db, await actorOf(context, request), request.params.uid);
      return reply.status(204).send();
    });
  });
}
