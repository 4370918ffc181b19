import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { sessions, users } from '../db/schema/index.ts';
import { ACTIVE_TEAM_OF_SESSION, isLiveSession, liveSession } from './access.ts';

/** The sessions table (docs/decisions/0002): rows keyed by the SHA-256 of the cookie's secret. */

export async function insertSession(
  db: Database,
  row: { idHash: string; userId: string; createdAt: Date; expiresAt: Date; userAgent: string },
): Promise<void> {
  await db.insert(sessions).values({ ...row, lastSeenAt: row.createdAt });
}

/** Runs on every signed-in request: two primary-key lookups, prepared once per connection. */
const liveSessionWithUser = preparedPerDatabase((db) =>
  db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      uid: users.id,
      email: users.email,
      displayName: users.displayName,
      language: users.language,
      profileImageUrl: users.profileImageUrl,
      teamId: ACTIVE_TEAM_OF_SESSION,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(isLiveSession(sql.placeholder('idHash'), sql.placeholder('now')))
    .limit(1)
    .prepare('session_by_hash'),
);

/** The live session of this id hash with its user, or undefined. */
export async function findLiveSessionWithUser(db: Database, idHash: string, now: Date) {
  const [row] = await liveSessionWithUser(db).execute({ idHash, now: now.toISOString() });
  return row;
}

/** The user of a live session and its active team, or null. */
export async function liveSessionMember(
  db: Database,
  idHash: string,
  now: Date,
): Promise<{ userId: string; teamId: string | null } | null> {
  const [row] = await liveSession(db, idHash, now);
  return row ? { userId: row.userId, teamId: row.teamId } : null;
}

/** The team this session works in from now on (the caller checked that its user is a member). */
export async function setSessionTeam(db: Database, idHash: string, teamId: string): Promise<void> {
  await db.update(sessions).set({ activeTeamId: teamId }).where(eq(sessions.idHash, idHash));
}

export async function touchSession(db: Database, idHash: string, lastSeenAt: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Database, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteSessionsExpiredBefore(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ idHash: sessions.idHash });
  return deleted.length;
}
