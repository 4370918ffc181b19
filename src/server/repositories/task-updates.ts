import { sql } from 'drizzle-orm';
import type { TaskPatch } from '#domain/checklist';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { callerParams, type Presented, presentedBy } from './access.ts';
import { changedAtParameter } from './change-times.ts';
import { toDate, toDateOrNull } from './sql-values.ts';
import { type TaskChange, taskStatement } from './task-statement.ts';

/**
 * Ticking, unticking and removing a task's photo: the hottest write, one statement (docs/decisions/0003,
 * 0004, 0006). It finds the caller's live session and live grant (repositories/access.ts; only what
 * the request presented: one statement each for a session cookie, a recipient cookie, or both), decides
 * who acts by the policy's rule (`actingKindSql`: the owner first, then a recipient; both may tick), takes
 * the checklist's next revision, changes the one task row and records who did it. The write made later
 * wins, per task and field (`changedAt`); the version (for whole-checklist edits) is left alone, so an
 * editor open elsewhere is not made stale. The statement is built in repositories/task-statement.ts;
 * here it is prepared, once per kind of change and caller, and run.
 */

export function taskChangeOf(patch: TaskPatch): TaskChange {
  const completion = patch.completed === true ? 'tick' : patch.completed === false ? 'untick' : 'keep';
  return `${completion}${patch.photoUrl === null ? '-unphoto' : ''}`;
}

function statementName(change: Exclude<TaskChange, 'keep'>, presented: Presented, keyed: boolean) {
  return `update_task_${change.replace('-', '_')}_by_${presented}${keyed ? '_keyed' : ''}`;
}

function buildTaskUpdate(change: Exclude<TaskChange, 'keep'>, presented: Presented) {
  return preparedPerDatabase((db) => {
    const { update, ctes, touched, logged } = taskStatement(db, change, presented, false);
    return update([...ctes, touched, logged]).prepare(statementName(change, presented, false));
  });
}

/**
 * The same change with the claim of its Idempotency-Key: one row whatever happened, saying whether
 * this request claimed the key, for whom, and the task as the change left it (nulls: no change).
 */
function buildKeyedTaskUpdate(change: Exclude<TaskChange, 'keep'>, presented: Presented) {
  return preparedPerDatabase((db) => {
    const { update, ctes, touched, logged, claimed, principal } = taskStatement(db, change, presented, true);
    if (!claimed) throw new Error('a keyed statement claims its key');
    const changed = db.$with('changed').as(update([]));
    return db
      .with(...ctes, claimed, touched, logged, changed)
      .select({
        claimed: sql<boolean>`exists (select 1 from ${claimed})`,
        principal: sql<string | null>`${principal}`,
        taskId: changed.taskId,
        completed: changed.completed,
        completedAt: changed.completedAt,
        photoUrl: changed.photoUrl,
        actorKind: changed.actorKind,
        teamId: changed.teamId,
        revision: changed.revision,
        checklistUpdatedAt: changed.checklistUpdatedAt,
        submittedAt: changed.submittedAt,
        sessionCreatedAt: changed.sessionCreatedAt,
        sessionLastSeenAt: changed.sessionLastSeenAt,
        sessionExpiresAt: changed.sessionExpiresAt,
        actorShareId: changed.actorShareId,
      })
      .from(sql`(values (1)) as "one"("one")`)
      .leftJoin(changed, sql`true`)
      .prepare(statementName(change, presented, true));
  });
}

const TASK_CHANGES: Exclude<TaskChange, 'keep'>[] = [
  'tick',
  'untick',
  'keep-unphoto',
  'tick-unphoto',
  'untick-unphoto',
];
const PRESENTED: Presented[] = ['session', 'browser', 'both'];
const taskUpdates = new Map(
  TASK_CHANGES.flatMap((change) =>
    PRESENTED.map((presented) => [`${change}/${presented}`, buildTaskUpdate(change, presented)] as const),
  ),
);
const keyedTaskUpdates = new Map(
  TASK_CHANGES.flatMap((change) =>
    PRESENTED.map(
      (presented) => [`${change}/${presented}`, buildKeyedTaskUpdate(change, presented)] as const,
    ),
  ),
);

/**
 * The task as this change left it, with the checklist's new revision and who acted; undefined:
 * nothing changed (nobody, or no such task, or an older write). The caller presented at least one
 * cookie (`presentedBy`).
 */
export async function applyTaskChange(
  db: Database,
  change: Exclude<TaskChange, 'keep'>,
  caller: { idHash: string | null; browserHash: string | null; now: Date },
  target: { checklistId: string; taskId: string; activityId: string; changedAt: string | undefined },
) {
  const presented = presentedBy(caller);
  const update = presented ? taskUpdates.get(`${change}/${presented}`) : undefined;
  if (!update) return undefined;
  const [row] = await update(db).execute({
    ...callerParams(caller, target.checklistId),
    taskId: target.taskId,
    activityId: target.activityId,
    changedAt: changedAtParameter(target.changedAt),
  });
  return row;
}

/** What a keyed change's claim came to: for whom the key is (null: nobody asked), and whether this request took it. */
export interface KeyClaim {
  principal: string | null;
  claimed: boolean;
}

/**
 * `applyTaskChange` with the claim of an Idempotency-Key in the same statement: the task changes only
 * if this request claimed the key. `claim`: the key, the request's fingerprint and the claim's times
 * (services/idempotency.ts `claimTimes`).
 */
export async function applyKeyedTaskChange(
  db: Database,
  change: Exclude<TaskChange, 'keep'>,
  caller: { idHash: string | null; browserHash: string | null; now: Date },
  target: { checklistId: string; taskId: string; activityId: string; changedAt: string | undefined },
  claim: { key: string; requestHash: string; claimedAt: Date; expiresAt: Date; abandonedBefore: Date },
) {
  const presented = presentedBy(caller);
  const update = presented ? keyedTaskUpdates.get(`${change}/${presented}`) : undefined;
  if (!update) return { claim: { principal: null, claimed: false } satisfies KeyClaim, row: undefined };
  const [result] = await update(db).execute({
    ...callerParams(caller, target.checklistId),
    taskId: target.taskId,
    activityId: target.activityId,
    changedAt: changedAtParameter(target.changedAt),
    key: claim.key,
    requestHash: claim.requestHash,
    claimedAt: claim.claimedAt.toISOString(),
    expiresAt: claim.expiresAt.toISOString(),
    abandonedBefore: claim.abandonedBefore.toISOString(),
  });
  if (!result) throw new Error('a keyed task change answered no row');
  const { claimed, principal, ...row } = result;
  const keyClaim: KeyClaim = { principal, claimed: Boolean(claimed) };
  if (row.taskId === null || row.revision === null || row.teamId === null || row.actorKind === null) {
    return { claim: keyClaim, row: undefined };
  }
  return {
    claim: keyClaim,
    row: {
      ...row,
      taskId: row.taskId,
      completed: Boolean(row.completed),
      completedAt: toDateOrNull(row.completedAt),
      actorKind: row.actorKind,
      teamId: row.teamId,
      revision: Number(row.revision),
      checklistUpdatedAt: toDate(row.checklistUpdatedAt),
      submittedAt: toDateOrNull(row.submittedAt),
      sessionCreatedAt: toDateOrNull(row.sessionCreatedAt),
      sessionLastSeenAt: toDateOrNull(row.sessionLastSeenAt),
      sessionExpiresAt: toDateOrNull(row.sessionExpiresAt),
      noticeAfterCommit: 'after-commit',
    },
  };
}
