import { and, count, desc, eq, exists, gt, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { SHARE_LIMITS, type ShareChannel } from '#domain/sharing';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import {
  type CODE_REQUESTERS,
  checklistActivity,
  checklists,
  shareCodeSends,
  shareGrants,
  shares,
  users,
} from '../db/schema/index.ts';
import { isGrantUnexpired, isShareLive } from './access.ts';

/**
 * Verified sharing's tables: shares (one a contact of a checklist, with its link and live code), the
 * grants browsers earn by proving a code, and the record of codes sent. A share's link works while it
 * is not revoked; a grant is live while unexpired and its share's link works (repositories/access.ts).
 */

export type ShareRow = typeof shares.$inferSelect;

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
 * The browser's grants move to its new name (its recipient cookie was replaced on a verification):
 * the old cookie grants nothing from here on. Deleted and inserted, not updated, so that sockets
 * opened with the old cookie are checked again at once (the share_grants_ended notice, 0008).
 */
export async function moveGrants(db: Database, fromHash: string, toHash: string): Promise<void> {
  await db.execute(sql`
    with moved as (
      delete from ${shareGrants} where ${shareGrants.browserHash} = ${fromHash}
      returning share_id, checklist_id, created_at, expires_at
    )
    insert into ${shareGrants} (browser_hash, share_id, checklist_id, created_at, expires_at)
    select ${toHash}, share_id, checklist_id, created_at, expires_at from moved`);
}

/** Grants the browser the share until `expiresAt` (a browser verifying again gets a fresh term). */
export async function upsertGrant(
  db: Database,
  grant: { browserHash: string; shareId: string; checklistId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(shareGrants)
    .values(grant)
    .onConflictDoUpdate({
      target: [shareGrants.browserHash, shareGrants.shareId],
      set: { expiresAt: grant.expiresAt },
    });
}

/**
 * This browser's grant on the share of this link while the link works, with whether the grant is
 * still unexpired (an expired one is told apart: the page says so), the owner's name, the languages
 * of the checklist's texts and its owner and current revision (the read cache's key); undefined when
 * it has none.
 */
const grantByTokenQuery = preparedPerDatabase((db) => {
  const p = (name: string) => sql.placeholder(name);
  return db
    .select({
      // Only what the answers say of the share: the row's other columns (times, code state) would
      // cost parsing on every read of the shared page.
      share: {
        id: shares.id,
        checklistId: shares.checklistId,
        recipientId: shares.recipientId,
        recipientName: shares.recipientName,
        channel: shares.channel,
        contact: shares.contact,
        targetLanguage: shares.targetLanguage,
      },
      unexpired: sql<boolean>`${isGrantUnexpired(p('now'))}`,
      ownerDisplayName: users.displayName,
      ownerEmail: users.email,
      ownerLanguage: users.language,
      remarksLanguage: checklists.remarksLanguage,
      ownerId: checklists.userId,
      revision: checklists.revision,
    })
    .from(shares)
    .innerJoin(
      shareGrants,
      and(eq(shareGrants.shareId, shares.id), eq(shareGrants.browserHash, p('browserHash'))),
    )
    .innerJoin(checklists, eq(checklists.id, shares.checklistId))
    .innerJoin(users, eq(users.id, checklists.userId))
    .where(and(eq(shares.tokenHash, p('tokenHash')), isShareLive()))
    .prepare('grant_by_token');
});

/** Prepared (docs/decisions/0003): the shared page asks it on every read. */
export async function grantByToken(db: Database, tokenHash: string, browserHash: string, now: Date) {
  const [row] = await grantByTokenQuery(db).execute({ tokenHash, browserHash, now: now.toISOString() });
  return row ? { ...row, unexpired: Boolean(row.unexpired) } : undefined;
}

/** The share of this link while it works, with its checklist's name and owner; undefined otherwise. */
export async function liveShareByToken(db: Database, tokenHash: string) {
  return shareWithOwner(db, and(eq(shares.tokenHash, tokenHash), isShareLive()));
}

/** The share that `where` finds, with its checklist's name and owner. */
async function shareWithOwner(db: Database, where: SQL | undefined) {
  const [row] = await db
    .select({
      share: shares,
      ownerId: checklists.userId,
      checklistName: checklists.name,
      ownerName: users.displayName,
      ownerEmail: users.email,
    })
    .from(shares)
    .innerJoin(checklists, eq(checklists.id, shares.checklistId))
    .innerJoin(users, eq(users.id, checklists.userId))
    .where(where);
  return row;
}

/** Makes the share of this checklist for this contact unless there is one. */
export async function insertShareIfAbsent(db: Database, share: typeof shares.$inferInsert): Promise<void> {
  await db
    .insert(shares)
    .values(share)
    .onConflictDoNothing({ target: [shares.checklistId, shares.channel, shares.contact] });
}

export async function shareForContact(
  db: Database,
  checklistId: string,
  channel: ShareChannel,
  contact: string,
) {
  const [row] = await db
    .select()
    .from(shares)
    .where(
      and(eq(shares.checklistId, checklistId), eq(shares.channel, channel), eq(shares.contact, contact)),
    );
  return row;
}

export async function updateShare(
  db: Database,
  shareId: string,
  changes: Partial<typeof shares.$inferInsert>,
) {
  const [row] = await db.update(shares).set(changes).where(eq(shares.id, shareId)).returning();
  return row;
}

/** Every browser verified through the share loses it (its link was replaced or revoked). */
export async function deleteGrantsOfShare(db: Database, shareId: string): Promise<void> {
  await db.delete(shareGrants).where(eq(shareGrants.shareId, shareId));
}

/** Which sends a limit counts: every field given must match (services/share-send-limits.ts). */
export interface CodeSendFilter {
  ownerId?: string;
  shareId?: string;
  channel?: ShareChannel;
  destination?: string;
  requesterIp?: string;
  requestedBy?: (typeof CODE_REQUESTERS)[number];
}

/** Codes sent since `since` that match the filter, with the oldest one's time. */
export async function codeSendsSince(
  db: Database,
  filter: CodeSendFilter,
  since: Date,
): Promise<{ n: number; oldest: string | null }> {
  const column = {
    ownerId: shareCodeSends.ownerId,
    shareId: shareCodeSends.shareId,
    channel: shareCodeSends.channel,
    destination: shareCodeSends.destination,
    requesterIp: shareCodeSends.requesterIp,
    requestedBy: shareCodeSends.requestedBy,
  } as const;
  const matches = (Object.keys(column) as (keyof CodeSendFilter)[])
    .filter((key) => filter[key] !== undefined)
    .map((key) => eq(column[key], filter[key] as string));
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${shareCodeSends.sentAt})` })
    .from(shareCodeSends)
    .where(and(...matches, gt(shareCodeSends.sentAt, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
}

/**
 * Within a transaction: waits until no other transaction (on any instance) counts and records sends
 * under this key, so two requests cannot both take the last send a limit allows. Released at commit.
 */
export async function lockCodeSends(tx: Database, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`listsync:code-sends:${key}`}, 0))`);
}

