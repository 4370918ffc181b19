import { eq, sql } from 'drizzle-orm';
import {
  CHECKLIST_MESSAGES,
  type Checklist,
  computeProgress,
  type TaskPatch,
  tasksMissingPhotos,
} from '#domain/checklist';
import { AppError } from '#domain/errors';
import { type Database, queryRows } from '../db/client.ts';
import { checklists } from '../db/schema.ts';
import { type ChecklistAccess, checklistNotFound, TASK_NOT_FOUND } from '../policies/checklists.ts';
import { checklistInScope, getChecklist, readChecklist } from './checklists.ts';

/**
 * Doing the work: ticking tasks, remarks, submitting. These are last-write-wins per task or field and
 * leave the version alone, so an editor open elsewhere is not made stale by a tick.
 */

/**
 * Ticks or unticks one task, or removes its photo, in one statement: the checklist row is touched
 * first (it orders this change after any PUT in flight), then the one task row. Two people ticking
 * different tasks at once both keep their tick. Unticking, or removing a photo, reopens a submitted
 * checklist. Answers the checklist as it now is.
 */
export async function updateTask(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  taskId: string,
  patch: TaskPatch,
): Promise<Checklist> {
  const assignments = [sql`updated_at = now()`];
  if (patch.completed === true) {
    assignments.push(sql`completed = true`, sql`completed_at = coalesce(completed_at, now())`);
  } else if (patch.completed === false) {
    assignments.push(sql`completed = false`, sql`completed_at = null`);
  }
  if (patch.photoUrl === null) assignments.push(sql`photo_url = null`);
  const reopens = patch.completed === false || patch.photoUrl === null;

  const ticked = await queryRows<{ id: string }>(
    db,
    sql`
    with touched as (
      update checklists
      set updated_at = now()${reopens ? sql`, submitted_at = null` : sql``}
      where id = ${checklistId} and user_id = ${access.userId}
        and exists (select 1 from tasks where checklist_id = ${checklistId} and id = ${taskId})
      returning id
    )
    update tasks set ${sql.join(assignments, sql`, `)}
    where checklist_id = (select id from touched) and id = ${taskId}
    returning id`,
  );
  if (ticked.length === 0) {
    // Out of reach, or no such task in this checklist: say which, without revealing other owners' data.
    await getChecklist(db, access, checklistId);
    throw new AppError('not_found', TASK_NOT_FOUND);
  }
  return getChecklist(db, access, checklistId);
}

/** The remarks (last write wins); the version is left alone. */
export async function updateRemarks(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  remarks: string,
): Promise<Checklist> {
  const updated = await db
    .update(checklists)
    .set({ remarks, updatedAt: sql`now()` })
    .where(checklistInScope(access, checklistId))
    .returning({ id: checklists.id });
  if (updated.length === 0) throw checklistNotFound();
  return getChecklist(db, access, checklistId);
}

/**
 * Submits the checklist as completed (100%), with the remarks if given. Unfinished tasks are allowed
 * (the client asks for confirmation first), but a completed task that needs a photo and has none
 * blocks it: 400 missing_photos naming those tasks. The checklist row is locked while the tasks are
 * judged, so no tick can slip in between the check and the submission.
 */
export async function submitChecklist(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  remarks: string | undefined,
): Promise<Checklist> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: checklists.id })
      .from(checklists)
      .where(checklistInScope(access, checklistId))
      .for('update');
    if (!locked) throw checklistNotFound();
    const current = await readChecklist(tx, access, checklistId);
    if (!current) throw checklistNotFound();
    const missing = tasksMissingPhotos(current.tasks);
    if (missing.length > 0) {
      throw new AppError('missing_photos', CHECKLIST_MESSAGES.missingPhotos, {
        taskIds: missing.map((task) => task.id),
      });
    }
    const [submitted] = await tx
      .update(checklists)
      .set({
        submittedAt: sql`now()`,
        updatedAt: sql`now()`,
        ...(remarks !== undefined ? { remarks } : {}),
      })
      .where(eq(checklists.id, checklistId))
      .returning({
        submittedAt: checklists.submittedAt,
        updatedAt: checklists.updatedAt,
        remarks: checklists.remarks,
      });
    if (!submitted?.submittedAt) throw new Error('submit update returned nothing');
    return {
      ...current,
      ...computeProgress(current.tasks, true),
      remarks: submitted.remarks,
      updatedAt: submitted.updatedAt.toISOString(),
      submittedAt: submitted.submittedAt.toISOString(),
    };
  });
}
