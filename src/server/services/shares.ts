import type { LanguageCode } from '#domain/languages';
import type { Database } from '../db/client.ts';
import { checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
import type { CodeSent } from '../presenters/shares.ts';
import { recordActivity } from '../repositories/activity.ts';
import { checklistInReach } from '../repositories/checklists.ts';
import { deleteGrantsOfShare } from '../repositories/share-grants.ts';
import { liveShareOfChecklist, liveSharesOf, revokeShareRow } from '../repositories/shares.ts';
import { type SharingContext, sendShareCode, shareNotFound } from './share-delivery.ts';
import type { CodeRequester } from './share-send-limits.ts';

/** The owner's view of a checklist's shares: who, verified or not, last seen; and revoking one. */

/**
 * GET /api/checklists/{id}/shares: live shares, newest first (presenters/shares.ts shows them). One
 * statement when there are some (shares are found only through the checklist's reach); an empty
 * answer asks once more whether the checklist is in reach at all (404 when not).
 */
export async function listShares(db: Database, access: OwnerAccess, checklistId: string, now = new Date()) {
  const found = await liveSharesOf(db, access, checklistId, now);
  if (found.length === 0 && !(await checklistInReach(db, access, checklistId))) throw checklistNotFound();
  return found;
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
    await recordActivity(tx, {
      checklistId,
      shareId,
      actorKind: 'owner',
      actorUserId: access.userId,
      action: 'share_revoked',
    });
  });
}

/**
 * POST /api/checklists/{id}/shares/{shareId}/new-link: the share's recipient gets a new link and
 * code at the contact the owner chose for it (the list shows it masked, so the owner need not type
 * it again): the old link stops working, and a link locked by wrong codes is unlocked this way.
 */
export async function sendNewLink(
  context: SharingContext,
  access: OwnerAccess,
  checklistId: string,
  shareId: string,
  requester: CodeRequester,
): Promise<CodeSent> {
  if (!(await checklistInReach(context.db, access, checklistId))) throw checklistNotFound();
  const share = await liveShareOfChecklist(context.db, checklistId, shareId);
  if (!share) throw shareNotFound();
  return sendShareCode(
    context,
    access,
    {
      checklistId,
      recipientName: share.recipientName,
      email: share.channel === 'email' ? share.contact : null,
      phone: share.channel === 'sms' ? share.contact : null,
      targetLanguage: share.targetLanguage as LanguageCode,
      newLink: true,
      // The owner confirmed the recipient's consent when first sending to this same contact.
      consent: true,
    },
    requester,
  );
}
