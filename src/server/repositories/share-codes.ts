import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { SHARE_LIMITS } from '#domain/sharing';
import type { Database } from '../db/client.ts';
import { shares } from '../db/schema/index.ts';
import { isShareLive } from './access.ts';
import { shareWithOwner } from './shares.ts';

/**
 * A share's live code and what guards it (docs/decisions/0017, 0018): every verify try counts against
 * the link's window, every comparison takes one of the code's and the link's tries first (so parallel
 * guesses get no more), the link locks when its wrong tries run out, and a right code is consumed by
 * exactly one request.
 */

/**
 * Counts a verify try against the link's window (one window of `windowMs` at a time) and answers
 * the share as it now stands; undefined for an unknown, revoked or replaced link.
 */
export async function countVerifyTry(db: Database, tokenHash: string, now: Date, windowMs: number) {
  const windowStart = new Date(now.getTime() - windowMs);
  const fresh = or(isNull(shares.verifyWindowStart), lt(shares.verifyWindowStart, windowStart));
  const [share] = await db
    .update(shares)
    .set({
      verifyWindowStart: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${shares.verifyWindowStart} end`,
      verifyWindowCount: sql`case when ${fresh} then 1 else ${shares.verifyWindowCount} + 1 end`,
    })
    .where(and(eq(shares.tokenHash, tokenHash), isShareLive()))
    .returning();
  return share;
}

/**
 * Takes one of the live code's tries before it is compared (so parallel guesses cannot get more),
 * and one of the link's (SHARE_LIMITS.linkMaxWrongTries across its codes): the tries of the code and
 * of the link so far, or undefined when the code changed, either has none left, or the link is locked.
 */
export async function takeCodeTry(db: Database, shareId: string, codeHash: string) {
  const [row] = await db
    .update(shares)
    .set({
      codeWrongTries: sql`${shares.codeWrongTries} + 1`,
      linkWrongTries: sql`${shares.linkWrongTries} + 1`,
    })
    .where(
      and(
        eq(shares.id, shareId),
        eq(shares.codeHash, codeHash),
        lt(shares.codeWrongTries, SHARE_LIMITS.codeMaxTries),
        lt(shares.linkWrongTries, SHARE_LIMITS.linkMaxWrongTries),
        isNull(shares.linkLockedAt),
      ),
    )
    .returning({ tries: shares.codeWrongTries, linkTries: shares.linkWrongTries });
  return row;
}

/** Whether the share's link is locked, or has no tries left and will be at its last wrong one. */
export async function linkLockState(db: Database, shareId: string) {
  const [row] = await db
    .select({ linkWrongTries: shares.linkWrongTries, linkLockedAt: shares.linkLockedAt })
    .from(shares)
    .where(eq(shares.id, shareId));
  return row;
}

/**
 * Locks the link (its wrong tries ran out): only the first caller does, and gets what the owner's
 * notice needs (their address, the checklist's name, the share's recipient); undefined otherwise.
 */
export async function lockLink(db: Database, shareId: string, now: Date) {
  const locked = await db
    .update(shares)
    .set({ linkLockedAt: now, codeHash: null, codeExpiresAt: null })
    .where(and(eq(shares.id, shareId), isNull(shares.linkLockedAt)))
    .returning({ id: shares.id });
  if (locked.length === 0) return undefined;
  return shareWithOwner(db, eq(shares.id, shareId));
}

/** Consumes the code (exactly one request can); whether this one did. The link's tries start over. */
export async function consumeCode(db: Database, shareId: string, codeHash: string): Promise<boolean> {
  const consumed = await db
    .update(shares)
    .set({ codeHash: null, codeExpiresAt: null, codeWrongTries: 0, linkWrongTries: 0 })
    .where(and(eq(shares.id, shareId), eq(shares.codeHash, codeHash), isNull(shares.linkLockedAt)))
    .returning({ id: shares.id });
  return consumed.length > 0;
}

/**
 * Forgets the codes that expired before `before` (the periodic job): their keyed hashes are of no
 * more use to anyone. The tries and the resend throttle are left as they are. Answers how many.
 */
export async function clearCodesExpiredBefore(db: Database, before: Date): Promise<number> {
  const cleared = await db
    .update(shares)
    .set({ codeHash: null, codeExpiresAt: null })
    .where(and(isNotNull(shares.codeHash), lt(shares.codeExpiresAt, before)))
    .returning({ id: shares.id });
  return cleared.length;
}
