import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { User } from '#domain/user';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { sessions, users } from '../db/schema.ts';
import { hashSecret, newSecret } from '../ids.ts';
import { asLanguage } from './users.ts';

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

/** How often a session's last-seen time is written: reads within this window cost no write. */
const TOUCH_INTERVAL_MS = 60_000;

export interface ActiveSession {
  user: User;
  expiresAt: Date;
}

/** Opens a session for the user and answers the cookie's secret (only its hash is stored). */
export async function openSession(
  db: Database,
  userId: string,
  policy: SessionPolicy,
  userAgent: string,
  now = new Date(),
): Promise<{ secret: string; expiresAt: Date }> {
  const secret = newSecret();
  const expiresAt = new Date(now.getTime() + Math.min(policy.idleMs, policy.maxMs));
  await db.insert(sessions).values({
    idHash: hashSecret(secret),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: userAgent.slice(0, 512),
  });
  return { secret, expiresAt };
}

/** Runs on every signed-in request: two primary-key lookups, prepared once per connection. */
const sessionByHash = preparedPerDatabase((db) =>
  db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      uid: users.id,
      email: users.email,
      displayName: users.displayName,
      language: users.language,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .limit(1)
    .prepare('session_by_hash'),
);

/** What a query that checks the session itself must select, to keep the session alive. */
export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** The session columns for such a query (sliding expiry needs all three). */
export const sessionTimeColumns = {
  sessionCreatedAt: sessions.createdAt,
  sessionLastSeenAt: sessions.lastSeenAt,
  sessionExpiresAt: sessions.expiresAt,
};

/** The proof of a session a request carries, for queries that check it in the same round trip. */
export interface SessionCheck {
  idHash: string;
  policy: SessionPolicy;
  now: Date;
}

export function sessionCheck(secret: string, policy: SessionPolicy, now = new Date()): SessionCheck {
  return { idHash: hashSecret(secret), policy, now };
}

export function sessionRequired(): AppError {
  return new AppError('unauthenticated', 'Please sign in to continue.');
}

/**
 * Sliding idle expiry, capped by the absolute maximum from the session's creation. Written at most
 * once a minute per session, so most requests cost no write. Answers when the session now expires.
 */
export async function keepSessionAlive(
  db: Database,
  check: SessionCheck,
  times: SessionTimes,
): Promise<Date> {
  const { now, policy } = check;
  if (now.getTime() - times.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return times.expiresAt;
  const absoluteEnd = times.createdAt.getTime() + policy.maxMs;
  const expiresAt = new Date(Math.min(now.getTime() + policy.idleMs, absoluteEnd));
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.idHash, check.idHash));
  return expiresAt;
}

/** The user behind a session cookie, or null when it is unknown or expired; keeps it alive. */
export async function resolveSession(
  db: Database,
  secret: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<ActiveSession | null> {
  const check = sessionCheck(secret, policy, now);
  const [row] = await sessionByHash(db).execute({ idHash: check.idHash, now: now.toISOString() });
  if (!row) return null;
  const expiresAt = await keepSessionAlive(db, check, row);
  return {
    user: {
      uid: row.uid,
      email: row.email,
      displayName: row.displayName,
      language: asLanguage(row.language),
    },
    expiresAt,
  };
}

export async function closeSession(db: Database, secret: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashSecret(secret)));
}

export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
