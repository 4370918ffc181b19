import { type AnyColumn, and, eq, exists, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Checklist, computeProgress, type TaskPatch } from '#domain/checklist';
import { AppError } from '#domain/errors';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { checklistActivity, checklists, sessions, shareGrants, shares, tasks } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { type ChecklistAccess, checklistNotFound, TASK_NOT_FOUND } from '../policies/checklists.ts';
import { changedAtParameter, effectiveChangeTime, writeWins } from './change-times.ts';
import type { ChecklistCache } from './checklist-cache.ts';
import { readChecklistWithRevision, sessionAndRevision } from './checklists.ts';
import { keepSessionAlive, type SessionCheck, sessionRequired, sessionTimeColumns } from './sessions.ts';
import { recipientAccessFor } from './share-verification.ts';

/**
 * Ticking, unticking and removing a task's photo: the hottest write. One statement checks who is
 * asking (the owner's session, or a recipient browser's grant on this checklist), takes the checklist's
 * next revision, changes the one task row and records who did it. Last write wins per task; the
 * version (for whole-checklist edits) is left alone, so an editor open elsewhere is not made stale.
 */

export type TaskActor =
  | { kind: 'owner'; session: SessionCheck }
  | { kind: 'recipient'; browserHash: string; now: Date };

type TaskChange = `${'tick' | 'untick' | 'keep'}${'' | '-unphoto'}`;

function taskChangeOf(patch: TaskPatch): TaskChange {
  const completion = patch.completed === true ? 'tick' : patch.completed === false ? 'untick' : 'keep';
  return `${completion}${patch.photoUrl === null ? '-unphoto' : ''}`;
}

const ACTION_OF: Record<Exclude<TaskChange, 'keep'>, 'task_completed' | 'task_reopened' | 'photo_removed'> = {
  tick: 'task_completed',
  untick: 'task_reopened',
  'keep-unphoto': 'photo_removed',
  'tick-unphoto': 'task_completed',
  'untick-unphoto': 'task_reopened',
};

/** A timestamp read through a sql field arrives as a Date or as PostgreSQL's text, by driver. */
function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function toDateOrNull(value: unknown): Date | null {
  return value === null ? null : toDate(value);
}

/**
 * The statement of one kind of change by one kind of actor. The checklist row is touched first
 * (which orders this change after any other in flight on it, and takes the next revision), only if
 * the actor reaches it, the task is in it and the write is not older than the task's last write to a
 * field it changes (later write wins, per field: `changedAt`, clamped to now); then the task row, each
 * field only where this write wins, rechecked on the row as it is once the checklist is locked; the
 * record of it goes in alongside. Unticking, or removing a photo, reopens a submitted checklist. No
 * row: the actor, the checklist or the task is not there, or the write is older than what is stored.
 */
function buildTaskUpdate(change: Exclude<TaskChange, 'keep'>, actor: TaskActor['kind']) {
  const tick = change.startsWith('tick');
  const untick = change.startsWith('untick');
  const unphoto = change.endsWith('-unphoto');
  const completes = tick || untick;
  /** With one field changed the WHERE clause decides; with two, each field is set where it wins. */
  const bothFields = completes && unphoto;
  return preparedPerDatabase((db) => {
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

    const session = db.$with('session').as(
      db
        .select({ userId: sessions.userId, ...sessionTimeColumns })
        .from(sessions)
        .where(
          and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))),
        ),
    );
    const grant = db.$with('grant').as(
      db
        .select({ shareId: shareGrants.shareId, checklistId: shareGrants.checklistId })
        .from(shareGrants)
        .innerJoin(shares, eq(shares.id, shareGrants.shareId))
        .where(
          and(
            eq(shareGrants.browserHash, sql.placeholder('browserHash')),
            eq(shareGrants.checklistId, sql.placeholder('checklistId')),
            gt(shareGrants.expiresAt, sql.placeholder('now')),
            isNull(shares.revokedAt),
          ),
        )
        .limit(1),
    );
    const reachable =
      actor === 'owner'
        ? eq(checklists.userId, sql`(select ${session.userId} from ${session})`)
        : eq(checklists.id, sql`(select ${grant.checklistId} from ${grant})`);
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
        .where(and(eq(checklists.id, sql.placeholder('checklistId')), reachable, exists(taskWhere(anyWins))))
        .returning({
          id: checklists.id,
          userId: checklists.userId,
          revision: checklists.revision,
          updatedAt: checklists.updatedAt,
          submittedAt: checklists.submittedAt,
        }),
    );
    // Columns in the table's order: id, checklist_id, share_id, actor_label, action, task_id, at.
    const shareOfActor = actor === 'owner' ? sql`null` : sql`(select ${grant.shareId} from ${grant})`;
    const action = bothFields
      ? sql`case when exists(${taskWhere(completionWins)}) then ${ACTION_OF[change]} else 'photo_removed' end`
      : sql`${ACTION_OF[change]}`;
    const logged = db.$with('logged').as(
      db
        .insert(checklistActivity)
        .select(
          sql`select ${sql.placeholder('activityId')}, ${touched.id}, ${shareOfActor}, null, ${action}, ${sql.placeholder('taskId')}, clock_timestamp() from ${touched}`,
        )
        .returning({ id: checklistActivity.id }),
    );
    const actorCte = actor === 'owner' ? session : grant;
    return db
      .with(actorCte, touched, logged)
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
        ownerId: sql<string>`(select ${touched.userId} from ${touched})`,
        revision: sql<number>`(select ${touched.revision} from ${touched})`.mapWith(Number),
        checklistUpdatedAt: sql`(select ${touched.updatedAt} from ${touched})`.mapWith(toDate),
        submittedAt: sql`(select ${touched.submittedAt} from ${touched})`.mapWith(toDateOrNull),
        ...(actor === 'owner'
          ? {
              sessionCreatedAt: sql`(select ${session.sessionCreatedAt} from ${session})`.mapWith(toDate),
              sessionLastSeenAt: sql`(select ${session.sessionLastSeenAt} from ${session})`.mapWith(toDate),
              sessionExpiresAt: sql`(select ${session.sessionExpiresAt} from ${session})`.mapWith(toDate),
            }
          : {}),
      })
      .prepare(`update_task_${change.replace('-', '_')}_by_${actor}`);
  });
}

