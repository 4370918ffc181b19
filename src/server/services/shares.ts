import type { Database } from '../db/client.ts';
import { checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
import { checklistInReach } from '../repositories/checklists.ts';
import { deleteGrantsOfShare, liveSharesOf, revokeShareRow } from '../repositories/shares.ts';
import { shareNotFound } from './share-delivery.ts';

/** The owner's view of a checklist's shares: who, verified or not, last seen; and revoking one. */

/** GET /api/checklists/{id}/shares: live shares, newest first (presenters/shares.ts shows them). */
export async function listShares(db: Database, access: OwnerAccess, checklistId: string, now = new Date()) {
  if (!(await checklistInReach(db, access, checklistId))) throw checklistNotFound();
  return liveSharesOf(db, checklistId, now);
}

/**
 * DELETE /api/checklists/{id}/shares/{shareId}: the link stops working and every browser verified
 * through it loses access at once; its code dies. Sending to that contact again makes a new link.
 */
export async function revokeShare(db: Database, access: OwnerAccess, checklistId: string, shareId: string) {
  await db.transaction(async (tx) => {
    if (!(await checklistInReach(tx, access, checklistId))) throw checklistNotFound();
    if (!(await revokeShareRow(tx, checklistId, shareId))) throw shareNotFound();
    await deleteGrantsOfShare(tx, shareId);
  });
}
