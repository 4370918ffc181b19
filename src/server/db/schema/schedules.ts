import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '#domain/languages';
import type { Recurrence } from '#domain/recurrence';
import { users } from './accounts.ts';
import { checklists } from './checklists.ts';
import { createdAt, timestamptz } from './columns.ts';
import { teams } from './teams.ts';

/**
 * Recurring schedules (docs/automation.md "Recurring schedules", decision 0047): a team's rule that
 * makes a checklist from a template on its days, and each run it made or skipped.
 */

/** The automatic share a schedule sends after each checklist it makes. */
export interface StoredScheduleShare {
  channel: 'email' | 'sms';
  /** The e-mail address or E.164 number. */
  contact: string;
  recipientName: string;
  targetLanguage: LanguageCode;
  /** The owner or admin who confirmed the recipient's consent, and when (ISO). */
  consentBy: string;
  consentAt: string;
}

export const schedules = pgTable(
  'schedules',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Who made it; an own template is read as theirs. Null once their account is gone. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A built-in template id (builtin-…) or one of the creator's own templates; not a foreign key. */
    templateId: text('template_id').notNull(),
    name: text('name').notNull(),
    recurrence: jsonb('recurrence').$type<Recurrence>().notNull(),
    /** The date (YYYY-MM-DD, on the schedule's clock) its intervals count from. */
    startsOn: text('starts_on').notNull(),
    dueAfterMinutes: integer('due_after_minutes'),
    assigneeUid: text('assignee_uid').references(() => users.id, { onDelete: 'set null' }),
    share: jsonb('share').$type<StoredScheduleShare>(),
    paused: boolean('paused').notNull().default(false),
    /** The next run the runner will claim (services/schedule-runner.ts). */
    nextRunAt: timestamptz('next_run_at').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('schedules_team_idx').on(t.teamId, t.createdAt),
    index('schedules_due_idx').on(t.nextRunAt).where(sql`not ${t.paused}`),
  ],
);

export const OCCURRENCE_STATUS_VALUES = ['made', 'skipped', 'failed'] as const;

/**
 * One run of a schedule. Its row is the claim: the key is unique per schedule (the scheduled instant,
 * or 'run:' and an id for a 'Run now'), so however many instances reach a run at once, one insert
 * wins and makes the checklist, in the same transaction.
 */
export const scheduleOccurrences = pgTable(
  'schedule_occurrences',
  {
    id: text('id').primaryKey(),
    scheduleId: text('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    occurrenceKey: text('occurrence_key').notNull(),
    scheduledFor: timestamptz('scheduled_for').notNull(),
    manual: boolean('manual').notNull().default(false),
    localDate: text('local_date').notNull(),
    /** The checklist made; it stays when the schedule is deleted (the run then goes with it). */
    checklistId: text('checklist_id').references(() => checklists.id, { onDelete: 'set null' }),
    status: text('status', { enum: OCCURRENCE_STATUS_VALUES }).notNull(),
    reason: text('reason'),
    shareStatus: text('share_status', { enum: ['sent', 'failed'] }),
    createdAt: timestamptz('created_at').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex('schedule_occurrences_claim_key').on(t.scheduleId, t.occurrenceKey),
    index('schedule_occurrences_recent_idx').on(t.scheduleId, t.createdAt.desc()),
    check('schedule_occurrences_status_check', sql`${t.status} in ('made', 'skipped', 'failed')`),
  ],
);
