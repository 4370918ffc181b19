import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, timestamptz } from './columns.ts';
import { teams } from './teams.ts';

/**
 * An owner's work: checklists, their tasks (a row each) and the owner's own templates.
 */

/**
 * A checklist of a team. Status and progress are never stored: they are computed from the tasks.
 * `user_id` is the member who made it (createdBy); it stays with the team when they leave.
 */
export const checklists = pgTable(
  'checklists',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The member it is assigned to; cleared when they leave the team. */
    assigneeUid: text('assignee_uid').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    remarks: text('remarks').notNull().default(''),
    /** Optimistic concurrency for whole-checklist edits (PUT); ticks and remarks do not change it. */
    version: integer('version').notNull().default(1),
    /**
     * Goes up by one with every change to the checklist or its tasks, in the same statement, so one
     * revision names one state (what cached copies are checked against: services/checklist-cache.ts).
     */
    revision: bigint('revision', { mode: 'number' }).notNull().default(1),
    submittedAt: timestamptz('submitted_at'),
    /**
     * When the remarks were last written, as the writer made the change (its changedAt, never later
     * than the server's clock): a write made earlier than this one is not applied (later write wins).
     */
    remarksChangedAt: timestamptz('remarks_changed_at'),
    /**
     * The language the remarks are written in: a recipient's, as they wrote them (their page's
     * language unless they said otherwise); null for the owner's, which are in the owner's language.
     */
    remarksLanguage: text('remarks_language'),
    /** When the work is due, or null (issue 31; docs/automation.md). */
    dueAt: timestamptz('due_at'),
    /**
     * When the overdue check found it past `due_at` and not completed (and told the team, once); the
     * answer's `overdue` reads it. Cleared when `due_at` changes.
     */
    overdueAt: timestamptz('overdue_at'),
    /** When the recipient and the assignee were reminded that it is due soon; cleared when `due_at` changes. */
    dueRemindedAt: timestamptz('due_reminded_at'),
    /** A turnover whose reservation was cancelled before work started (booking calendars). */
    cancelledAt: timestamptz('cancelled_at'),
    /**
     * Review (issue 34, docs/review-and-proof.md): when a member of the team approved the submitted
     * work, who (their id and their name as it was then). Cleared when the checklist is reopened.
     */
    approvedAt: timestamptz('approved_at'),
    approvedByUserId: text('approved_by_user_id'),
    approvedByName: text('approved_by_name'),
    /** The recipient must sign (drawn or typed) to submit (issue 34). */
    requireSignature: boolean('require_signature').notNull().default(false),
    /**
     * Where the work is done, as the owner wrote it (optional), and its point when one is known
     * (the geocoder's or the owner's device's): photos with a location are measured from it.
     */
    address: text('address'),
    addressLatitude: doublePrecision('address_latitude'),
    addressLongitude: doublePrecision('address_longitude'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The overdue check and the reminders look only at checklists that have a due time.
    index('checklists_due_at_idx').on(t.dueAt).where(sql`${t.dueAt} is not null`),
    index('checklists_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    // The team's list, a window at a time, newest first (repositories/checklist-list.ts, decision 0063):
    // the order is created_at then id, so the index holds both and a page is read in order, no sort.
    // Ascending, read backwards: `order by created_at desc` is NULLS FIRST, which the index before
    // (created_at DESC NULLS LAST) could not give, so every page was a scan and a sort of the team.
    index('checklists_team_id_created_at_id_idx').on(t.teamId, t.createdAt, t.id),
    // The dashboard's 'Assigned to me', in the same order.
    index('checklists_team_id_assignee_uid_created_at_id_idx').on(t.teamId, t.assigneeUid, t.createdAt, t.id),
    // Insights (docs/insights.md): a team's checklists submitted in a range.
    index('checklists_team_id_submitted_at_idx')
      .on(t.teamId, t.submittedAt)
      .where(sql`${t.submittedAt} is not null`),
  ],
);

/**
 * A task is a row of its own, so ticking one is a one-row update and two people ticking different
 * tasks lose nothing. Its id is unique only within its checklist: the key is (checklist_id, id), so
 * naming a task id never reaches another checklist's task.
 */
export const tasks = pgTable(
  'tasks',
  {
    checklistId: text('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    details: text('details').notNull().default(''),
    photoRequired: boolean('photo_required').notNull().default(false),
    photoUrl: text('photo_url'),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamptz('completed_at'),
    /** When `completed` was last written, as the writer made the change (later write wins, per field). */
    completedChangedAt: timestamptz('completed_changed_at'),
    /** When `photo_url` was last written (an upload or a removal), likewise. */
    photoChangedAt: timestamptz('photo_changed_at'),
    /**
     * The owner's example of what good looks like ('/api/photos/{id}', a photo of kind 'reference').
     * Never proof: status, progress and 'Missing photos' read `photo_url` alone (docs/decisions/0026).
     */
    referencePhotoUrl: text('reference_photo_url'),
    /**
     * The team's note when it sent the task back (review: 'Request redo'), and when; shown to the
     * recipient on the task until the checklist is submitted again.
     */
    redoNote: text('redo_note'),
    redoRequestedAt: timestamptz('redo_requested_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.checklistId, t.id] })],
);

/**
 * An owner's own template (issue 17): a checklist's work without its state. The tasks are one JSON
 * array of {description, details, photoRequired} in order: a template is written once, read whole and
 * never edited task by task, so rows of their own would buy nothing. Built-in templates are not
 * here: they are constants in src/domain/built-in-templates.ts.
 */
export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tasks: jsonb('tasks')
      .$type<{ description: string; details: string; photoRequired: boolean }[]>()
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('checklist_templates_user_id_created_at_idx').on(t.userId, t.createdAt.desc())],
);
