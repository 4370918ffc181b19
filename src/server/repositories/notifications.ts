import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type EmailKind,
  type NotificationKind,
  type NotificationPreferences,
} from '#domain/notification-texts';
import type { Database } from '../db/client.ts';
import { checklists, notificationPreferences, notifications, shares, users } from '../db/schema/index.ts';

/**
 * The owner's notifications and their choices (decision 0024): the list with its unread count,
 * marking read, the preferences (no row: the defaults), and what a notice needs to know of its
 * checklist, owner and share in one read.
 */

export type NotificationRow = typeof notifications.$inferSelect;

/** One boolean column per e-mail kind. */
const EMAIL_COLUMNS = {
  submitted: notificationPreferences.emailSubmitted,
  ticks: notificationPreferences.emailTicks,
  code_not_received: notificationPreferences.emailCodeNotReceived,
  link_locked: notificationPreferences.emailLinkLocked,
} as const;

const EMAIL_FIELDS = {
  submitted: 'emailSubmitted',
  ticks: 'emailTicks',
  code_not_received: 'emailCodeNotReceived',
  link_locked: 'emailLinkLocked',
} as const satisfies Record<EmailKind, keyof typeof notificationPreferences.$inferInsert>;

type PreferenceRow = typeof notificationPreferences.$inferSelect;

function preferencesOfRow(row: Omit<PreferenceRow, 'userId' | 'updatedAt'> | null): NotificationPreferences {
  if (!row) return DEFAULT_NOTIFICATION_PREFERENCES;
  return {
    tickNotices: row.tickNotices,
    email: {
      submitted: row.emailSubmitted,
      ticks: row.emailTicks,
      code_not_received: row.emailCodeNotReceived,
      link_locked: row.emailLinkLocked,
    },
  };
}

const PREFERENCE_COLUMNS = {
  tickNotices: notificationPreferences.tickNotices,
  emailSubmitted: notificationPreferences.emailSubmitted,
  emailTicks: notificationPreferences.emailTicks,
  emailCodeNotReceived: notificationPreferences.emailCodeNotReceived,
  emailLinkLocked: notificationPreferences.emailLinkLocked,
};

export async function preferencesOf(db: Database, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select(PREFERENCE_COLUMNS)
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return preferencesOfRow(row ?? null);
}

export async function savePreferences(
  db: Database,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const values = {
    tickNotices: preferences.tickNotices,
    emailSubmitted: preferences.email.submitted,
    emailTicks: preferences.email.ticks,
    emailCodeNotReceived: preferences.email.code_not_received,
    emailLinkLocked: preferences.email.link_locked,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values })
    .returning(PREFERENCE_COLUMNS);
  return preferencesOfRow(row ?? null);
}

/** Turns off one kind of e-mail (an unsubscribe link); false when the user no longer exists. */
export async function turnOffEmail(db: Database, userId: string, kind: EmailKind): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  await db
    .insert(notificationPreferences)
    .values({ userId, [EMAIL_FIELDS[kind]]: false })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { [EMAIL_FIELDS[kind]]: false, updatedAt: new Date() },
    });
  return true;
}

/** Whether that kind of e-mail is on for the user (an unsubscribe page says so). */
export async function emailIsOn(db: Database, userId: string, kind: EmailKind): Promise<boolean> {
  const [row] = await db
    .select({ on: EMAIL_COLUMNS[kind] })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ? row.on : DEFAULT_NOTIFICATION_PREFERENCES.email[kind];
}

/**
 * What a notice about this checklist (and share) needs, in one read: the owner, their address and
 * choices, the checklist's name, and the share's recipient; undefined when the checklist is gone.
 */
