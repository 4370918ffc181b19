import {
  type Checklist,
  type ChecklistSummary,
  computeProgress,
  progressFromCounts,
  type Task,
} from '#domain/checklist';
import type { checklists, tasks } from '../db/schema/index.ts';
import type { ActorKind } from '../policies/checklists.ts';

/**
 * Checklists and tasks as the API shows them, built from their rows: times in UTC ISO 8601, status and
 * progress computed from the tasks (the domain's rule). Reading one checklist has the database build
 * its tasks in this same shape already (repositories/checklists.ts), and the read cache keeps the JSON
 * of what this module made (docs/decisions/0004).
 */

type ChecklistRow = typeof checklists.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;

const iso = (date: Date) => date.toISOString();

export function presentTask(row: TaskRow): Task {
  return {
    id: row.id,
    description: row.description,
    completed: row.completed,
    photoRequired: row.photoRequired,
    photoUrl: row.photoUrl,
    referencePhotoUrl: row.referencePhotoUrl,
    details: row.details,
    completedAt: row.completedAt ? iso(row.completedAt) : null,
  };
}

/** What a checklist row says of itself; status, progress and tasks come apart. */
function checklistRowFields(row: ChecklistRow) {
  return {
    id: row.id,
    name: row.name,
    remarks: row.remarks,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    userId: row.userId,
    version: row.version,
    submittedAt: row.submittedAt ? iso(row.submittedAt) : null,
  };
}

export function presentChecklist(row: ChecklistRow & { tasks: Task[] }): Checklist {
  return {
    ...checklistRowFields(row),
    ...computeProgress(row.tasks, row.submittedAt !== null),
    tasks: row.tasks,
  };
}

/** A row of the owner's list: the checklist with its task counts, status and progress. */
export function presentChecklistSummary(
  row: ChecklistRow & { taskCount: number; completedCount: number },
): ChecklistSummary {
  return {
    ...checklistRowFields(row),
    ...progressFromCounts(row.completedCount, row.taskCount, row.submittedAt !== null),
    taskCount: row.taskCount,
    completedCount: row.completedCount,
  };
}

/** A recipient sees nothing of the owner but the name the share page shows: no user id. */
export function asSeenBy(kind: ActorKind, checklist: Checklist): Checklist {
  return kind === 'owner' ? checklist : { ...checklist, userId: null };
}

/**
 * The JSON body of a checklist for this kind of reader: the owner's is the cached body as it is (no
 * encoding on the hot routes); a recipient's is encoded without the user id.
 */
export function checklistBodyFor(kind: ActorKind, held: { checklist: Checklist; body: string }): string {
  return kind === 'owner' ? held.body : JSON.stringify(asSeenBy(kind, held.checklist));
}
