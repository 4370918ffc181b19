import { type Checklist, computeProgress, type TaskPatch } from '#domain/checklist';
import { AppError } from '#domain/errors';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { type ActorKind, type Caller, checklistNotFound, taskNotFound } from '../policies/checklists.ts';
import { checklistBodyFor } from '../presenters/checklists.ts';
import { applyTaskChange, taskChangeOf } from '../repositories/task-updates.ts';
import { resolveChecklistActor } from './checklist-actors.ts';
import type { CachedChecklist, ChecklistCache } from './checklist-cache.ts';
import { type ChecklistContext, readChecklistWithRevision } from './checklists.ts';
import { keepSessionAlive } from './sessions.ts';

/**
 * PATCH /api/checklists/{id}/tasks/{taskId}: ticking, unticking and removing a task's photo, by the
 * owner behind a session or a verified recipient (the policy decides which, inside the one statement
 * of repositories/task-updates.ts). Two people ticking different tasks at once both keep their tick.
 */

/**
 * Answers the checklist as it now is, as the JSON body to send: built from the cached checklist at the
 * revision just before this change when there is one (the change is then all that differs), else
 * read. A recipient's copy carries no user id. A removed photo's files are deleted after.
 */
export async function updateTask(
  context: ChecklistContext,
  caller: Caller,
  checklistId: string,
  taskId: string,
  patch: TaskPatch,
): Promise<string> {
  const change = taskChangeOf(patch);
  if (change === 'keep')
    throw new AppError('validation_failed', 'Nothing to change: send completed or photoUrl');
  const { db, cache } = context;
  const row = await applyTaskChange(
    db,
    change,
    { idHash: caller.session?.idHash ?? null, browserHash: caller.browserHash, now: caller.now },
    { checklistId, taskId, activityId: newId('activity'), changedAt: patch.changedAt },
  );
  let body: string;
  if (!row) {
    body = await checklistAsItIs(context, caller, checklistId, taskId);
  } else {
    if (
      row.actorKind === 'owner' &&
      caller.session &&
      row.sessionCreatedAt &&
      row.sessionLastSeenAt &&
      row.sessionExpiresAt
    ) {
      await keepSessionAlive(db, caller.session, {
        createdAt: row.sessionCreatedAt,
        lastSeenAt: row.sessionLastSeenAt,
        expiresAt: row.sessionExpiresAt,
      });
    }
    body = checklistBodyFor(row.actorKind, await checklistAfter(db, cache, checklistId, row));
  }
  if (patch.photoUrl === null) await context.photos.sweep(checklistId);
  return body;
}

interface ChangedTask {
  taskId: string;
  completed: boolean;
  completedAt: Date | null;
  photoUrl: string | null;
  actorKind: ActorKind;
  ownerId: string;
  revision: number;
  checklistUpdatedAt: Date;
  submittedAt: Date | null;
}

async function checklistAfter(
  db: Database,
  cache: ChecklistCache,
  checklistId: string,
  row: ChangedTask,
): Promise<CachedChecklist> {
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
    return cache.remember(row.ownerId, row.revision, checklist);
  }
  const read = await readChecklistWithRevision(db, { kind: 'owner', userId: row.ownerId }, checklistId);
  if (!read) throw checklistNotFound();
  return cache.remember(read.ownerId, read.revision, read.checklist);
}

/**
 * Nothing changed, and why, as the policy sees the caller: nobody (401 signed out, else 404), no such
 * task in the checklist (404 task), or a write older than the one stored, which answers the checklist
 * as it is (so the writer sees what won). Only these rarer answers pay more round trips.
 */
async function checklistAsItIs(
  context: ChecklistContext,
  caller: Caller,
  checklistId: string,
  taskId: string,
): Promise<string> {
  const { db, cache } = context;
  const { access } = await resolveChecklistActor(db, caller, checklistId, 'tick');
  const read = await readChecklistWithRevision(db, access, checklistId);
  if (!read) throw checklistNotFound();
  if (!read.checklist.tasks.some((task) => task.id === taskId)) throw taskNotFound();
  return checklistBodyFor(access.kind, cache.remember(read.ownerId, read.revision, read.checklist));
}
