import { doublePrecision, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ACTIVITY_ACTOR_KINDS } from '#domain/activity';
import { checklists } from './checklists.ts';
import { timestamptz } from './columns.ts';

/**
 * What insights read of a submitted checklist's trail (docs/insights.md, decision 0068), written in
 * the submit's transaction by the trigger on its `submitted` trail entry (migration 0036, the SQL
 * function listsync_write_checklist_insights, which also filled it for checklists submitted before):
 * a resubmit rewrites it. It describes the submit at `submitted_at`; a checklist reopened since has no
 * `checklists.submitted_at` and is not read. The trail stays the record; this is derived from it.
 */
export const checklistInsights = pgTable('checklist_insights', {
  checklistId: text('checklist_id')
    .primaryKey()
    .references(() => checklists.id, { onDelete: 'cascade' }),
  /** The checklist's submitted_at when this was written. */
  submittedAt: timestamptz('submitted_at').notNull(),
  /** Its first `task_completed` entry at or before the submit; null: no tick. */
  firstTickAt: timestamptz('first_tick_at'),
  /** Its latest `submitted` entry as the trail recorded it; all null: none (its maker submitted). */
  actorKind: text('actor_kind', { enum: ACTIVITY_ACTOR_KINDS }),
  actorUserId: text('actor_user_id'),
  actorName: text('actor_name'),
  shareName: text('share_name'),
  shareChannel: text('share_channel'),
  shareContact: text('share_contact'),
});

/**
 * The `task_completed` entries of a submitted checklist at or before the submit but its first, one row
 * per task: the minutes from the tick before each of its ticks in the checklist (order: at, then the
 * entry's id), what "slowest tasks" takes the median of. Rewritten with its checklist's row.
 */
export const checklistInsightTasks = pgTable(
  'checklist_insight_tasks',
  {
    checklistId: text('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    taskId: text('task_id').notNull(),
    /** One value per tick of the task, in the order of the ticks. */
    minutes: doublePrecision('minutes').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.checklistId, t.taskId] })],
);
