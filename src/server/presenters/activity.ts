import type { ActivityAction, ActivityActor, ActivityEntry, ActivityPage } from '#domain/activity';
import { type CaptureSource, captureTimeText } from '#domain/photo-evidence';
import type { ShareChannel } from '#domain/sharing';
import { maskContact, ownerNameOf } from './shares.ts';

/** The trail as the API shows it (docs/api.md "Activity and report"): contacts masked, the owner by their name. */

/** An entry as the record holds it (repositories/activity.ts reads them). */
export interface ActivityRow {
  id: string;
  at: Date;
  actorKind: 'owner' | 'recipient';
  shareName: string | null;
  shareChannel: ShareChannel | null;
  shareContact: string | null;
  action: ActivityAction;
  taskId: string | null;
  photoSha256: string | null;
  photoCapturedAt: string | null;
  photoReplaced: boolean;
  /** approved, redo_requested: the team's note. */
  note?: string | null;
  /** photo_added (issue 34): the camera's offset, the receipt and the capture source, when recorded. */
  photoCapturedOffset?: string | null;
  photoReceivedAt?: Date | null;
  photoCaptureSource?: CaptureSource | null;
  /** The member of the team who acted (entries of kind 'owner' since teams), as named then. */
  actorName?: string | null;
}

export interface ActivityOwner {
  ownerName: string;
  ownerEmail: string;
}

export function actorOf(row: ActivityRow, owner: ActivityOwner): ActivityActor {
  if (row.actorKind === 'owner') {
    // The member who acted; an entry from before teams names the checklist's maker, who it was then.
    const name =
      row.actorName?.trim() || ownerNameOf({ displayName: owner.ownerName, email: owner.ownerEmail });
    return { kind: 'owner', name };
  }
  const maskedContact =
    row.shareChannel && row.shareContact ? maskContact(row.shareChannel, row.shareContact) : undefined;
  return {
    kind: 'recipient',
    name: row.shareName || maskedContact || 'A recipient',
    ...(maskedContact ? { maskedContact } : {}),
    ...(row.shareChannel ? { verifiedBy: row.shareChannel } : {}),
  };
}

/** The recipient the owner acted on (share_sent, share_revoked, link_replaced), as the record names them. */
export function subjectOf(row: ActivityRow): ActivityEntry['recipient'] {
  if (row.actorKind !== 'owner' || !row.shareChannel || !row.shareContact) return undefined;
  const maskedContact = maskContact(row.shareChannel, row.shareContact);
  return { name: row.shareName || maskedContact, maskedContact, channel: row.shareChannel };
}

export function presentActivityEntry(row: ActivityRow, owner: ActivityOwner): ActivityEntry {
  const subject = subjectOf(row);
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: actorOf(row, owner),
    action: row.action,
    ...(row.taskId ? { taskId: row.taskId } : {}),
    ...(row.photoSha256 ? { photoSha256: row.photoSha256 } : {}),
    ...(row.photoCapturedAt
      ? {
          photoCapturedAt: captureTimeText(row.photoCapturedAt, row.photoCapturedOffset ?? null) ?? undefined,
        }
      : {}),
    ...(row.action === 'photo_added' && row.photoReplaced ? { photoReplaced: true } : {}),
    ...(row.photoReceivedAt ? { photoReceivedAt: row.photoReceivedAt.toISOString() } : {}),
    ...(row.photoCaptureSource ? { photoCaptureSource: row.photoCaptureSource } : {}),
    ...(subject ? { recipient: subject } : {}),
    ...(row.note ? { note: row.note } : {}),
  };
}

export function presentActivityPage(
  page: { rows: ActivityRow[]; owner: ActivityOwner },
  next: string | null,
): ActivityPage {
  return { entries: page.rows.map((row) => presentActivityEntry(row, page.owner)), next };
}
