import { AppError } from '#domain/errors';
import { canManageMembers, TEAM_MESSAGES, type TeamResponse, type TeamRole } from '#domain/teams';
import type { Database } from '../db/client.ts';
import { revokeTokensOfMember } from '../repositories/api-tokens.ts';
import { announce } from '../repositories/change-notices.ts';
import {
  lockTeam,
  removeMember as removeMembership,
  roleIn,
  setMemberRole,
  teamsOf,
} from '../repositories/teams.ts';
import { findUserById } from '../repositories/users.ts';
import { ensureTeam, readTeam, type TeamActor } from './teams.ts';

/**
 * A team's people (docs/teams.md): roles changed and ownership handed over by the owner and admins,
 * members removed, anyone leaving. A removed member loses access at once (their next request is 404,
 * their sockets close) and nothing of theirs is deleted: what they made stays with the team.
 */

function memberNotFound(): AppError {
  return new AppError('not_found', TEAM_MESSAGES.memberNotFound);
}

/**
 * PATCH /api/team/members/{uid}: owner and admins change roles between admin and member; 'owner'
 * hands ownership over (the owner only; they become an admin). The owner's own role changes only by
 * handing it over. Answers the team as it now is.
 */
export async function changeMemberRole(
  db: Database,
  actor: TeamActor,
  uid: string,
  role: TeamRole,
  now = new Date(),
): Promise<TeamResponse> {
  if (!canManageMembers(actor.role)) throw new AppError('forbidden', TEAM_MESSAGES.forbidden);
  await db.transaction(async (tx) => {
    await lockTeam(tx, actor.teamId);
    const current = await roleIn(tx, actor.teamId, uid);
    if (!current) throw memberNotFound();
    if (current === role) return;
    if (current === 'owner') throw new AppError('forbidden', TEAM_MESSAGES.oneOwner);
    if (role === 'owner') {
      if (actor.role !== 'owner') throw new AppError('forbidden', TEAM_MESSAGES.billingOwnerOnly);
      // One owner at any moment (a unique index): the old one steps down first.
      await setMemberRole(tx, actor.teamId, actor.userId, 'admin');
    }
    await setMemberRole(tx, actor.teamId, uid, role);
    await announce(tx, { kind: 'team-changed', teamId: actor.teamId });
  });
  const myRole = role === 'owner' ? 'admin' : actor.role;
  return readTeam(db, { ...actor, role: myRole }, now);
}

/**
 * DELETE /api/team/members/{uid}: the owner and admins remove anyone but the owner; anyone may
 * remove themself (leave), the owner only after handing ownership over. Someone left with no team
 * gets a new one of their own, as at their first sign-in.
 */
export async function removeTeamMember(
  db: Database,
  actor: TeamActor,
  uid: string,
  now = new Date(),
): Promise<void> {
  const leaving = uid === actor.userId;
  if (!leaving && !canManageMembers(actor.role)) throw new AppError('forbidden', TEAM_MESSAGES.forbidden);
  await db.transaction(async (tx) => {
    await lockTeam(tx, actor.teamId);
    const current = await roleIn(tx, actor.teamId, uid);
    if (!current) throw memberNotFound();
    if (current === 'owner') {
      throw new AppError('forbidden', leaving ? TEAM_MESSAGES.ownerCannotLeave : TEAM_MESSAGES.oneOwner);
    }
    await removeMembership(tx, actor.teamId, uid, now);
    // A token acts as the member who made it: theirs end with their membership (decision 0049).
    await revokeTokensOfMember(tx, actor.teamId, uid, now);
    // Sent at commit: their open sockets close, the team's screens refetch its people.
    await announce(tx, { kind: 'membership-ended', teamId: actor.teamId, userId: uid });
  });
  const [anyTeam] = await teamsOf(db, uid);
  if (!anyTeam) {
    const user = await findUserById(db, uid);
    if (user) await ensureTeam(db, { uid: user.id, email: user.email, displayName: user.displayName }, now);
  }
}
