import { AppError } from '#domain/errors';
import { PLAN_LIMITS } from '#domain/plans';
import { defaultTeamName, type MyTeam, TEAM_MESSAGES, type TeamResponse, type TeamRole } from '#domain/teams';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import type { SignedInMember } from '../policies/checklists.ts';
import { presentInvitation, presentMember } from '../presenters/teams.ts';
import { setSessionTeam } from '../repositories/sessions.ts';
import {
  findTeam,
  insertMember,
  insertTeam,
  membersOf,
  openInvitationsOf,
  roleIn,
  seatsUsed,
  teamsOf,
} from '../repositories/teams.ts';

/**
 * Teams (docs/teams.md): the team everyone has, the active team of a session, and what the Team page
 * reads. Invitations are services/team-invitations.ts, people and roles services/team-members.ts.
 */

/** Who is making a change to the team's people: a member of it, with their role. */
export interface TeamActor {
  userId: string;
  teamId: string;
  role: TeamRole;
}

/**
 * The user's first team, made if they have none: at the first sign-in, and after they left their
 * last one. The first is keyed by their user id (as the migration made the teams of earlier owners);
 * if that id is taken (a team they left), a new one. Answers the team's id.
 */
export async function ensureTeam(
  db: Database,
  user: { uid: string; email: string; displayName: string },
  now = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    const [first] = await teamsOf(tx, user.uid);
    if (first) return first.id;
    const name = defaultTeamName(user.displayName, user.email);
    let teamId = user.uid;
    if (!(await insertTeam(tx, { id: teamId, name, now }))) {
      teamId = newId('team');
      await insertTeam(tx, { id: teamId, name, now });
    }
    await insertMember(tx, { teamId, userId: user.uid, role: 'owner', joinedAt: now });
    return teamId;
  });
}

/** The member's role in their active team; a session always has one (services/sessions.ts). */
export async function teamActor(db: Database, member: SignedInMember): Promise<TeamActor> {
  const role = await roleIn(db, member.teamId, member.user.uid);
  // Removed between the session's read and this one: as if the team were not there.
  if (!role) throw new AppError('not_found', TEAM_MESSAGES.notAMember);
  return { userId: member.user.uid, teamId: member.teamId, role };
}

/** GET /api/team: the active team with its plan, seats, storage, people and pending invitations. */
export async function readTeam(db: Database, actor: TeamActor, now = new Date()): Promise<TeamResponse> {
  const team = await findTeam(db, actor.teamId);
  if (!team) throw new AppError('not_found', TEAM_MESSAGES.notAMember);
  const [members, invitations, used] = await Promise.all([
    membersOf(db, team.id),
    openInvitationsOf(db, team.id),
    seatsUsed(db, team.id, now),
  ]);
  const limits = PLAN_LIMITS[team.tier];
  return {
    team: {
      id: team.id,
      name: team.name,
      tier: team.tier,
      seats: { used, limit: limits.maxSeats },
      storage: { usedBytes: Math.max(0, team.storageUsedBytes), limitBytes: limits.storageBytes },
    },
    myRole: actor.role,
    members: members.map(presentMember),
    invitations: invitations.map(presentInvitation),
  };
}

/** GET /api/teams: mine, the active one marked. */
export async function listMyTeams(db: Database, member: SignedInMember): Promise<MyTeam[]> {
  const rows = await teamsOf(db, member.user.uid);
  return rows.map((row) => ({ ...row, active: row.id === member.teamId }));
}

/** POST /api/teams/active: the session works in this team from now on; not a member: 404. */
export async function chooseActiveTeam(
  db: Database,
  member: SignedInMember & { sessionHash: string },
  teamId: string,
): Promise<MyTeam[]> {
  if (!(await roleIn(db, teamId, member.user.uid))) throw new AppError('not_found', 'Team not found');
  await setSessionTeam(db, member.sessionHash, teamId);
  return listMyTeams(db, { ...member, teamId });
}
