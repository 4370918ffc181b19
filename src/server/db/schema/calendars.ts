import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { checklists } from './checklists.ts';
import { createdAt, timestamptz } from './columns.ts';
import { teams } from './teams.ts';

/**
 * Booking calendars (issue 31; docs/automation.md "Booking calendars"): a team's iCal exports, the
 * reservations read from each (one turnover checklist each) and the log of their syncs.
 */

/** What a calendar shares each new turnover with (as POST /api/verification/send, consent given). */
export interface CalendarShareSetting {
  recipientName: string | null;
  email: string | null;
  phone: string | null;
  targetLanguage: string;
  consentAt: string;
}

export const calendars = pgTable(
  'calendars',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The member who added it: turnovers are theirs, its template is read as theirs. */
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Holds the listing's secret token: shown whole only to who may manage it, never logged. */
    url: text('url').notNull(),
    templateId: text('template_id').notNull(),
    timezone: text('timezone').notNull(),
    checkoutTime: text('checkout_time').notNull().default('11:00'),
    checkinTime: text('checkin_time').notNull().default('16:00'),
    share: jsonb('share').$type<CalendarShareSetting>(),
    /** When the periodic sync next takes it; a claim moves it forward (one instance syncs it). */
    nextSyncAt: timestamptz('next_sync_at').notNull().defaultNow(),
    /** The last 'Sync now' claimed (at most one a minute). */
    manualSyncAt: timestamptz('manual_sync_at'),
    lastSyncAt: timestamptz('last_sync_at'),
    /** Why the last sync failed, in words; null once one works. */
    lastError: text('last_error'),
    failingSince: timestamptz('failing_since'),
    /** When its people were told it fails; cleared when a sync works, so a new failure tells again. */
    failingToldAt: timestamptz('failing_told_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('calendars_team_idx').on(t.teamId, t.createdAt),
    index('calendars_next_sync_idx').on(t.nextSyncAt),
  ],
);

/** A reservation read from a calendar; its turnover checklist is made once (unique per UID). */
export const calendarReservations = pgTable(
  'calendar_reservations',
  {
    calendarId: text('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    checkoutDate: text('checkout_date').notNull(),
    nextCheckinDate: text('next_checkin_date'),
    /** Null once its checklist was deleted: nothing is made again for it. */
    checklistId: text('checklist_id').references(() => checklists.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['active', 'cancelled'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_reservations_uid_key').on(t.calendarId, t.uid),
    check('calendar_reservations_state_check', sql`${t.state} in ('active', 'cancelled')`),
  ],
);

/** One sync of a calendar: what it changed, or why it failed. The newest 20 are kept. */
export const calendarRuns = pgTable(
  'calendar_runs',
  {
    id: text('id').primaryKey(),
    calendarId: text('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull().default(sql`clock_timestamp()`),
    added: integer('added').notNull().default(0),
    moved: integer('moved').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('calendar_runs_calendar_at_idx').on(t.calendarId, t.at.desc())],
);
