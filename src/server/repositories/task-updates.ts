import {
  type AnyColumn,
  and,
  eq,
  exists,
  isNotNull,
  or,
  type SQL,
  sql,
  type WithSubquery,
} from 'drizzle-orm';
import type { TaskPatch } from '#domain/checklist';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { checklistActivity, checklists, photos, tasks } from '../db/schema/index.ts';
import { type ActorKind, actingKindSql } from '../policies/checklists.ts';
import { callerCtes, callerParams, type Presented, presentedBy } from './access.ts';
import { changedAtParameter, effectiveChangeTime, writeWins } from './change-times.ts';
import { claimKeyCte } from './idempotency-keys.ts';
import { toDate, toDateOrNull } from './sql-values.ts';

/**
 * Ticking, unticking and removing a task's photo: the hottest write, one statement (docs/decisions/0003,
 * 0004, 0006). It finds the caller's live session and live grant (repositories/access.ts; only what
 * the request presented: one statement each for a session cookie, a recipient cookie, or both), decides
 * who acts by the policy's rule (`actingKindSql`: the owner first, then a recipient; both may tick), takes
 * the checklist's next revision, changes the one task row and records who did it. The write made later
 * wins, per task and field (`changedAt`); the version (for whole-checklist edits) is left alone, so an
 * editor open elsewhere is not made stale.
 */

export type TaskChange = `${'tick' | 'untick' | 'keep'}${'' | '-unphoto'}`;

export function taskChangeOf(patch: TaskPatch): TaskChange {
  const completion = patch.completed === true ? 'tick' : patch.completed === false ? 'untick' : 'keep';
  return `${completion}${patch.photoUrl === null ? '-unphoto' : ''}`;
}

/**
 * The statement of one kind of change. The checklist row is touched first (which orders this change
 * after any other in flight on it, and takes the next revision), only if someone with the right to
 * tick reaches it, the task is in it and the write is not older than the task's last write to a field
 * it changes (later write wins, per field: `changedAt`, clamped to now); then the task row, each field
 * only where this write wins, rechecked on the row as it is once the checklist is locked; the record
 * of it goes in alongside, naming the recipient's share when a recipient acted. Unticking, or removing
 * a photo, reopens a submitted checklist. No row: nobody reaches the checklist, the task is not in it,
 * or the write is older than what is stored.
 */
