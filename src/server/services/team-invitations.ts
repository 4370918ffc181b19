import { randomBytes } from 'node:crypto';
import { AppError } from '#domain/errors';
import type { LanguageCode } from '#domain/languages';
import type { Tier } from '#domain/plans';
import type { InvitationInput } from '#domain/team-input';
import { buildInvitationEmail } from '#domain/team-invitation-email';
import {
  canManageMembers,
  hasFreeSeat,
  type InvitationPreview,
  type MyTeam,
  seatLimit,
  TEAM_LIMITS,
  TEAM_MESSAGES,
  type TeamInvitation,
} from '#domain/teams';
import type { EmailSender } from '../adapters/messaging/message-sender.ts';
import type { Database } from '../db/client.ts';
import { hashSecret, newId } from '../ids.ts';
import type { SignedInMember } from '../policies/checklists.ts';
import { presentInvitation } from '../presenters/teams.ts';
import { announce } from '../repositories/change-notices.ts';
import { setSessionTeam } from '../repositories/sessions.ts';
import {
  acceptInvitation,
  findInvitation,
  type InvitationRow,
  insertInvitation,
  insertMember,
  invitationByTokenHash,
  lockTeam,
  membersOf,
  openInvitationFor,
  renewInvitation,
  roleIn,
  seatsUsed,
  withdrawInvitation,
} from '../repositories/teams.ts';
import { listMyTeams, type TeamActor } from './teams.ts';

/**
 * Invitations to a team (docs/teams.md): owners and admins invite by e-mail with a role; the e-mail
 * carries a single-use link valid 7 days (a 128-bit token, stored as its SHA-256); a pending
 * invitation takes a seat; the invited address joins by signing in with it.
 */

export interface InvitationContext {
  db: Database;
  messages: EmailSender;
  siteName: string;
  publicUrl: URL;
}

/** Who invites: the e-mail names them and is written in their language (users.language). */
export type InvitingActor = TeamActor & { inviterName: string; inviterLanguage: LanguageCode };

const DAY_MS = 24 * 60 * 60 * 1000;

function mayManage(actor: TeamActor): void {
  if (!canManageMembers(actor.role)) throw new AppError('forbidden', TEAM_MESSAGES.forbidden);
}

/** One more seat must be free (members plus pending invitations): else 403 plan_limit_reached. */
async function assertFreeSeat(tx: Database, team: { id: string; tier: Tier }, now: Date): Promise<void> {
  const limit = seatLimit(team.tier);
  if (limit !== null && !hasFreeSeat(team.tier, await seatsUsed(tx, team.id, now))) {
    throw new AppError('plan_limit_reached', TEAM_MESSAGES.seatLimitReached(limit), { limit });
  }
}

/** When a link made now stops working. */
function expiryFrom(now: Date): Date {
  return new Date(now.getTime() + TEAM_LIMITS.invitationDays * DAY_MS);
}

function invitationNotFound(): AppError {
  return new AppError('not_found', TEAM_MESSAGES.invitationNotFound);
}

/** The team's invitation of this id, pending or expired; used, withdrawn or another team's: 404. */
async function notUsedInvitation(db: Database, teamId: string, invitationId: string, now: Date) {
  const found = await findInvitation(db, teamId, invitationId);
  if (!found || stateOf(found, now) === 'used') throw invitationNotFound();
  return found;
}

function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(16).toString('base64url');
  return { token, tokenHash: hashSecret(token) };
}

