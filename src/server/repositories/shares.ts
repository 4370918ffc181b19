import { and, desc, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { ShareChannel } from '#domain/sharing';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { checklistActivity, checklists, shareGrants, shares, users } from '../db/schema/index.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import { isGrantUnexpired, isInTeamsOf, isOfTeam, isShareLive } from './access.ts';

/**
 * Verified sharing's tables: shares (one a contact of a checklist, with its link and live code), the
 * grants browsers earn by proving a code, and the record of codes sent. A share's link works while it
 * is not revoked; a grant is live while unexpired and its share's link works (repositories/access.ts).
 * Here: the shares themselves; their codes and tries are in share-codes.ts, the codes sent in
 * share-code-sends.ts, the grants in share-grants.ts.
 */

const p = (name: string) => sql.placeholder(name);

export type ShareRow = typeof shares.$inferSelect;

/** The share of this link while it works, with its checklist's name and owner; undefined otherwise. */
export async function liveShareByToken(db: Database, tokenHash: string) {
  return shareWithOwner(db, and(eq(shares.tokenHash, tokenHash), isShareLive()));
}

/** The share that `where` finds, with its checklist's name and owner. */
export async function shareWithOwner(db: Database, where: SQL | undefined) {
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

/**
 * The checklist's shares whose link works, newest first, as `liveSharesOf` reads them; prepared once
 * per kind of owner's reach (a member's teams, or an API token's one team): the owner's checklist page
 * asks it with every visit, and building and planning it cost more than running it.
 */
function liveSharesQuery(viaToken: boolean) {
  return preparedPerDatabase((db) =>
    db
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
            .where(and(eq(shareGrants.shareId, shares.id), isGrantUnexpired(p('now')))),
        )}`,
        lastActivityAt: sql<string | null>`(${db
          .select({ at: sql`max(${checklistActivity.at})` })
          .from(checklistActivity)
          .where(
            and(eq(checklistActivity.shareId, shares.id), eq(checklistActivity.actorKind, 'recipient')),
          )})`,
      })
      .from(shares)
      .where(
        and(
          eq(shares.checklistId, p('checklistId')),
          isShareLive(),
          exists(
            db
              .select({ one: sql`1` })
              .from(checklists)
              .where(
                and(
                  eq(checklists.id, p('checklistId')),
                  viaToken ? isOfTeam(p('teamId')) : isInTeamsOf(p('userId')),
                ),
              ),
          ),
        ),
      )
      .orderBy(desc(shares.createdAt), desc(shares.id))
      .prepare(viaToken ? 'live_shares_via_token' : 'live_shares_of_member'),
  );
}

const liveSharesQueries = { member: liveSharesQuery(false), token: liveSharesQuery(true) };

/**
 * The checklist's shares whose link works, newest first, each with whether a browser holds a live
 * grant through it and when its recipient last did something; only if `access` reaches the checklist
 * (none otherwise: the caller tells an empty list from a checklist out of reach).
 */
export async function liveSharesOf(db: Database, access: OwnerAccess, checklistId: string, now: Date) {
  const query = liveSharesQueries[access.viaToken ? 'token' : 'member'](db);
  return query.execute({
    checklistId,
    now: now.toISOString(),
    teamId: access.teamId,
    userId: access.userId,
  });
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
