import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiScope } from '#domain/api-access';
import type { Tier } from '#domain/plans';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { apiTokens, sessions, teamMembers, teams } from '../db/schema/index.ts';

/**
 * API tokens (docs/integrations.md "Tokens", decision 0049). A token is two rows written together: its
 * own (name, scopes, the SHA-256 of its secret) and a session row under the same hash, acting as the
 * member who made it in the token's team, so the statements that check a session in their own round
 * trip check a token the same way. Revoking deletes the session row with the token's revocation.
 */

/** A token's session never ends by itself: it ends when the token is revoked (its row deleted). */
const TOKEN_SESSION_END = new Date('9999-12-31T00:00:00Z');

/** A token's session's last use is written at most this often (the same rule as a person's session). */
const TOUCH_INTERVAL = '1 minute';

export interface TokenRow {
  id: string;
  name: string;
  scopes: ApiScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  createdAt: apiTokens.createdAt,
  // The session's last use; equal to its creation until it is first used.
  lastUsedAt: sql<Date | null>`nullif(${sessions.lastSeenAt}, ${sessions.createdAt})`.mapWith(
    (value: string | Date | null) => (value === null ? null : new Date(value)),
  ),
};

export async function insertApiToken(
  db: Database,
  row: {
    id: string;
    teamId: string;
    createdBy: string;
    name: string;
    scopes: ApiScope[];
    secretHash: string;
    now: Date;
  },
): Promise<void> {
  const { now, ...token } = row;
  await db.insert(apiTokens).values({ ...token, createdAt: now });
  await db.insert(sessions).values({
    idHash: row.secretHash,
    userId: row.createdBy,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: TOKEN_SESSION_END,
    userAgent: `API token ${row.id}`,
    activeTeamId: row.teamId,
    apiTokenId: row.id,
  });
}

/** The live tokens of a team, newest first. */
export async function liveTokensOf(db: Database, teamId: string): Promise<TokenRow[]> {
  return db
    .select(tokenColumns)
    .from(apiTokens)
    .leftJoin(sessions, eq(sessions.apiTokenId, apiTokens.id))
    .where(and(eq(apiTokens.teamId, teamId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export async function liveTokenOf(db: Database, teamId: string, tokenId: string) {
  const [row] = await db
    .select(tokenColumns)
    .from(apiTokens)
    .leftJoin(sessions, eq(sessions.apiTokenId, apiTokens.id))
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.teamId, teamId), isNull(apiTokens.revokedAt)));
  return row;
}

export async function countLiveTokens(db: Database, teamId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.teamId, teamId), isNull(apiTokens.revokedAt)));
  return row?.n ?? 0;
}

/** Revokes a live token of the team: its row says when, its session row goes. False when none. */
export async function revokeApiToken(db: Database, teamId: string, tokenId: string, now: Date) {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.teamId, teamId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (revoked.length === 0) return false;
  await db.delete(sessions).where(eq(sessions.apiTokenId, tokenId));
  return true;
}

/** Revokes every live token a member made in a team (they left it: a token acts as them). */
export async function revokeTokensOfMember(db: Database, teamId: string, userId: string, now: Date) {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.teamId, teamId), eq(apiTokens.createdBy, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  for (const { id } of revoked) await db.delete(sessions).where(eq(sessions.apiTokenId, id));
  return revoked.length;
}

/** What a bearer request's token is, as the plugin checks it. */
export interface BearerToken {
  id: string;
  teamId: string;
  scopes: ApiScope[];
  tier: Tier;
}

/**
 * The live token of this secret hash whose maker is still a member of its team, with the team's plan,
 * in one statement that also notes its use (at most once a minute, on its session row: lastUsedAt).
 */
const bearerTokenQuery = preparedPerDatabase((db) => {
  const found = db.$with('found').as(
    db
      .select({
        id: apiTokens.id,
        teamId: apiTokens.teamId,
        scopes: apiTokens.scopes,
        tier: teams.tier,
        idHash: sessions.idHash,
        touch: sql<boolean>`(${sessions.lastSeenAt} = ${sessions.createdAt}
          or ${sessions.lastSeenAt} < cast(${sql.placeholder('now')} as timestamptz) - interval '${sql.raw(TOUCH_INTERVAL)}')`.as(
          'touch',
        ),
      })
      .from(apiTokens)
      .innerJoin(sessions, eq(sessions.apiTokenId, apiTokens.id))
      .innerJoin(teams, eq(teams.id, apiTokens.teamId))
      .innerJoin(
        teamMembers,
        and(eq(teamMembers.teamId, apiTokens.teamId), eq(teamMembers.userId, apiTokens.createdBy)),
      )
      .where(and(eq(apiTokens.secretHash, sql.placeholder('hash')), isNull(apiTokens.revokedAt))),
  );
  const touched = db.$with('touched').as(
    db
      .update(sessions)
      .set({ lastSeenAt: sql`cast(${sql.placeholder('now')} as timestamptz)` })
      .where(sql`${sessions.idHash} in (select "id_hash" from "found" where "touch")`)
      .returning({ idHash: sessions.idHash }),
  );
  return db
    .with(found, touched)
    .select({ id: found.id, teamId: found.teamId, scopes: found.scopes, tier: found.tier })
    .from(found)
    .prepare('bearer_token');
});

export async function findBearerToken(db: Database, secretHash: string, now: Date) {
  const [row] = await bearerTokenQuery(db).execute({ hash: secretHash, now: now.toISOString() });
  return row as BearerToken | undefined;
}
