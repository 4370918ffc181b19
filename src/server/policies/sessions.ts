import { AppError } from '#domain/errors';
import { hashSecret } from '../ids.ts';

/**
 * The rules of a signed-in session (docs/decisions/0002): how long it lives and when its expiry
 * slides. Which session rows count as live is the database's side of it (repositories/access.ts).
 */

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

/** How often a session's last-seen time is written: reads within this window cost no write. */
const TOUCH_INTERVAL_MS = 60_000;

/** What a query that checks the session itself must select, to keep the session alive. */
export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

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

/** When a new session ends unless it is used: the idle time, never beyond the absolute maximum. */
export function firstExpiry(policy: SessionPolicy, now: Date): Date {
  return new Date(now.getTime() + Math.min(policy.idleMs, policy.maxMs));
}

/**
 * Sliding idle expiry, capped by the absolute maximum from the session's creation, written at most
 * once a minute per session: the new expiry to write, or null when this use needs no write.
 */
export function slidExpiry(check: SessionCheck, times: SessionTimes): Date | null {
  const { now, policy } = check;
  if (now.getTime() - times.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return null;
  const absoluteEnd = times.createdAt.getTime() + policy.maxMs;
  return new Date(Math.min(now.getTime() + policy.idleMs, absoluteEnd));
}
