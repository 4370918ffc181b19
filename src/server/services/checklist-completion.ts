import { and, eq, exists, sql } from 'drizzle-orm';
import {
  CHECKLIST_MESSAGES,
  type Checklist,
  computeProgress,
  type TaskPatch,
  tasksMissingPhotos,
} from '#domain/checklist';
import { AppError } from '#domain/errors';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { checklists, tasks } from '../db/schema.ts';
import { type ChecklistAccess, checklistNotFound, TASK_NOT_FOUND } from '../policies/checklists.ts';
import { checklistInScope, getChecklist, readChecklist } from './checklists.ts';

/**
 * Doing the work: ticking tasks, remarks, submitting. These are last-write-wins per task or field and
 * leave the version alone, so an editor open elsewhere is not made stale by a tick.
 */

type TaskChange = `${'tick' | 'untick' | 'keep'}${'' | '-unphoto'}`;

function taskChangeOf(patch: TaskPatch): TaskChange {
  const completion = patch.completed === true ? 'tick' : patch.completed === false ? 'untick' : 'keep';
  return `${completion}${patch.photoUrl === null ? '-unphoto' : ''}`;
}

/**
 * The statement of one kind of task change: the checklist row is touched first (which orders this
 * change after any PUT in flight on it), and only if the task is in it; then the one task row.
 * Unticking, or removing a photo, reopens a submitted checklist.
 */
function buildTaskUpdate(change: TaskChange) {
  const untick = change.startsWith('untick');
  const unphoto = change.endsWith('-unphoto');
  return preparedPerDatabase((db) => {
    const touched = db.$with('touched').as(
      db
        .update(checklists)
        .set({ updatedAt: sql`now()`, ...(untick || unphoto ? { submittedAt: null } : {}) })
        .where(
          and(
            eq(checklists.id, sql.placeholder('checklistId')),
            eq(checklists.userId, sql.placeholder('userId')),
            exists(
              db
                .select({ one: sql`1` })
                .from(tasks)
                .where(
                  and(
                    eq(tasks.checklistId, sql.placeholder('checklistId')),
                    eq(tasks.id, sql.placeholder('taskId')),
                  ),
                ),
            ),
          ),
        )
        .returning({ id: checklists.id }),
    );
    return db
      .with(touched)
      .update(tasks)
      .set({
        updatedAt: sql`now()`,
        ...(change.startsWith('tick')
          ? { completed: true, completedAt: sql`coalesce(${tasks.completedAt}, now())` }
          : {}),
        ...(untick ? { completed: false, completedAt: null } : {}),
        ...(unphoto ? { photoUrl: null } : {}),
      })
      .where(
        and(
          eq(tasks.checklistId, sql`(select ${touched.id} from ${touched})`),
          eq(tasks.id, sql.placeholder('taskId')),
        ),
      )
      .returning({ id: tasks.id })
      .prepare(`update_task_${change.replace('-', '_')}`);
  });
}

const TASK_CHANGES: TaskChange[] = ['tick', 'untick', 'keep-unphoto', 'tick-unphoto', 'untick-unphoto'];
const taskUpdates = new Map(TASK_CHANGES.map((change) => [change, buildTaskUpdate(change)]));

/**
 * Ticks or unticks one task, or removes its photo, in one statement (see buildTaskUpdate). Two
 * people ticking different tasks at once both keep their tick. Answers the checklist as it now is.
 */
export async function updateTask(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  taskId: string,
  patch: TaskPatch,
): Promise<Checklist> {
  const update = taskUpdates.get(taskChangeOf(patch));
  if (!update) throw new AppError('validation_failed', 'Nothing to change: send completed or photoUrl');
  const updated = await update(db).execute({ checklistId, userId: access.userId, taskId });
  if (updated.length === 0) {
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
