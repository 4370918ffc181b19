import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { checklists, sessions, shares } from '../db/schema.ts';
import { sessionAndRevision } from '../services/checklists.ts';
import { keepSessionAlive, type SessionPolicy } from '../services/sessions.ts';
import { recipientAccessFor } from '../services/share-verification.ts';

/**
 * Who a socket may follow, asked of the database the way the HTTP reads ask it: a subscribe is a
 * read of the checklist (the owner's own, or one this browser holds a live grant for).
 */

/** What a socket presented when it connected: hashes of its cookies, never the cookies themselves. */
export interface SocketIdentity {
  /** sessions.id_hash of the owner's session cookie, or null. */
  sessionHash: string | null;
  /** The recipient cookie's hash (share_grants.browser_hash), or null. */
  browserHash: string | null;
}

export type SubscriberKind = 'owner' | 'recipient';

export interface SubscriptionGrant {
  kind: SubscriberKind;
  ownerId: string;
  revision: number;
}

export type OwnerCheck =
  /** The session is gone or expired. */
  { session: 'ended' } | { session: 'live'; userId: string; grant: SubscriptionGrant | null };

/** As the owner: the session and the checklist's revision in one round trip (as GET does), kept alive. */
export async function ownerSubscription(
  db: Database,
  sessionHash: string,
  policy: SessionPolicy,
  checklistId: string,
  now = new Date(),
): Promise<OwnerCheck> {
  const check = { idHash: sessionHash, policy, now };
  const row = await sessionAndRevision(db, check, checklistId);
  if (!row) return { session: 'ended' };
  await keepSessionAlive(db, check, {
    createdAt: row.sessionCreatedAt,
    lastSeenAt: row.sessionLastSeenAt,
    expiresAt: row.sessionExpiresAt,
  });
  return {
    session: 'live',
    userId: row.userId,
    grant: row.revision === null ? null : { kind: 'owner', ownerId: row.userId, revision: row.revision },
  };
}

/** As a recipient: a live grant of this browser on a live share of the checklist. */
export async function recipientSubscription(
  db: Database,
  browserHash: string,
  checklistId: string,
  now = new Date(),
): Promise<SubscriptionGrant | null> {
  const access = await recipientAccessFor(db, browserHash, checklistId, now);
  if (!access) return null;
  const [row] = await db
    .select({ ownerId: checklists.userId, revision: checklists.revision })
    .from(checklists)
    .where(eq(checklists.id, checklistId));
  return row ? { kind: 'recipient', ...row } : null;
}

/** The user of a live session, without extending it (an open socket alone is not activity). */
export async function liveSessionUser(db: Database, sessionHash: string, now = new Date()) {
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.idHash, sessionHash), gt(sessions.expiresAt, now)));
  return row?.userId ?? null;
}

/** The recipient id a share names (the update's recipientId); null when the share is gone. */
export async function recipientIdOfShare(db: Database, shareId: string): Promise<string | null> {
  const [row] = await db
    .select({ recipientId: shares.recipientId })
    .from(shares)
    .where(eq(shares.id, shareId));
  return row?.recipientId ?? null;
}
