import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tier } from '#domain/plans';
import type { InvitableRole, TeamRole } from '#domain/teams';
import type { Database } from '../db/client.ts';
import {
  checklists,
  photos,
  teamDepartures,
  teamInvitations,
  teamMembers,
  teams,
  users,
} from '../db/schema/index.ts';

/**
 * Teams, their people and their invitations (docs/teams.md). Who may change what is the service's and
 * the policy's (services/teams.ts, policies/teams.ts); these statements only read and write.
 */

export type TeamRow = typeof teams.$inferSelect;
export type InvitationRow = typeof teamInvitations.$inferSelect;

/** Makes a team, unless one has this id already (a first sign-in racing another). */
export async function insertTeam(
  db: Database,
  team: { id: string; name: string; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(teams)
    .values({ id: team.id, name: team.name, createdAt: team.now, updatedAt: team.now })
    .onConflictDoNothing()
    .returning({ id: teams.id });
  return inserted.length > 0;
}

export async function insertMember(
  db: Database,
  member: { teamId: string; userId: string; role: TeamRole; joinedAt: Date },
): Promise<void> {
  await db.insert(teamMembers).values(member).onConflictDoNothing();
  await db
    .delete(teamDepartures)
    .where(and(eq(teamDepartures.teamId, member.teamId), eq(teamDepartures.userId, member.userId)));
}

export async function teamExists(db: Database, teamId: string): Promise<boolean> {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  return Boolean(row);
}

export async function findTeam(db: Database, teamId: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
  return row;
}

/** The user's role in the team, or null when they are not a member. */
export async function roleIn(db: Database, teamId: string, userId: string): Promise<TeamRole | null> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role ?? null;
}

/** The teams of a user with their role there: those they own first, then by when they joined. */
export async function teamsOf(db: Database, userId: string) {
  return db
    .select({ id: teams.id, name: teams.name, tier: teams.tier, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(desc(sql`${teamMembers.role} = 'owner'`), asc(teamMembers.joinedAt), asc(teams.id));
}

/** The team's row locked until the transaction ends: changes to its people or plan queue here. */
export async function lockTeam(db: Database, teamId: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).for('update');
  return row;
}

export async function setTeamTier(db: Database, teamId: string, tier: Tier): Promise<void> {
  await db.update(teams).set({ tier, updatedAt: new Date() }).where(eq(teams.id, teamId));
}

/** The team's members: the owner, then admins, then members, each by when they joined. */
export async function membersOf(db: Database, teamId: string) {
  return db
    .select({
      uid: users.id,
      email: users.email,
      displayName: users.displayName,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(
      sql`case ${teamMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(teamMembers.joinedAt),
      asc(users.id),
    );
}

/** An invitation that still takes a seat: not accepted, not withdrawn, not past its time. */
function isPending(now: Date) {
  return and(
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.withdrawnAt),
    gt(teamInvitations.expiresAt, now),
  );
}

/**
 * The team's open invitations, newest first: pending ones, and those past their 7 days that nobody
 * closed (the Team page offers to resend them; they take no seat).
 */
export async function openInvitationsOf(db: Database, teamId: string) {
  return db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.withdrawnAt),
      ),
    )
    .orderBy(desc(teamInvitations.createdAt), asc(teamInvitations.id));
}

/** Seats in use: members plus pending invitations. */
export async function seatsUsed(db: Database, teamId: string, now: Date): Promise<number> {
  const [members] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  const [invited] = await db
    .select({ n: count() })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), isPending(now)));
  return Number(members?.n ?? 0) + Number(invited?.n ?? 0);
}

/**
 * The open invitation of this address to this team (pending or past its time but never closed), if
 * any: at most one (a partial unique index).
 */
export async function openInvitationFor(db: Database, teamId: string, email: string) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        eq(teamInvitations.email, email),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.withdrawnAt),
      ),
    );
  return row;
}

export async function insertInvitation(
  db: Database,
  invitation: {
    id: string;
    teamId: string;
    email: string;
    role: InvitableRole;
    tokenHash: string;
    invitedBy: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const [row] = await db.insert(teamInvitations).values(invitation).returning();
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
}

/** The team's invitation of this id, whatever its state. */
export async function findInvitation(db: Database, teamId: string, invitationId: string) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.id, invitationId)));
  return row;
}

/** The invitation of a link, with what the join page tells: the team's name and who invited. */
export async function invitationByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      invitation: teamInvitations,
      teamName: teams.name,
      inviterName: users.displayName,
      inviterEmail: users.email,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.tokenHash, tokenHash));
  return row;
}

export async function withdrawInvitation(db: Database, invitationId: string, now: Date): Promise<void> {
  await db.update(teamInvitations).set({ withdrawnAt: now }).where(eq(teamInvitations.id, invitationId));
}

/** A new link for the invitation (the old one stops working) and a new 7 days. */
export async function renewInvitation(
  db: Database,
  invitationId: string,
  renewal: { tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(teamInvitations)
    .set(renewal)
    .where(eq(teamInvitations.id, invitationId))
    .returning();
  return row;
}

/** Closes a pending invitation as used by this user; false when it was not pending any more. */
export async function acceptInvitation(
  db: Database,
  invitationId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const accepted = await db
    .update(teamInvitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(teamInvitations.id, invitationId), isPending(now)))
    .returning({ id: teamInvitations.id });
  return accepted.length > 0;
}

export async function setMemberRole(
  db: Database,
  teamId: string,
  userId: string,
  role: TeamRole,
): Promise<void> {
  await db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/**
 * Takes someone out of a team: their membership goes, their departure is kept (their next request
 * says why it is refused), and the team's checklists assigned to them become unassigned. What they
 * made stays with the team.
 */
export async function removeMember(
  db: Database,
  teamId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const removed = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  if (removed.length === 0) return false;
  await db
    .insert(teamDepartures)
    .values({ teamId, userId, leftAt: now })
    .onConflictDoUpdate({ target: [teamDepartures.teamId, teamDepartures.userId], set: { leftAt: now } });
  await db
    .update(checklists)
    .set({ assigneeUid: null })
    .where(and(eq(checklists.teamId, teamId), eq(checklists.assigneeUid, userId)));
  return true;
}

/** Teams whose owner has this e-mail (an operator's `set-tier`): their ids. */
export async function teamsOwnedByEmail(db: Database, email: string): Promise<string[]> {
  const rows = await db
    .select({ id: teamMembers.teamId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(users.email, email), eq(teamMembers.role, 'owner')));
  return rows.map((row) => row.id);
}

export async function setManualTier(db: Database, teamId: string, manualTier: Tier | null): Promise<void> {
  await db.update(teams).set({ manualTier, updatedAt: new Date() }).where(eq(teams.id, teamId));
}

/** The owner of a team (the one who pays), with their address and language. */
export async function ownerOfTeam(db: Database, teamId: string) {
  const [row] = await db
    .select({ uid: users.id, email: users.email, displayName: users.displayName, language: users.language })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')));
  return row;
}

/** Whether this user left (or was removed from) the team of this checklist and is not back in it. */
export async function leftTeamOf(db: Database, userId: string, checklistId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(teamDepartures)
    .innerJoin(checklists, eq(checklists.teamId, teamDepartures.teamId))
    .where(
      and(
        eq(checklists.id, checklistId),
        eq(teamDepartures.userId, userId),
        sql`not exists (select 1 from ${teamMembers} m where m.team_id = ${teamDepartures.teamId} and m.user_id = ${userId})`,
      ),
    );
  return Boolean(row);
}
