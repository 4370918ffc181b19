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
import type { Database } from '../db/client.ts';
import { checklistActivity, checklists, photos, tasks, users } from '../db/schema/index.ts';
import { type ActorKind, actingKindSql } from '../policies/checklists.ts';
import { callerCtes, type Presented } from './access.ts';
import { effectiveChangeTime, writeWins } from './change-times.ts';
import { claimKeyCte } from './idempotency-keys.ts';
import { toDate, toDateOrNull } from './sql-values.ts';

/**
 * The one statement of a tick (repositories/task-updates.ts prepares and runs it), built from named
 * fragments: the caller's CTEs (repositories/access.ts), the claim of an Idempotency-Key
 * (docs/decisions/0015), the checklist touched (its next revision), the activity record and the task
 * row. Each kind of change, caller and claim builds one fixed SQL text, prepared under one name.
 */

export type TaskChange = `${'tick' | 'untick' | 'keep'}${'' | '-unphoto'}`;

/** What a statement built on `callerCtes` finds of its caller: the live session and grant, each if presented. */
type CallerCtes = ReturnType<typeof callerCtes>;

/**
 * What one kind of change writes and the conditions it is held to, which every fragment of its
 * statement shares: the write made later wins, per task and field (`changedAt`, clamped to now).
 */
function changeRules(db: Database, change: Exclude<TaskChange, 'keep'>) {
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
  return {
    change,
    tick,
    untick,
    unphoto,
    completes,
    bothFields,
    effective,
    completionWins,
    photoWins,
    anyWins,
    ifWins,
    thisTask,
    taskWhere,
  };
}

type ChangeRules = ReturnType<typeof changeRules>;

/**
 * With an Idempotency-Key, the key is claimed in this statement too (docs/decisions/0015), for
 * whom the key belongs to (http/plugins/idempotency.ts `principalOf`): the session's user, else the
 * recipient browser. Nothing changes unless this request claimed it.
 */
function keyPrincipal(session: CallerCtes['session'], presented: Presented) {
  return sql<string | null>`coalesce(${
    session ? sql`(select ${session.userId} from ${session})` : sql`null`
  }, ${presented !== 'session' ? sql`'recipient:' || ${sql.placeholder('browserHash')}` : sql`null`})`;
}

/**
 * The checklist row, touched first: it takes the next revision, only if someone with the right to
 * tick reaches it (`acting`), the task is in it with a field this write wins, and the key (if any)
 * was claimed by this request.
 */
function touchedChecklist(
  db: Database,
  rules: ChangeRules,
  acting: SQL<ActorKind | null>,
  claimed: ReturnType<typeof claimKeyCte> | null,
) {
  const { change, untick, unphoto, photoWins, anyWins, taskWhere } = rules;
  // Reopens a submission: an untick or a photo removal that applies (with a tick, only the removal).
  const reopens =
    change === 'tick-unphoto'
      ? sql`case when exists(${taskWhere(photoWins)}) then null else ${checklists.submittedAt} end`
      : untick || unphoto
        ? null
        : undefined;
  return db.$with('touched').as(
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
        teamId: checklists.teamId,
        revision: checklists.revision,
        updatedAt: checklists.updatedAt,
        submittedAt: checklists.submittedAt,
        actorKind: sql<ActorKind>`${acting}`.as('actor_kind'),
      }),
  );
}

type Touched = ReturnType<typeof touchedChecklist>;

/**
 * The record: who acted (a recipient's name, channel and contact copied from their grant's share,
 * so the entry stands on its own: docs/decisions/0023), and one entry per field this write changes.
 */
