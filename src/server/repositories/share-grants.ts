import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { checklists, shareGrants, shares, users } from '../db/schema/index.ts';
import { isGrantUnexpired, isShareLive } from './access.ts';

/**
 * What a browser earns by proving a share's code: a grant, named by the SHA-256 of its recipient
 * cookie. A grant is live while unexpired and its share's link works (repositories/access.ts); it
 * moves with the browser when its cookie is replaced, and goes when the link is revoked or replaced.
 */

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
      teamId: checklists.teamId,
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

/** Every browser verified through the share loses it (its link was replaced or revoked). */
export async function deleteGrantsOfShare(db: Database, shareId: string): Promise<void> {
  await db.delete(shareGrants).where(eq(shareGrants.shareId, shareId));
}