function taskStatement(
  db: Database,
  change: Exclude<TaskChange, 'keep'>,
  presented: Presented,
  keyed: boolean,
) {
  const tick = change.startsWith('tick');
  const untick = change.startsWith('untick');
  const unphoto = change.endsWith('-unphoto');
  const completes = tick || untick;
  /** With one field changed the WHERE clause decides; with two, each field is set where it wins. */
  const bothFields = completes && unphoto;
  const effective = effectiveChangeTime(sql.placeholder('changedAt'));
  const completionWins = writeWins(tasks.completedChangedAt, effective);
  const photoWins = writeWins(tasks.photoChangedAt, effective);
  const anyWins =
    completes && unphoto ? or(completionWins, photoWins) : completes ? completionWins : photoWins;
  const ifWins = (wins: SQL, value: SQL, column: AnyColumn): SQL =>
    bothFields ? sql`case when ${wins} then ${value} else ${column} end` : value;
  const thisTask = and(
    eq(tasks.checklistId, sql.placeholder('checklistId')),
    eq(tasks.id, sql.placeholder('taskId')),
  );
  const taskWhere = (condition: SQL | undefined) =>
    db.select({ one: sql`1` }).from(tasks).where(and(thisTask, condition));
  /** A time of the caller's session (to keep it alive), null when no session cookie came. */
  const sessionColumn = (column: unknown) =>
    (session && column ? sql`(select ${column} from ${session})` : sql`null`).mapWith(toDateOrNull);

  const { session, grant, reach, ctes } = callerCtes(db, presented);
  const acting = actingKindSql(reach, 'tick');
  /**
   * With an Idempotency-Key, the key is claimed in this statement too (docs/decisions/0015), for
   * whom the key belongs to (http/plugins/idempotency.ts `principalOf`): the session's user, else the
   * recipient browser. Nothing changes unless this request claimed it.
   */
  const principal = sql<string | null>`coalesce(${
    session ? sql`(select ${session.userId} from ${session})` : sql`null`
  }, ${presented !== 'session' ? sql`'recipient:' || ${sql.placeholder('browserHash')}` : sql`null`})`;
  const claimed = keyed ? claimKeyCte(db, principal) : null;
  // Reopens a submission: an untick or a photo removal that applies (with a tick, only the removal).
  const reopens =
    change === 'tick-unphoto'
      ? sql`case when exists(${taskWhere(photoWins)}) then null else ${checklists.submittedAt} end`
      : untick || unphoto
        ? null
        : undefined;
  const touched = db.$with('touched').as(
    db
      .update(checklists)
      .set({
        updatedAt: sql`now()`,
        revision: sql`${checklists.revision} + 1`,
        ...(reopens !== undefined ? { submittedAt: reopens } : {}),
      })
      .where(
        and(
          eq(checklists.id, sql.placeholder('checklistId')),
          sql`${acting} is not null`,
          exists(taskWhere(anyWins)),
          claimed ? sql`exists (select 1 from ${claimed})` : undefined,
        ),
      )
      .returning({
        id: checklists.id,
        userId: checklists.userId,
        revision: checklists.revision,
        updatedAt: checklists.updatedAt,
        submittedAt: checklists.submittedAt,
        actorKind: sql<ActorKind>`${acting}`.as('actor_kind'),
      }),
  );
  // The record: who acted (a recipient's name, channel and contact copied from their grant's share,
  // so the entry stands on its own: docs/decisions/0023), and one entry per field this write changes.
  const shareOfActor = grant
    ? sql`case when ${touched.actorKind} = 'recipient' then (select ${grant.shareId} from ${grant}) end`
    : sql`null`;
  const ofRecipient = (column: unknown) =>
    grant && column
      ? sql`case when ${touched.actorKind} = 'recipient' then (select ${column} from ${grant}) end`
      : sql`null`;
  const actor = sql`${shareOfActor}, ${touched.actorKind}, ${ofRecipient(grant?.recipientName)}, ${ofRecipient(
    grant?.channel,
  )}, ${ofRecipient(grant?.contact)}`;
  /** The photo the task had (the one this write removes), by the task's photo_url '/api/photos/{id}'. */
  const removedPhoto = (column: AnyColumn) =>
    sql`(select ${column} from ${photos} where ${photos.checklistId} = ${sql.placeholder('checklistId')} and '/api/photos/' || ${photos.id} = (${db
      .select({ url: tasks.photoUrl })
      .from(tasks)
      .where(thisTask)}))`;
  // Columns in the table's order: id, checklist_id, share_id, actor_kind, share_name, share_channel,
  // share_contact, action, task_id, photo_sha256, photo_captured_at, photo_replaced, at.
  const completionEntry = sql`select ${sql.placeholder('activityId')}, ${touched.id}, ${actor}, ${
    tick ? 'task_completed' : 'task_uncompleted'
  }, ${sql.placeholder('taskId')}, null, null, false, clock_timestamp() from ${touched}${
    bothFields ? sql` where exists(${taskWhere(completionWins)})` : sql``
  }`;
  const photoEntry = sql`select ${sql.placeholder('activityId')} || '_photo', ${touched.id}, ${actor}, 'photo_removed', ${sql.placeholder(
    'taskId',
  )}, ${removedPhoto(photos.originalSha256)}, ${removedPhoto(photos.capturedAt)}, false, clock_timestamp() from ${touched}${
    bothFields ? sql` where exists(${taskWhere(and(photoWins, isNotNull(tasks.photoUrl)))})` : sql``
  }`;
  const entries =
    completes && unphoto
      ? sql`${completionEntry} union all ${photoEntry}`
      : completes
        ? completionEntry
        : photoEntry;
  const logged = db
    .$with('logged')
    .as(db.insert(checklistActivity).select(entries).returning({ id: checklistActivity.id }));
  // PostgreSQL takes data-modifying CTEs at the top level only: a keyed statement lists them all there.
  const update = (withs: WithSubquery[]) =>
    (withs.length > 0 ? db.with(...withs) : db)
      .update(tasks)
      .set({
        updatedAt: sql`now()`,
        ...(tick
          ? {
              completed: ifWins(completionWins, sql`true`, tasks.completed),
              completedAt: ifWins(
                completionWins,
                sql`coalesce(${tasks.completedAt}, now())`,
                tasks.completedAt,
              ),
            }
          : {}),
        ...(untick
          ? {
              completed: ifWins(completionWins, sql`false`, tasks.completed),
              completedAt: ifWins(completionWins, sql`null`, tasks.completedAt),
            }
          : {}),
        ...(completes
          ? { completedChangedAt: ifWins(completionWins, effective, tasks.completedChangedAt) }
          : {}),
        ...(unphoto
          ? {
              photoUrl: ifWins(photoWins, sql`null`, tasks.photoUrl),
              photoChangedAt: ifWins(photoWins, effective, tasks.photoChangedAt),
            }
          : {}),
      })
      .where(
        and(
          eq(tasks.checklistId, sql`(select ${touched.id} from ${touched})`),
          eq(tasks.id, sql.placeholder('taskId')),
          // Again on the row as it is now: a write to it may have committed while this one waited.
          anyWins,
        ),
      )
      .returning({
        taskId: tasks.id,
        completed: tasks.completed,
        completedAt: tasks.completedAt,
        photoUrl: tasks.photoUrl,
        actorKind: sql<ActorKind>`(select ${touched.actorKind} from ${touched})`.as('actor_kind'),
        ownerId: sql<string>`(select ${touched.userId} from ${touched})`.as('owner_id'),
        revision: sql<number>`(select ${touched.revision} from ${touched})`.mapWith(Number).as('revision'),
        checklistUpdatedAt: sql`(select ${touched.updatedAt} from ${touched})`
          .mapWith(toDate)
          .as('checklist_updated_at'),
        submittedAt: sql`(select ${touched.submittedAt} from ${touched})`
          .mapWith(toDateOrNull)
          .as('checklist_submitted_at'),
        sessionCreatedAt: sessionColumn(session?.sessionCreatedAt).as('session_created_at'),
        sessionLastSeenAt: sessionColumn(session?.sessionLastSeenAt).as('session_last_seen_at'),
        sessionExpiresAt: sessionColumn(session?.sessionExpiresAt).as('session_expires_at'),
        /** The share of the recipient who acted (null for the owner), for the change's notice. */
        actorShareId: sql<string | null>`(select ${shareOfActor} from ${touched})`.as('actor_share_id'),
        /**
         * The notice of this change is the application's to send once it committed (migration 0011:
         * NOTIFY inside the transaction would serialise every tick's commit): set only when the task
         * changed, so a checklist touched by a write the task's recheck refused is announced as before.
         */
        noticeAfterCommit: sql<string>`set_config('listsync.notice', 'after-commit', true)`.as(
          'notice_after_commit',
        ),
      });
  return { update, ctes, touched, logged, claimed, principal };
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
        ownerId: changed.ownerId,
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
  if (row.taskId === null || row.revision === null || row.ownerId === null || row.actorKind === null) {
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
      ownerId: row.ownerId,
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