const TASK_CHANGES: Exclude<TaskChange, 'keep'>[] = [
  'tick',
  'untick',
  'keep-unphoto',
  'tick-unphoto',
  'untick-unphoto',
];
const taskUpdates = new Map(
  (['owner', 'recipient'] as const).flatMap((actor) =>
    TASK_CHANGES.map((change) => [`${change}/${actor}`, buildTaskUpdate(change, actor)] as const),
  ),
);

/**
 * PATCH /api/checklists/{id}/tasks/{taskId} for the owner behind a session or a verified recipient.
 * Two people ticking different tasks at once both keep their tick. Answers the checklist as it now
 * is, as the JSON body to send: built from the cached checklist at the revision just before this
 * change when there is one (the change is then all that differs), else read. A recipient's copy
 * carries no user id.
 */
export async function updateTask(
  db: Database,
  cache: ChecklistCache,
  actor: TaskActor,
  checklistId: string,
  taskId: string,
  patch: TaskPatch,
): Promise<string> {
  const change = taskChangeOf(patch);
  const update = change === 'keep' ? undefined : taskUpdates.get(`${change}/${actor.kind}`);
  if (!update) throw new AppError('validation_failed', 'Nothing to change: send completed or photoUrl');
  const now = actor.kind === 'owner' ? actor.session.now : actor.now;
  const [row] = await update(db).execute({
    idHash: actor.kind === 'owner' ? actor.session.idHash : '',
    browserHash: actor.kind === 'recipient' ? actor.browserHash : '',
    now: now.toISOString(),
    checklistId,
    taskId,
    activityId: newId('activity'),
    changedAt: changedAtParameter(patch.changedAt),
  });
  if (!row) return checklistAsItIs(db, cache, actor, checklistId, taskId);
  if (actor.kind === 'owner' && row.sessionCreatedAt && row.sessionLastSeenAt && row.sessionExpiresAt) {
    await keepSessionAlive(db, actor.session, {
      createdAt: row.sessionCreatedAt,
      lastSeenAt: row.sessionLastSeenAt,
      expiresAt: row.sessionExpiresAt,
    });
  }

  const checklist = await checklistAfter(db, cache, checklistId, row);
  return actor.kind === 'owner' ? checklist.body : JSON.stringify({ ...checklist.checklist, userId: null });
}

interface ChangedTask {
  taskId: string;
  completed: boolean;
  completedAt: Date | null;
  photoUrl: string | null;
  ownerId: string;
  revision: number;
  checklistUpdatedAt: Date;
  submittedAt: Date | null;
}

async function checklistAfter(db: Database, cache: ChecklistCache, checklistId: string, row: ChangedTask) {
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
 * Nothing changed, and why: no session (401), out of reach (404 checklist), no such task in it (404
 * task), or a write older than the one stored, which answers the checklist as it is (so the writer
 * sees what won). Only these rarer answers pay the second round trip.
 */
async function checklistAsItIs(
  db: Database,
  cache: ChecklistCache,
  actor: TaskActor,
  checklistId: string,
  taskId: string,
): Promise<string> {
  let access: ChecklistAccess;
  if (actor.kind === 'owner') {
    const found = await sessionAndRevision(db, actor.session, checklistId);
    if (!found) throw sessionRequired();
    if (found.revision === null) throw checklistNotFound();
    access = { kind: 'owner', userId: found.userId };
  } else {
    const granted = await recipientAccessFor(db, actor.browserHash, checklistId, actor.now);
    if (!granted) throw checklistNotFound();
    access = granted;
  }
  const read = await readChecklistWithRevision(db, access, checklistId);
  if (!read) throw checklistNotFound();
  if (!read.checklist.tasks.some((task) => task.id === taskId)) {
    throw new AppError('not_found', TASK_NOT_FOUND);
  }
  const held = cache.remember(read.ownerId, read.revision, read.checklist);
  return actor.kind === 'owner' ? held.body : JSON.stringify({ ...read.checklist, userId: null });
}