/**
 * Claims the right to send the share a new code: only if the last one was asked for before
 * `earliest` (or `force`). The previous code dies here. Whether it was claimed.
 */
export async function claimCodeSlot(
  db: Database,
  shareId: string,
  now: Date,
  earliest: Date,
  force: boolean,
): Promise<boolean> {
  const claimed = await db
    .update(shares)
    .set({ codeRequestedAt: now, codeHash: null, codeExpiresAt: null, codeWrongTries: 0 })
    .where(
      and(
        eq(shares.id, shareId),
        force ? undefined : or(isNull(shares.codeRequestedAt), lte(shares.codeRequestedAt, earliest)),
      ),
    )
    .returning({ id: shares.id });
  return claimed.length > 0;
}

/** Who asked for a code and where it went, as the send's record keeps it. */
export interface CodeSendRecord {
  destination: string;
  requestedBy: (typeof CODE_REQUESTERS)[number];
  requesterIp: string | null;
}

/** Stores a new code's hash and records that a code was sent (never the code). */
export async function storeCode(
  db: Database,
  share: { id: string; channel: ShareChannel },
  ownerId: string,
  code: { id: string; hash: string; expiresAt: Date },
  record: CodeSendRecord,
): Promise<void> {
  await db
    .update(shares)
    .set({ codeHash: code.hash, codeExpiresAt: code.expiresAt, codeWrongTries: 0 })
    .where(eq(shares.id, share.id));
  await db
    .insert(shareCodeSends)
    .values({ id: code.id, ownerId, shareId: share.id, channel: share.channel, ...record });
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

/** The share's fields a send changes, as they were before it (to put back if the message fails). */
export type ShareBeforeSend = Pick<
  ShareRow,
  | 'codeHash'
  | 'codeExpiresAt'
  | 'codeWrongTries'
  | 'codeRequestedAt'
  | 'tokenHash'
  | 'tokenSealed'
  | 'revokedAt'
  | 'linkLockedAt'
  | 'linkWrongTries'
  | 'targetLanguage'
  | 'recipientName'
>;

/**
 * A code the carrier did not take: its send's record goes, and the share goes back to how it was
 * before (a share this send made is deleted), as long as the undelivered code is still its live one
 * (a later send is left alone). The database is then as if the send had never been asked for.
 */
export async function undoUndeliveredSend(
  db: Database,
  send: { id: string; shareId: string; codeHash: string; before: ShareBeforeSend | null },
): Promise<void> {
  await db.delete(shareCodeSends).where(eq(shareCodeSends.id, send.id));
  const ours = and(eq(shares.id, send.shareId), eq(shares.codeHash, send.codeHash));
  if (send.before) await db.update(shares).set(send.before).where(ours);
  else await db.delete(shares).where(ours);
}

/** The record of a code whose message was never delivered: it was not sent, so it is not counted. */
export async function deleteCodeSend(db: Database, sendId: string): Promise<void> {
  await db.delete(shareCodeSends).where(eq(shareCodeSends.id, sendId));
}

/**
 * A share made by a send whose message was never delivered: deleted, unless something now hangs on
 * it (a code sent or a browser verified through it by a concurrent send).
 */
export async function deleteUndeliveredShare(db: Database, shareId: string): Promise<void> {
  await db
    .delete(shares)
    .where(
      and(
        eq(shares.id, shareId),
        sql`not exists (select 1 from ${shareCodeSends} where ${shareCodeSends.shareId} = ${shareId})`,
        sql`not exists (select 1 from ${shareGrants} where ${shareGrants.shareId} = ${shareId})`,
      ),
    );
}

/**
 * The checklist's shares whose link works, newest first, each with whether a browser holds a live
 * grant through it and when its recipient last did something.
 */
export async function liveSharesOf(db: Database, checklistId: string, now: Date) {
  return db
    .select({
      id: shares.id,
      recipientName: shares.recipientName,
      channel: shares.channel,
      contact: shares.contact,
      targetLanguage: shares.targetLanguage,
      createdAt: shares.createdAt,
      linkLockedAt: shares.linkLockedAt,
      verified: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(shareGrants)
          .where(and(eq(shareGrants.shareId, shares.id), isGrantUnexpired(now))),
      )}`,
      lastActivityAt: sql<string | null>`(${db
        .select({ at: sql`max(${checklistActivity.at})` })
        .from(checklistActivity)
        .where(
          and(eq(checklistActivity.shareId, shares.id), eq(checklistActivity.actorKind, 'recipient')),
        )})`,
    })
    .from(shares)
    .where(and(eq(shares.checklistId, checklistId), isShareLive()))
    .orderBy(desc(shares.createdAt), desc(shares.id));
}

/** The checklist's share of this id while its link works (not revoked); undefined otherwise. */
export async function liveShareOfChecklist(db: Database, checklistId: string, shareId: string) {
  const [row] = await db
    .select()
    .from(shares)
    .where(and(eq(shares.id, shareId), eq(shares.checklistId, checklistId), isShareLive()));
  return row;
}

/** Revokes the share of this checklist if its link works: whether it did. Its code dies with it. */
export async function revokeShareRow(db: Database, checklistId: string, shareId: string): Promise<boolean> {
  const revoked = await db
    .update(shares)
    .set({ revokedAt: sql`now()`, codeHash: null, codeExpiresAt: null })
    .where(and(eq(shares.id, shareId), eq(shares.checklistId, checklistId), isShareLive()))
    .returning({ id: shares.id });
  return revoked.length > 0;
}

/** The recipient id a share names (a realtime update's recipientId); null when the share is gone. */
export async function recipientIdOfShare(db: Database, shareId: string): Promise<string | null> {
  const [row] = await db
    .select({ recipientId: shares.recipientId })
    .from(shares)
    .where(eq(shares.id, shareId));
  return row?.recipientId ?? null;
}
