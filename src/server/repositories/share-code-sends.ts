import { and, count, eq, exists, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { ShareChannel } from '#domain/sharing';
import type { Database } from '../db/client.ts';
import {
  type CODE_REQUESTERS,
  checklistActivity,
  checklists,
  shareCodeSends,
  shareGrants,
  shares,
  teams,
  users,
} from '../db/schema/index.ts';
import type { ShareRow } from './shares.ts';

/**
 * Sending a share a code (docs/decisions/0017): the limits count the sends recorded here, under an
 * advisory lock so two requests cannot both take the last one; the share's slot for a new code is
 * claimed, the code stored with the record of its send (never the code), and a send the carrier did
 * not take is undone, as if it had never been asked for.
 */

/** Which sends a limit counts: every field given must match (services/share-send-limits.ts). */
export interface CodeSendFilter {
  ownerId?: string;
  shareId?: string;
  channel?: ShareChannel;
  destination?: string;
  requesterNetwork?: string;
  requestedBy?: (typeof CODE_REQUESTERS)[number];
  senderEstablished?: boolean;
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
    requesterNetwork: shareCodeSends.requesterNetwork,
    requestedBy: shareCodeSends.requestedBy,
    senderEstablished: shareCodeSends.senderEstablished,
  } as const;
  const matches = (Object.keys(column) as (keyof CodeSendFilter)[])
    .filter((key) => filter[key] !== undefined)
    .map((key) => eq(column[key], filter[key] as string | boolean));
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

/** Who asked for a code and where it went, as the send's record keeps it (and the limits count it). */
export interface CodeSendRecord {
  destination: string;
  requestedBy: (typeof CODE_REQUESTERS)[number];
  requesterIp: string | null;
  requesterNetwork: string | null;
  senderEstablished: boolean;
}

/**
 * Whether a sender is established (decision 0042): the checklist's team is on a paid plan, or the
 * sender's account was made before `accountBefore` and a recipient has verified one of the shares
 * they sent a code for. False for a checklist or sender that is not there.
 */
export async function senderIsEstablished(
  db: Database,
  senderId: string,
  checklistId: string,
  accountBefore: Date,
): Promise<boolean> {
  const verifiedShare = db
    .select({ one: sql`1` })
    .from(shareCodeSends)
    .innerJoin(
      checklistActivity,
      and(
        eq(checklistActivity.shareId, shareCodeSends.shareId),
        eq(checklistActivity.action, 'share_verified'),
      ),
    )
    .where(and(eq(shareCodeSends.ownerId, senderId), eq(shareCodeSends.requestedBy, 'owner')));
  const established = or(
    ne(teams.tier, 'free'),
    and(lte(users.createdAt, accountBefore), exists(verifiedShare)),
  );
  const [row] = await db
    .select({ established: sql<boolean>`${established}` })
    .from(checklists)
    .innerJoin(teams, eq(teams.id, checklists.teamId))
    .innerJoin(users, eq(users.id, senderId))
    .where(eq(checklists.id, checklistId));
  return row?.established === true;
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
