/**
 * The words and kinds of owner notifications (decision 0024), without zod: the header's menu and
 * the toast import this (notifications.ts holds the endpoints' schemas).
 */

/** What happened. */
export const NOTIFICATION_KINDS = [
  'submitted',
  'first_tick',
  'last_tick',
  'code_not_received',
  'link_locked',
  /** A member of the team assigned the checklist to me (in the app only: no e-mail kind). */
  'assigned',
  /** The checklist passed its due time before it was completed (told once; issue 31). */
  'overdue',
  /** The checklist assigned to me is due within the hour and not started. */
  'due_soon',
  /** A schedule's occurrence was not made (the plan's checklist limit); `reason` says why. No checklist. */
  'schedule_skipped',
  /** A booking calendar's feed failed to sync (told once until it works again); `reason` says why. No checklist. */
  'calendar_failing',
  /** A schedule made the checklist but its automatic share was refused; `reason` says why. Leads to the checklist. */
  'share_not_sent',
  /** The team's storage passed 80% of its plan's (told once until it falls below again). No checklist. */
  'storage_warning',
  /** A recipient's upload was refused: the team's storage is full (at most once a day). No checklist. */
  'storage_full',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds of e-mail an owner can turn on or off, each with its own unsubscribe link. The first and
 * the last tick are one kind: one choice, one link.
 */
export const EMAIL_KINDS = ['submitted', 'ticks', 'code_not_received', 'link_locked'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** The kinds that may also be e-mailed (the others are told in the app only). */
export type EmailedNotificationKind =
  | 'submitted'
  | 'first_tick'
  | 'last_tick'
  | 'code_not_received'
  | 'link_locked';

/** The kinds about automation rather than one checklist: `checklistId` is null, the name is the schedule's or calendar's. */
export const AUTOMATION_NOTIFICATION_KINDS = ['schedule_skipped', 'calendar_failing'] as const;

/** The kinds about the team's storage: `checklistId` is null, the name is the team's; they lead to its settings. */
export const STORAGE_NOTIFICATION_KINDS = ['storage_warning', 'storage_full'] as const;

export function emailKindOf(kind: EmailedNotificationKind): EmailKind {
  return kind === 'first_tick' || kind === 'last_tick' ? 'ticks' : kind;
}

/** The words of each e-mail kind: the settings page's labels and the unsubscribe pages. */
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  submitted: 'A recipient submits a checklist',
  ticks: 'The first and the last task of a shared checklist is ticked',
  code_not_received: "A recipient says they didn't get a code",
  link_locked: 'A share link is locked after too many wrong codes',
};

/** The owner's choices (NotificationPreferencesSchema in notifications.ts). */
export interface NotificationPreferences {
  /** Be told at the first and the last tick of a recipient too (in the app; by e-mail if `email.ticks`). */
  tickNotices: boolean;
  email: Record<EmailKind, boolean>;
}

/** A new owner's choices: every e-mail on; the tick notices themselves off until asked for. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  tickNotices: false,
  email: { submitted: true, ticks: true, code_not_received: true, link_locked: true },
};

/** One notification as GET /api/notifications answers it. */
export interface Notification {
  id: string;
  kind: NotificationKind;
  /** Null for the automation kinds (AUTOMATION_NOTIFICATION_KINDS). */
  checklistId: string | null;
  /** The checklist's name, or the schedule's or calendar's for the automation kinds. */
  checklistName: string;
  shareId: string | null;
  recipient: string | null;
  /** The member who acted ('assigned': who assigned it), or null. */
  by: string | null;
  /** Why, in words, for the automation kinds ('Your plan allows 5 checklists.'); null otherwise. */
  reason: string | null;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationList {
  notifications: Notification[];
  unreadCount: number;
}

export const NOTIFICATION_LIMITS = {
  /** The list answers this many of the newest. */
  listMax: 30,
  /** POST /api/notifications/read: ids at most. */
  markMax: 100,
  /** One "I didn't get a code" per share per this many minutes reaches the owner. */
  codeNotReceivedIntervalMinutes: 30,
  /** And per address, across shares, this many per hour. */
  codeNotReceivedPerIpPerHour: 5,
  /** The same tick notice (first or last) for one checklist at most once per this many minutes. */
  tickNoticeIntervalMinutes: 10,
} as const;

/** What the recipient's page says once the owner has been told. */
export const CODE_NOT_RECEIVED_MESSAGES = {
  told: 'We told the owner. They can send you a new code or a new link.',
  tooSoon: 'The owner has already been told. Please wait for them to send you a new code.',
} as const;

/** The one-line title of a notification, in the owner's app and in the toast. */
export function notificationTitle(notification: Pick<Notification, 'kind' | 'checklistName'>): string {
  const name = `“${notification.checklistName}”`;
  switch (notification.kind) {
    case 'submitted':
      return `${name} was submitted`;
    case 'first_tick':
      return `Work started on ${name}`;
    case 'last_tick':
      return `Every task of ${name} is ticked`;
    case 'code_not_received':
      return `A recipient of ${name} didn't get a code`;
    case 'link_locked':
      return `A share link of ${name} was locked`;
    case 'assigned':
      return `${name} was assigned to you`;
    case 'overdue':
      return `${name} is overdue`;
    case 'due_soon':
      return `${name} is due within the hour`;
    case 'schedule_skipped':
      return `The schedule ${name} skipped a checklist`;
    case 'calendar_failing':
      return `The calendar ${name} could not be synced`;
    case 'share_not_sent':
      return `${name} was made but not sent`;
    case 'storage_warning':
      return `${name} has used 80% of its storage`;
    case 'storage_full':
      return `A recipient could not add a photo: ${name}'s storage is full`;
  }
}

/** Who did it, or nothing for the owner's own. */
export function notificationDetail(
  notification: Pick<Notification, 'kind' | 'recipient' | 'by' | 'reason'>,
): string {
  const who = notification.recipient ?? 'A recipient';
  switch (notification.kind) {
    case 'submitted':
      return `By ${who}.`;
    case 'first_tick':
      return `${who} ticked the first task.`;
    case 'last_tick':
      return `${who} ticked the last task.`;
    case 'code_not_received':
      return `${who}. Send a new code, or change the contact.`;
    case 'link_locked':
      return `Sent to ${who}. Send a new link to share again.`;
    case 'assigned':
      return `By ${notification.by ?? 'a member of your team'}.`;
    case 'overdue':
      return 'It passed its due time before it was completed.';
    case 'due_soon':
      return 'Nobody has started it yet.';
    case 'schedule_skipped':
    case 'calendar_failing':
      return notification.reason ?? '';
    case 'share_not_sent':
      return `${notification.reason ?? 'The message could not be sent.'} Share it from the checklist.`;
    case 'storage_warning':
    case 'storage_full':
      return notification.reason ?? '';
  }
}
