import type { TaskPatch } from '#domain/checklist';
import { AppError } from '#domain/errors';
import { tickMilestoneOf } from '#domain/notifications';
import { newId } from '../ids.ts';
import { type ActorKind, type Caller, checklistNotFound, taskNotFound } from '../policies/checklists.ts';
import { checklistBodyFor, withTaskChanged } from '../presenters/checklists.ts';
import {
  applyKeyedTaskChange,
  applyTaskChange,
  type KeyClaim,
  taskChangeOf,
} from '../repositories/task-updates.ts';
import { resolveChecklistActor } from './checklist-actors.ts';
import { type ChecklistContext, checklistAfter, readChecklistWithRevision } from './checklists.ts';
import { ABANDONED_STATEMENT_CLAIM_MS, claimTimes } from './idempotency.ts';
import { keepSessionAlive } from './sessions.ts';

/**
 * PATCH /api/checklists/{id}/tasks/{taskId}: ticking, unticking and removing a task's photo, by the
 * owner behind a session or a verified recipient (the policy decides which, inside the one statement
 * of repositories/task-updates.ts). Two people ticking different tasks at once both keep their tick.
 */

/**
 * A change's Idempotency-Key, claimed in the change's own statement (docs/decisions/0015): the key,
 * the request's fingerprint, and `claimed`, told what the claim came to before anything else runs
 * (http/plugins/idempotency.ts keeps the answer of a claimed key, or answers why it was not claimed).
 */
export type { KeyClaim };

export interface StatementKey {
  key: string;
  requestHash: string;
  claimed(claim: KeyClaim): void;
}

/**
 * The answer's JSON body, the revision of the state it holds, and who acted; `body` null: the key was
 * not claimed and nothing ran.
 */
export type TaskUpdated =
  | { body: string; revision: number; actorKind: ActorKind }
  | { body: null; revision: null; actorKind: null };

/**
 * Answers the checklist as it now is, as the JSON body to send: built from the cached checklist at the
 * revision just before this change when there is one (the change is then all that differs), else
 * read. A recipient's copy carries no user id. A removed photo's files are deleted after. With a key,
 * the key is claimed in the change's statement, and nothing changes unless this request claimed it.
 */
export async function updateTask(
  context: ChecklistContext,
  caller: Caller,
  checklistId: string,
  taskId: string,
  patch: TaskPatch,
  key?: StatementKey,
): Promise<TaskUpdated> {
  const change = taskChangeOf(patch);
  if (change === 'keep')
    throw new AppError('validation_failed', 'Nothing to change: send completed or photoUrl');
  const { db, cache } = context;
  const asked = { idHash: caller.session?.idHash ?? null, browserHash: caller.browserHash, now: caller.now };
  const target = { checklistId, taskId, activityId: newId('activity'), changedAt: patch.changedAt };
  let row: Awaited<ReturnType<typeof applyTaskChange>>;
  // Changes to one checklist arriving together commit together (services/checklist-lanes.ts).
  if (key) {
    const claim = {
      key: key.key,
      requestHash: key.requestHash,
      ...claimTimes(caller.now, ABANDONED_STATEMENT_CLAIM_MS),
    };
    const keyed = await context.lanes.run(checklistId, (on) =>
      applyKeyedTaskChange(on, change, asked, target, claim),
    );
    key.claimed(keyed.claim);
    if (keyed.claim.principal !== null && !keyed.claim.claimed)
      return { body: null, revision: null, actorKind: null };
    row = keyed.row;
  } else {
    row = await context.lanes.run(checklistId, (on) => applyTaskChange(on, change, asked, target));
  }
  let answer: TaskUpdated;
  if (!row) {
    answer = await checklistAsItIs(context, caller, checklistId, taskId);
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
    // Committed: its notice is ours to send (migration 0011).
    context.notices.afterCommit({
      kind: 'checklist',
      op: 'change',
      checklistId,
      teamId: row.teamId,
      revision: row.revision,
      actorShareId: row.actorShareId,
    });
    const after = await checklistAfter(db, cache, checklistId, row, (before) => withTaskChanged(before, row));
    if (row.actorKind === 'recipient' && patch.completed === true && row.completed) {
      const { tasks } = after.checklist;
      const tick = tickMilestoneOf(tasks.filter((task) => task.completed).length, tasks.length);
      if (tick) context.notifier.tell({ kind: tick, checklistId, shareId: row.actorShareId });
    }
    // `after` is the state at the tick's revision, or a later one when it had to be read.
    answer = {
      body: checklistBodyFor(row.actorKind, after),
      revision: after.revision,
      actorKind: row.actorKind,
    };
  }
  if (patch.photoUrl === null) await context.photos.sweep(checklistId);
  return answer;
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
): Promise<TaskUpdated> {
  const { db, cache } = context;
  const { access } = await resolveChecklistActor(db, caller, checklistId, 'tick');
  const read = await readChecklistWithRevision(db, access, checklistId);
  if (!read) throw checklistNotFound();
  if (!read.checklist.tasks.some((task) => task.id === taskId)) throw taskNotFound();
  return {
    body: checklistBodyFor(access.kind, cache.remember(read.teamId, read.revision, read.checklist)),
    revision: read.revision,
    actorKind: access.kind,
  };
}
