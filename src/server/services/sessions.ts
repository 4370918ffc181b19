import type { User } from '#domain/user';
import type { Database } from '../db/client.ts';
import { hashSecret, newSecret } from '../ids.ts';
import {
  firstExpiry,
  type SessionCheck,
  type SessionPolicy,
  type SessionTimes,
  sessionCheck,
  slidExpiry,
} from '../policies/sessions.ts';
import { presentUser } from '../presenters/users.ts';
import {
  deleteSession,
  deleteSessionsExpiredBefore,
  findLiveSessionWithUser,
  insertSession,
  touchSession,
} from '../repositories/sessions.ts';
import { ensureTeam } from './teams.ts';

/** Signed-in sessions: opening, resolving (with sliding expiry), closing and sweeping them. */

export interface ActiveSession {
  user: User;
  /** The team the session works in (docs/teams.md): chosen in the header, else the user's first. */
  teamId: string;
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
  const expiresAt = firstExpiry(policy, now);
  await insertSession(db, {
    idHash: hashSecret(secret),
    userId,
    createdAt: now,
    expiresAt,
    userAgent: userAgent.slice(0, 512),
  });
  return { secret, expiresAt };
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
  const expiresAt = slidExpiry(check, times);
  if (!expiresAt) return times.expiresAt;
  await touchSession(db, check.idHash, check.now, expiresAt);
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
  const row = await findLiveSessionWithUser(db, check.idHash, now);
  if (!row) return null;
  const expiresAt = await keepSessionAlive(db, check, row);
  const teamId = row.teamId ?? (await ensureTeam(db, row));
  return { user: presentUser(row), teamId, expiresAt };
}

export async function closeSession(db: Database, secret: string): Promise<void> {
  await deleteSession(db, hashSecret(secret));
}

/** Deletes the sessions past their expiry (the periodic job); answers how many went. */
export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<number> {
  return deleteSessionsExpiredBefore(db, now);
}