function activityRecord(
  db: Database,
  rules: ChangeRules,
  touched: Touched,
  { grant, session }: Pick<CallerCtes, 'grant' | 'session'>,
) {
  const { tick, completes, unphoto, bothFields, completionWins, photoWins, thisTask, taskWhere } = rules;
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
  // The member who acted, when it was the session's (docs/teams.md), and their name as it is now.
  const memberOfActor = session
    ? sql`case when ${touched.actorKind} = 'owner' then (select ${session.userId} from ${session}) end`
    : sql`null`;
  const member = sql`${memberOfActor}, (select ${users.displayName} from ${users} where ${users.id} = ${memberOfActor})`;
  /** The photo the task had (the one this write removes), by the task's photo_url '/api/photos/{id}'. */
  const removedPhoto = (column: AnyColumn) =>
    sql`(select ${column} from ${photos} where ${photos.checklistId} = ${sql.placeholder('checklistId')} and '/api/photos/' || ${photos.id} = (${db
      .select({ url: tasks.photoUrl })
      .from(tasks)
      .where(thisTask)}))`;
  // Columns in the table's order: id, checklist_id, share_id, actor_kind, share_name, share_channel,
  // share_contact, action, task_id, photo_sha256, photo_captured_at, photo_replaced, at,
  // actor_user_id, actor_name, photo_captured_offset, photo_received_at, photo_capture_source, note.
  // A UNION ALL types its columns from the first branch: a bare null there is text, so the
  // timestamptz column's null is cast.
  const completionEntry = sql`select ${sql.placeholder('activityId')}, ${touched.id}, ${actor}, ${
    tick ? 'task_completed' : 'task_uncompleted'
  }, ${sql.placeholder('taskId')}, null, null, false, clock_timestamp(), ${member}, null, null::timestamptz, null, null from ${touched}${
    bothFields ? sql` where exists(${taskWhere(completionWins)})` : sql``
  }`;
  const photoEntry = sql`select ${sql.placeholder('activityId')} || '_photo', ${touched.id}, ${actor}, 'photo_removed', ${sql.placeholder(
    'taskId',
  )}, ${removedPhoto(photos.originalSha256)}, ${removedPhoto(photos.capturedAt)}, false, clock_timestamp(), ${member}, ${removedPhoto(
    photos.capturedOffset,
  )}, null::timestamptz, null, null from ${touched}${
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
  return { logged, shareOfActor };
}

/** The task's fields this change sets (with two fields changed, each only where this write wins). */
function changedTaskFields(rules: ChangeRules) {
  const { tick, untick, completes, unphoto, effective, completionWins, photoWins, ifWins } = rules;
  return {
    updatedAt: sql`now()`,
    ...(tick
      ? {
          completed: ifWins(completionWins, sql`true`, tasks.completed),
          completedAt: ifWins(completionWins, sql`coalesce(${tasks.completedAt}, now())`, tasks.completedAt),
        }
      : {}),
    ...(untick
      ? {
          completed: ifWins(completionWins, sql`false`, tasks.completed),
          completedAt: ifWins(completionWins, sql`null`, tasks.completedAt),
        }
      : {}),
    ...(completes ? { completedChangedAt: ifWins(completionWins, effective, tasks.completedChangedAt) } : {}),
    ...(unphoto
      ? {
          photoUrl: ifWins(photoWins, sql`null`, tasks.photoUrl),
          photoChangedAt: ifWins(photoWins, effective, tasks.photoChangedAt),
        }
      : {}),
  };
}

/**
 * What the statement answers: the task as the change left it, the checklist's new revision and who
 * acted (from `touched`), and the caller's session times.
 */
function changedTaskAnswer(touched: Touched, session: CallerCtes['session'], shareOfActor: SQL) {
  /** A time of the caller's session (to keep it alive), null when no session cookie came. */
  const sessionColumn = (column: unknown) =>
    (session && column ? sql`(select ${column} from ${session})` : sql`null`).mapWith(toDateOrNull);
  return {
    taskId: tasks.id,
    completed: tasks.completed,
    completedAt: tasks.completedAt,
    photoUrl: tasks.photoUrl,
    actorKind: sql<ActorKind>`(select ${touched.actorKind} from ${touched})`.as('actor_kind'),
    teamId: sql<string>`(select ${touched.teamId} from ${touched})`.as('team_id'),
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
  };
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
export function taskStatement(
  db: Database,
  change: Exclude<TaskChange, 'keep'>,
  presented: Presented,
  keyed: boolean,
) {
  const rules = changeRules(db, change);
  const { session, grant, reach, ctes } = callerCtes(db, presented);
  const acting = actingKindSql(reach, 'tick');
  const principal = keyPrincipal(session, presented);
  const claimed = keyed ? claimKeyCte(db, principal) : null;
  const touched = touchedChecklist(db, rules, acting, claimed);
  const { logged, shareOfActor } = activityRecord(db, rules, touched, { grant, session });
  // PostgreSQL takes data-modifying CTEs at the top level only: a keyed statement lists them all there.
  const update = (withs: WithSubquery[]) =>
    (withs.length > 0 ? db.with(...withs) : db)
      .update(tasks)
      .set(changedTaskFields(rules))
      .where(
        and(
          eq(tasks.checklistId, sql`(select ${touched.id} from ${touched})`),
          eq(tasks.id, sql.placeholder('taskId')),
          // Again on the row as it is now: a write to it may have committed while this one waited.
          rules.anyWins,
        ),
      )
      .returning(changedTaskAnswer(touched, session, shareOfActor));
  return { update, ctes, touched, logged, claimed, principal };
}
