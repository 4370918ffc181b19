import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '#domain/notification-texts';
import { users } from './accounts.ts';
import { checklists } from './checklists.ts';
import { timestamptz } from './columns.ts';
import { shares } from './sharing.ts';

/**
 * What people are told: an owner's notifications and their choices (decision 0024), and local mode's
 * outbox of the e-mail and SMS that would have gone out.
 */

/**
 * What an owner was told (decision 0024): a recipient submitted, ticked the first or the last task,
 * did not get a code; a link locked; a member assigned them a checklist (issue 29). The checklist's name and the recipient's label are kept as they
 * were, so the entry reads the same after a rename; it goes with the checklist.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for the automation kinds (a skipped occurrence, a failing calendar): no checklist. */
    checklistId: text('checklist_id').references(() => checklists.id, { onDelete: 'cascade' }),
    shareId: text('share_id').references(() => shares.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    checklistName: text('checklist_name').notNull(),
    recipientLabel: text('recipient_label'),
    /** The member who acted, as named then ('assigned': who assigned it). */
    byName: text('by_name'),
    /** Why, in words, for the automation kinds. */
    reason: text('reason'),
    createdAt: timestamptz('created_at').notNull().default(sql`clock_timestamp()`),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    index('notifications_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    index('notifications_checklist_kind_idx').on(t.checklistId, t.kind, t.createdAt),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('submitted', 'first_tick', 'last_tick', 'code_not_received', 'link_locked', 'assigned', 'overdue', 'due_soon', 'schedule_skipped', 'calendar_failing', 'share_not_sent', 'storage_warning', 'storage_full')`,
    ),
  ],
);

/** An owner's notification choices (domain/notification-texts.ts); no row: the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tickNotices: boolean('tick_notices').notNull().default(false),
  emailSubmitted: boolean('email_submitted').notNull().default(true),
  emailTicks: boolean('email_ticks').notNull().default(true),
  emailCodeNotReceived: boolean('email_code_not_received').notNull().default(true),
  emailLinkLocked: boolean('email_link_locked').notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * Local mode's outbox: e-mail and SMS that would have gone to SMTP or Twilio, kept so a developer
 * (or a test) can read them through GET /api/dev/outbox. They hold live verification codes, so this
 * table is only ever written when the real service is not configured (never in production).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    to: text('to').notNull(),
    /** Null for SMS. */
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    /** What an e-mail carried besides its text: [{filename, contentType, size, sha256}] (not the bytes). */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    /** Extra headers of an e-mail (List-Unsubscribe…), as sent. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    // The clock at the insert, not at the start of its transaction.
    createdAt: timestamptz('created_at').notNull().default(sql`clock_timestamp()`),
    /** The order of delivery: PGlite's clock can give two quick messages the same time. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('outbox_messages_created_at_idx').on(t.createdAt.desc()),
    check('outbox_messages_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
);
