import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { LanguageCode } from '#domain/languages';
import type { ShareSummary } from '#domain/sharing';
import type { Database } from '../db/client.ts';
import { checklists, shareGrants, shares } from '../db/schema.ts';
import { checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
import { maskContact, shareNotFound } from './share-delivery.ts';

/** The owner's view of a checklist's shares: who, verified or not, last seen; and revoking one. */

async function assertOwned(db: Database, access: OwnerAccess, checklistId: string) {
  const [row] = await db
    .select({ id: checklists.id })
    .from(checklists)
    .where(and(eq(checklists.id, checklistId), eq(checklists.userId, access.userId)));
  if (!row) throw checklistNotFound();
}

/** GET /api/checklists/{id}/shares: live shares, newest first. */
export async function listShares(
  db: Database,
  access: OwnerAccess,
  checklistId: string,
  now = new Date(),
): Promise<ShareSummary[]> {
  await assertOwned(db, access, checklistId);
  const rows = await db
    .select({
      id: shares.id,
      recipientName: shares.recipientName,
      channel: shares.channel,
      contact: shares.contact,
      targetLanguage: shares.targetLanguage,
      createdAt: shares.createdAt,
      // Qualified by hand: inside a sql field of a one-table select Drizzle writes columns unqualified.
      verified: sql<boolean>`exists (select 1 from share_grants g where g.share_id = "shares"."id" and g.expires_at > ${now.toISOString()}::timestamptz)`,
      lastActivityAt: sql<
        string | null
      >`(select max(a.at) from checklist_activity a where a.share_id = "shares"."id")`,
    })
    .from(shares)
    .where(and(eq(shares.checklistId, checklistId), isNull(shares.revokedAt)))
    .orderBy(desc(shares.createdAt), desc(shares.id));
  return rows.map((row) => ({
    id: row.id,
    recipientName: row.recipientName,
    channel: row.channel,
    maskedContact: maskContact(row.channel, row.contact),
    targetLanguage: row.targetLanguage as LanguageCode,
    verified: Boolean(row.verified),
    lastActivityAt: row.lastActivityAt ? new Date(row.lastActivityAt).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * DELETE /api/checklists/{id}/shares/{shareId}: the link stops working and every browser verified
 * through it loses access at once; its code dies. Sending to that contact again makes a new link.
 */
export async function revokeShare(db: Database, access: OwnerAccess, checklistId: string, shareId: string) {
  await assertOwned(db, access, checklistId);
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(shares)
      .set({ revokedAt: sql`now()`, codeHash: null, codeExpiresAt: null })
      .where(and(eq(shares.id, shareId), eq(shares.checklistId, checklistId), isNull(shares.revokedAt)))
      .returning({ id: shares.id });
    if (revoked.length === 0) throw shareNotFound();
    await tx.delete(shareGrants).where(eq(shareGrants.shareId, shareId));
  });
}
