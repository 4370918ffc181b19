import {
  type EmailKind,
  NOTIFICATION_LIMITS,
  type NotificationList,
  type NotificationPreferences,
} from '#domain/notification-texts';
import type { Database } from '../db/client.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import {
  emailIsOn,
  listNotifications,
  markRead,
  preferencesOf,
  savePreferences,
  turnOffEmail,
} from '../repositories/notifications.ts';
import { presentNotification } from './owner-notifications.ts';
import type { ShareSecrets } from './share-secrets.ts';
import { readUnsubscribeToken } from './unsubscribe-links.ts';

/**
 * What an owner reads and chooses of their notifications (decision 0024): the list and its unread
 * count, marking read, the e-mail choices, and the unsubscribe link's one kind turned off.
 */

export async function listOwnerNotifications(db: Database, access: OwnerAccess): Promise<NotificationList> {
  const { rows, unreadCount } = await listNotifications(db, access.userId, NOTIFICATION_LIMITS.listMax);
  return { notifications: rows.map(presentNotification), unreadCount };
}

export async function markOwnerNotificationsRead(
  db: Database,
  access: OwnerAccess,
  ids: string[] | undefined,
): Promise<void> {
  await markRead(db, access.userId, ids, new Date());
}

export function ownerPreferences(db: Database, access: OwnerAccess): Promise<NotificationPreferences> {
  return preferencesOf(db, access.userId);
}

export function saveOwnerPreferences(
  db: Database,
  access: OwnerAccess,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  return savePreferences(db, access.userId, preferences);
}

/**
 * The kind of e-mail a signed unsubscribe token names, and whether it was on; unless `dryRun`, it is
 * now off. Null for a token we did not sign (altered, cut short, made up) or a user who is gone.
 */
export async function unsubscribe(
  db: Database,
  secrets: Pick<ShareSecrets, 'linkSignature'>,
  token: string,
  { dryRun }: { dryRun: boolean },
): Promise<{ kind: EmailKind; wasOn: boolean } | null> {
  const target = readUnsubscribeToken(secrets, token);
  if (!target) return null;
  const wasOn = await emailIsOn(db, target.userId, target.kind);
  if (dryRun) return { kind: target.kind, wasOn };
  return (await turnOffEmail(db, target.userId, target.kind)) ? { kind: target.kind, wasOn } : null;
}