export async function noticeFacts(db: Database, checklistId: string, shareId: string | null) {
  const [row] = await db
    .select({
      ownerId: checklists.userId,
      teamId: checklists.teamId,
      ownerEmail: users.email,
      checklistName: checklists.name,
      preferences: PREFERENCE_COLUMNS,
      share: {
        id: shares.id,
        recipientName: shares.recipientName,
        channel: shares.channel,
        contact: shares.contact,
      },
    })
    .from(checklists)
    .innerJoin(users, eq(users.id, checklists.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, checklists.userId))
    .leftJoin(shares, and(eq(shares.id, shareId ?? ''), eq(shares.checklistId, checklists.id)))
    .where(eq(checklists.id, checklistId));
  if (!row) return undefined;
  return {
    ownerId: row.ownerId,
    teamId: row.teamId,
    ownerEmail: row.ownerEmail,
    checklistName: row.checklistName,
    preferences: preferencesOfRow(row.preferences),
    share: row.share?.id ? row.share : null,
  };
}

export async function insertNotification(
  db: Database,
  row: Omit<NotificationRow, 'createdAt' | 'readAt'>,
): Promise<NotificationRow> {
  const [stored] = await db.insert(notifications).values(row).returning();
  if (!stored) throw new Error('notification insert returned nothing');
  return stored;
}

/**
 * Inside a transaction: holds the checklist's notices of one kind until it ends, so that two notices
 * made at once (an untick and a tick again in a moment, on two instances) see each other's row.
 */
export async function lockNoticeKind(
  tx: Database,
  checklistId: string,
  kind: NotificationKind,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`listsync:notice:${kind}:${checklistId}`}, 0))`,
  );
}

/**
 * When the checklist last had a notification of this kind, if that was after `since` (tick notices
 * are not repeated); null when it had none since.
 */
export async function lastNotifiedSince(
  db: Database,
  checklistId: string,
  kind: NotificationKind,
  since: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: notifications.createdAt })
    .from(notifications)
    .where(
      and(
        eq(notifications.checklistId, checklistId),
        eq(notifications.kind, kind),
        gt(notifications.createdAt, since),
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** The newest first, and how many of all the owner's are unread. */
export async function listNotifications(db: Database, ownerId: string, limit: number) {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.ownerId, ownerId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    db
      .select({ count: count() })
      .from(notifications)
      .where(and(eq(notifications.ownerId, ownerId), isNull(notifications.readAt))),
  ]);
  return { rows, unreadCount: unread?.count ?? 0 };
}

/** Marks these (or all) of the owner's notifications read; others' ids are ignored. */
export async function markRead(db: Database, ownerId: string, ids: string[] | undefined, now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.ownerId, ownerId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
}

/**
 * Claims the right to tell the owner that this share's recipient got no code: at most once per
 * interval (one UPDATE, so parallel requests cannot both pass). Undefined: no live share with that
 * token; `claimed` false: told too recently.
 */
export async function claimCodeMissingNotice(db: Database, tokenHash: string, now: Date, earliest: Date) {
  const [share] = await db
    .select({
      id: shares.id,
      checklistId: shares.checklistId,
      revokedAt: shares.revokedAt,
      codeMissingNotedAt: shares.codeMissingNotedAt,
    })
    .from(shares)
    .where(eq(shares.tokenHash, tokenHash));
  if (!share || share.revokedAt) return undefined;
  const claimed = await db
    .update(shares)
    .set({ codeMissingNotedAt: now })
    .where(
      and(
        eq(shares.id, share.id),
        or(isNull(shares.codeMissingNotedAt), lt(shares.codeMissingNotedAt, earliest)),
      ),
    )
    .returning({ id: shares.id });
  return { ...share, claimed: claimed.length > 0 };
}

/**
 * Deletes the notifications read before `readBefore`, and any made before `createdBefore` (the
 * periodic clean-up, services/jobs.ts). Answers how many went.
 */
export async function deleteOldNotifications(
  db: Database,
  cutoffs: { readBefore: Date; createdBefore: Date },
): Promise<number> {
  const gone = await db
    .delete(notifications)
    .where(
      or(lt(notifications.readAt, cutoffs.readBefore), lt(notifications.createdAt, cutoffs.createdBefore)),
    )
    .returning({ id: notifications.id });
  return gone.length;
}
