import { and, eq } from 'drizzle-orm';
import type { Tier } from '#domain/plans';
import type { Database } from '#server/db/client';
import { teamMembers, teams } from '#server/db/schema/index';

/**
 * The plan is the team's (docs/teams.md): what the API tests used to set on the user (`users.tier`)
 * they now set on the team the user owns, the team their first sign-in made.
 */

/** The id of the team this user owns (their first team's id is their user id); throws if none. */
export async function ownedTeamId(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.role, 'owner')))
    .orderBy(teamMembers.joinedAt)
    .limit(1);
  if (!row) throw new Error(`user ${userId} owns no team`);
  return row.teamId;
}

/** Puts the team this user owns on this plan, as a paid subscription or an operator would. */
export async function setOwnedTeamTier(db: Database, userId: string, tier: Tier): Promise<void> {
  await db
    .update(teams)
    .set({ tier })
    .where(eq(teams.id, await ownedTeamId(db, userId)));
}