/** The link's state: used (accepted or withdrawn), expired, or pending. */
function stateOf(row: InvitationRow, now: Date): InvitationPreview['state'] {
  if (row.acceptedAt || row.withdrawnAt) return 'used';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

async function sendInvitation(
  context: InvitationContext,
  actor: InvitingActor & { teamName: string },
  invitation: { email: string; role: InvitationRow['role'] },
  token: string,
): Promise<void> {
  const joinUrl = new URL(`/join/${token}`, context.publicUrl).href;
  const email = buildInvitationEmail({
    siteName: context.siteName,
    teamName: actor.teamName,
    inviterName: actor.inviterName,
    role: invitation.role,
    joinUrl,
    language: actor.inviterLanguage,
  });
  await context.messages.sendEmail({ to: invitation.email, ...email });
}

/**
 * POST /api/team/invitations: a seat is taken and the link e-mailed. Refused: not an owner or admin
 * (403 forbidden), already a member or invited (400), no free seat (403 plan_limit_reached). If the
 * e-mail cannot be sent, the invitation is withdrawn again and the error answered.
 */
export async function inviteMember(
  context: InvitationContext,
  actor: InvitingActor,
  input: InvitationInput,
  now = new Date(),
): Promise<TeamInvitation> {
  mayManage(actor);
  const { token, tokenHash } = newToken();
  const { row, teamName } = await context.db.transaction(async (tx) => {
    const team = await lockTeam(tx, actor.teamId);
    if (!team) throw invitationNotFound();
    const members = await membersOf(tx, team.id);
    if (members.some((member) => member.email === input.email)) {
      throw new AppError('validation_failed', TEAM_MESSAGES.alreadyMember, {
        issues: [{ path: 'email', message: TEAM_MESSAGES.alreadyMember }],
      });
    }
    const open = await openInvitationFor(tx, team.id, input.email);
    if (open && stateOf(open, now) === 'pending') {
      throw new AppError('validation_failed', TEAM_MESSAGES.alreadyInvited, {
        issues: [{ path: 'email', message: TEAM_MESSAGES.alreadyInvited }],
      });
    }
    // Past its 7 days but never closed: closed now, so the address can be invited again.
    if (open) await withdrawInvitation(tx, open.id, now);
    await assertFreeSeat(tx, team, now);
    const inserted = await insertInvitation(tx, {
      id: newId('invite'),
      teamId: team.id,
      email: input.email,
      role: input.role,
      tokenHash,
      invitedBy: actor.userId,
      createdAt: now,
      expiresAt: expiryFrom(now),
    });
    return { row: inserted, teamName: team.name };
  });
  try {
    await sendInvitation(context, { ...actor, teamName }, row, token);
  } catch (error) {
    await withdrawInvitation(context.db, row.id, new Date());
    throw error;
  }
  return presentInvitation(row);
}

/** POST /api/team/invitations/{id}/resend: a new link (the old one dies) and a new 7 days, e-mailed. */
export async function resendInvitation(
  context: InvitationContext,
  actor: InvitingActor,
  invitationId: string,
  now = new Date(),
): Promise<TeamInvitation> {
  mayManage(actor);
  const { token, tokenHash } = newToken();
  const { row, teamName } = await context.db.transaction(async (tx) => {
    const team = await lockTeam(tx, actor.teamId);
    const found = await notUsedInvitation(tx, actor.teamId, invitationId, now);
    if (!team) throw invitationNotFound();
    // An expired one takes a seat again: there must be one.
    if (stateOf(found, now) === 'expired') await assertFreeSeat(tx, team, now);
    const renewed = await renewInvitation(tx, found.id, {
      tokenHash,
      createdAt: now,
      expiresAt: expiryFrom(now),
    });
    if (!renewed) throw invitationNotFound();
    return { row: renewed, teamName: team.name };
  });
  await sendInvitation(context, { ...actor, teamName }, row, token);
  return presentInvitation(row);
}

/** DELETE /api/team/invitations/{id}: withdrawn; its link answers 410 and its seat is free. */
export async function withdrawTeamInvitation(
  db: Database,
  actor: TeamActor,
  invitationId: string,
  now = new Date(),
): Promise<void> {
  mayManage(actor);
  const found = await notUsedInvitation(db, actor.teamId, invitationId, now);
  await withdrawInvitation(db, found.id, now);
}

/** GET /api/team/join/{token}: what the join page says, to anyone holding the link. */
export async function previewInvitation(
  db: Database,
  token: string,
  now = new Date(),
): Promise<InvitationPreview> {
  const found = await invitationByTokenHash(db, hashSecret(token));
  if (!found) throw invitationNotFound();
  const { invitation } = found;
  return {
    teamName: found.teamName,
    inviterName: found.inviterName || found.inviterEmail || 'A colleague',
    email: invitation.email,
    role: invitation.role,
    state: stateOf(invitation, now),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * POST /api/team/join: the signed-in user with the invited address becomes a member with the
 * invitation's role, and the team becomes their session's active one. Another address: 403
 * invitation_email_mismatch (naming the invited one); used, withdrawn or expired: 410.
 */
export async function joinTeam(
  db: Database,
  member: SignedInMember & { sessionHash: string },
  token: string,
  now = new Date(),
): Promise<MyTeam[]> {
  const found = await invitationByTokenHash(db, hashSecret(token));
  if (!found) throw invitationNotFound();
  const { invitation } = found;
  if (stateOf(invitation, now) !== 'pending') {
    throw new AppError('invitation_expired', TEAM_MESSAGES.invitationExpired);
  }
  if (member.user.email.toLowerCase() !== invitation.email) {
    throw new AppError('invitation_email_mismatch', TEAM_MESSAGES.emailMismatch(invitation.email), {
      invitedEmail: invitation.email,
    });
  }
  await db.transaction(async (tx) => {
    await lockTeam(tx, invitation.teamId);
    if (!(await acceptInvitation(tx, invitation.id, member.user.uid, now))) {
      throw new AppError('invitation_expired', TEAM_MESSAGES.invitationExpired);
    }
    if (!(await roleIn(tx, invitation.teamId, member.user.uid))) {
      await insertMember(tx, {
        teamId: invitation.teamId,
        userId: member.user.uid,
        role: invitation.role,
        joinedAt: now,
      });
    }
    await setSessionTeam(tx, member.sessionHash, invitation.teamId);
    // Sent at commit: the team's open dashboards show the new colleague.
    await announce(tx, { kind: 'team-changed', teamId: invitation.teamId });
  });
  return listMyTeams(db, { user: member.user, teamId: invitation.teamId });
}
