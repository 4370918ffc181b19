import { and, eq, exists, gt, sql } from 'drizzle-orm';
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
import { checklists, sessions, tasks } from '../db/schema.ts';
import { type ChecklistAccess, checklistNotFound, TASK_NOT_FOUND } from '../policies/checklists.ts';
import type { ChecklistCache } from './checklist-cache.ts';
import {
  checklistInScope,
  getChecklist,
  readChecklist,
  readChecklistWithRevision,
  sessionAndRevision,
} from './checklists.ts';
import { keepSessionAlive, type SessionCheck, sessionRequired, sessionTimeColumns } from './sessions.ts';

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
 * The statement of one kind of task change, for the owner behind a session, checked in the same
 * statement: the checklist row is touched first (which orders this change after any other change in
 * flight on it, and takes the next revision), and only if the session's user owns it and the task is
 * in it; then the one task row. Unticking, or removing a photo, reopens a submitted checklist.
 * It answers the task as changed with the checklist's new revision and times, and the session's
 * times (to keep it alive); no row when the session, the checklist or the task is not there.
 */
function buildTaskUpdate(change: TaskChange) {
  const untick = change.startsWith('untick');
  const unphoto = change.endsWith('-unphoto');
  return preparedPerDatabase((db) => {
    const session = db.$with('session').as(
      db
        .select({ userId: sessions.userId, ...sessionTimeColumns })
        .from(sessions)
        .where(
          and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))),
        ),
    );
    const touched = db.$with('touched').as(
      db
        .update(checklists)
        .set({
          updatedAt: sql`now()`,
          revision: sql`${checklists.revision} + 1`,
          ...(untick || unphoto ? { submittedAt: null } : {}),
        })
        .where(
          and(
            eq(checklists.id, sql.placeholder('checklistId')),
            eq(checklists.userId, sql`(select ${session.userId} from ${session})`),
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
        .returning({
          id: checklists.id,
          userId: checklists.userId,
          revision: checklists.revision,
          updatedAt: checklists.updatedAt,
          submittedAt: checklists.submittedAt,
        }),
    );
    return db
      .with(session, touched)
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
      .returning({
        taskId: tasks.id,
        completed: tasks.completed,
        completedAt: tasks.completedAt,
        photoUrl: tasks.photoUrl,
        ownerId: sql<string>`(select ${touched.userId} from ${touched})`,
        revision: sql<number>`(select ${touched.revision} from ${touched})`.mapWith(Number),
        checklistUpdatedAt: sql<Date>`(select ${touched.updatedAt} from ${touched})`.mapWith(toDate),
        submittedAt: sql`(select ${touched.submittedAt} from ${touched})`.mapWith(toDateOrNull),
        sessionCreatedAt: sql<Date>`(select ${session.sessionCreatedAt} from ${session})`.mapWith(toDate),
        sessionLastSeenAt: sql<Date>`(select ${session.sessionLastSeenAt} from ${session})`.mapWith(toDate),
        sessionExpiresAt: sql<Date>`(select ${session.sessionExpiresAt} from ${session})`.mapWith(toDate),
      })
      .prepare(`update_task_${change.replace('-', '_')}`);
  });
}

/** A timestamp read through a sql field arrives as a Date or as PostgreSQL's text, by driver. */
function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function toDateOrNull(value: unknown): Date | null {
  return value === null ? null : toDate(value);
}

const TASK_CHANGES: TaskChange[] = ['tick', 'untick', 'keep-unphoto', 'tick-unphoto', 'untick-unphoto'];
const taskUpdates = new Map(TASK_CHANGES.map((change) => [change, buildTaskUpdate(change)]));

/**
 * Ticks or unticks one task, or removes its photo, for the owner behind the session, in one statement
 * (see buildTaskUpdate). Two people ticking different tasks at once both keep their tick. Answers the
 * checklist as it now is, as the JSON body to send: built from the cached checklist at the revision
 * just before this change when there is one (the change is then all that differs), else read.
 */
export async function updateTask(
  db: Database,
  cache: ChecklistCache,
  session: SessionCheck,
  checklistId: string,
  taskId: string,
  patch: TaskPatch,
): Promise<string> {
  const update = taskUpdates.get(taskChangeOf(patch));
  if (!update) throw new AppError('validation_failed', 'Nothing to change: send completed or photoUrl');
  const [row] = await update(db).execute({
    idHash: session.idHash,
    now: session.now.toISOString(),
    checklistId,
    taskId,
  });
  if (!row) {
    // No session, out of reach, or no such task in this checklist: say which, revealing nothing of others.
    const found = await sessionAndRevision(db, session, checklistId);
    if (!found) throw sessionRequired();
    if (found.revision === null) throw checklistNotFound();
    throw new AppError('not_found', TASK_NOT_FOUND);
  }
  await keepSessionAlive(db, session, {
    createdAt: row.sessionCreatedAt,
    lastSeenAt: row.sessionLastSeenAt,
    expiresAt: row.sessionExpiresAt,
  });

  const before = cache.at(checklistId, row.revision - 1);
  if (before && before.ownerId === row.ownerId) {
    const changedTasks = before.checklist.tasks.map((task) =>
      task.id === row.taskId
        ? {
            ...task,
            completed: row.completed,
            completedAt: row.completedAt ? row.completedAt.toISOString() : null,
            photoUrl: row.photoUrl,
          }
        : task,
    );
    const checklist: Checklist = {
      ...before.checklist,
      ...computeProgress(changedTasks, row.submittedAt !== null),
      tasks: changedTasks,
      updatedAt: row.checklistUpdatedAt.toISOString(),
      submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
    };
    return cache.remember(row.ownerId, row.revision, checklist).body;
  }
  const read = await readChecklistWithRevision(db, { kind: 'owner', userId: row.ownerId }, checklistId);
  if (!read) throw checklistNotFound();
  return cache.remember(read.ownerId, read.revision, read.checklist).body;
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
    .set({ remarks, updatedAt: sql`now()`, revision: sql`${checklists.revision} + 1` })
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
        revision: sql`${checklists.revision} + 1`,
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
