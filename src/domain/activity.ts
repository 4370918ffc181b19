/**
 * The activity trail of a checklist (docs/api.md "Activity and report"; docs/decisions/0023): who did what and when,
 * shown to the owner only. The shapes both sides read, the limits and the words; the zod schemas are
 * in activity-schemas.ts (zod stays out of the pages that only need these).
 */

export const ACTIVITY_ACTIONS = [
  'task_completed',
  'task_uncompleted',
  'photo_added',
  'photo_removed',
  'remarks_changed',
  'submitted',
  'share_sent',
  'share_verified',
  'share_revoked',
  'link_replaced',
  'approved',
  'redo_requested',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_ACTOR_KINDS = ['owner', 'recipient'] as const;
export type ActivityActorKind = (typeof ACTIVITY_ACTOR_KINDS)[number];

export const ACTIVITY_LIMITS = {
  /** Entries per page when the client does not say. */
  defaultPage: 20,
  maxPage: 100,
  /** The longest cursor the API takes (a signed one is about 185 characters). */
  cursorMaxLength: 300,
} as const;

export interface ActivityActor {
  kind: ActivityActorKind;
  /** The owner's name, or the recipient's as the owner gave it (else their masked contact). */
  name: string;
  /** A recipient's e-mail or phone, masked: 'j•••e@example.com', '+44•••••89'. */
  maskedContact?: string;
  /** How the recipient proved they hold that contact. */
  verifiedBy?: 'email' | 'sms';
}

export interface ActivityEntry {
  id: string;
  /** ISO 8601 UTC, when the server recorded it. */
  at: string;
  actor: ActivityActor;
  action: ActivityAction;
  taskId?: string;
  /** photo_added, photo_removed: the SHA-256 (hex) of the original file as it was received. */
  photoSha256?: string;
  /**
   * The camera's own time (EXIF DateTimeOriginal) as it wrote it, with its UTC offset when the camera
   * wrote one ('2026-11-20T09:15:00+02:00'), else without a zone; when it has one.
   */
  photoCapturedAt?: string;
  /** photo_added: it took the place of an earlier photo. */
  photoReplaced?: boolean;
  /** photo_added: when the server received it (ISO, UTC). */
  photoReceivedAt?: string;
  /** photo_added: 'camera' (taken live in the photo dialog) or 'library' (a file chosen), when said. */
  photoCaptureSource?: 'camera' | 'library';
  /** share_sent, share_revoked, link_replaced: whom the owner shared with, revoked, sent a new link to. */
  recipient?: { name: string; maskedContact: string; channel: 'email' | 'sms' };
  /** approved, redo_requested: the team's note, when they wrote one. */
  note?: string;
}

/** GET /api/checklists/{id}/activity: newest first; `next` is the cursor of the following page, or null. */
export interface ActivityPage {
  entries: ActivityEntry[];
  next: string | null;
}

/** 'Jane (j•••e@example.com)', or the masked contact alone when the owner gave no name. */
export function recipientText(recipient: { name: string; maskedContact: string } | undefined): string {
  if (!recipient) return 'a recipient';
  return recipient.name === recipient.maskedContact
    ? recipient.name
    : `${recipient.name} (${recipient.maskedContact})`;
}

/**
 * What an entry says after the actor's name: 'ticked “Empty the bins”', 'replaced the photo of …'.
 * `taskName` undefined: the task is no longer in the checklist.
 */
export function activityText(
  entry: Pick<ActivityEntry, 'action' | 'photoReplaced' | 'recipient' | 'note'>,
  taskName: string | undefined,
): string {
  const said = actionText(entry, taskName);
  // The team's note on a review is part of what they did: the trail and the report both show it.
  return entry.note ? `${said}: “${entry.note}”` : said;
}

function actionText(
  entry: Pick<ActivityEntry, 'action' | 'photoReplaced' | 'recipient'>,
  taskName: string | undefined,
): string {
  const task = taskName === undefined ? 'a task since removed' : `“${taskName}”`;
  switch (entry.action) {
    case 'task_completed':
      return `ticked ${task}`;
    case 'task_uncompleted':
      return `unticked ${task}`;
    case 'photo_added':
      return entry.photoReplaced ? `replaced the photo of ${task}` : `added a photo to ${task}`;
    case 'photo_removed':
      return `removed the photo of ${task}`;
    case 'remarks_changed':
      return 'changed the remarks';
    case 'submitted':
      return 'submitted the checklist';
    case 'share_sent':
      return `shared the checklist with ${recipientText(entry.recipient)}`;
    case 'share_verified':
      return 'entered their code and opened the checklist';
    case 'share_revoked':
      return `revoked the access of ${recipientText(entry.recipient)}`;
    case 'link_replaced':
      return `sent a new link to ${recipientText(entry.recipient)}`;
    case 'approved':
      return 'approved the checklist';
    case 'redo_requested':
      return `sent ${task} back to be done again`;
  }
}
