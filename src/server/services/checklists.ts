import { and, count, desc, eq, getTableColumns, gt, notInArray, sql } from 'drizzle-orm';
import {
  CHECKLIST_MESSAGES,
  type Checklist,
  type ChecklistData,
  type ChecklistSummary,
  type ChecklistUpdateData,
  computeProgress,
  matchEditedTasks,
  progressFromCounts,
  type Task,
} from '#domain/checklist';
import { AppError } from '#domain/errors';
import { isAtPlanLimit, PLAN_LIMITS, planLimitMessage } from '#domain/plans';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { checklists, sessions, tasks, users } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { type ChecklistAccess, checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
import type { ChecklistCache } from './checklist-cache.ts';
import { keepSessionAlive, type SessionCheck, sessionRequired, sessionTimeColumns } from './sessions.ts';

/** Checklists and their tasks: reading, creating, editing and deleting, always within an access. */

type ChecklistRow = typeof checklists.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;

/** The SQL condition of "this checklist, if the access reaches it". */
export function checklistInScope(access: ChecklistAccess, checklistId: string) {
  if (access.kind === 'owner') {
    return and(eq(checklists.id, checklistId), eq(checklists.userId, access.userId));
  }
  // A recipient reaches the one checklist their share is for (an empty result for any other id).
  return and(eq(checklists.id, checklistId), eq(checklists.id, access.checklistId));
}

/**
 * The remarks' language after the owner writes them: unchanged remarks keep theirs (an editor saving
 * a recipient's remarks as they were); new ones are in the owner's language (null).
 */
export function ownerRemarksLanguage(remarks: string) {
  return sql<
    string | null
  >`case when ${checklists.remarks} = ${remarks} then ${checklists.remarksLanguage} else null end`;
}

/** A recipient sees nothing of the owner but the name the share page shows: no user id. */
export function asSeenBy(access: ChecklistAccess, checklist: Checklist): Checklist {
  return access.kind === 'owner' ? checklist : { ...checklist, userId: null };
}

const iso = (date: Date) => date.toISOString();

export function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    description: row.description,
    completed: row.completed,
    photoRequired: row.photoRequired,
    photoUrl: row.photoUrl,
    details: row.details,
    completedAt: row.completedAt ? iso(row.completedAt) : null,
  };
}

/** What a checklist row says of itself, as the API shows it; status, progress and tasks come apart. */
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

export function toChecklist(row: ChecklistRow & { tasks: Task[] }): Checklist {
  return {
    ...checklistRowFields(row),
    ...computeProgress(row.tasks, row.submittedAt !== null),
    tasks: row.tasks,
  };
}

/**
 * The checklist's tasks in order, built by the database in the API's own shape (a Task per element,
 * times in UTC with milliseconds as Date.toISOString writes them), so reading them costs no mapping
 * here. Static SQL on purpose: in a one-table select Drizzle writes column names unqualified inside
 * a sql field, which would make the subquery's "id" the task's.
 */
const TASKS_AS_JSON = sql.raw(`(
  select coalesce(json_agg(json_build_object(
    'id', t.id,
    'description', t.description,
    'completed', t.completed,
    'photoRequired', t.photo_required,
    'photoUrl', t.photo_url,
    'details', t.details,
    'completedAt', to_char(t.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ) order by t.position, t.id), '[]'::json)
  from tasks t where t.checklist_id = "checklists"."id"
)`);

const readChecklistQuery = preparedPerDatabase((db) =>
  db
    .select({ ...getTableColumns(checklists), tasks: sql<Task[]>`${TASKS_AS_JSON}` })
    .from(checklists)
    .where(and(eq(checklists.id, sql.placeholder('id')), eq(checklists.userId, sql.placeholder('userId'))))
    .prepare('read_checklist'),
);

/** For a recipient, whose access was resolved (for exactly this checklist) before. */
const readSharedChecklistQuery = preparedPerDatabase((db) =>
  db
    .select({ ...getTableColumns(checklists), tasks: sql<Task[]>`${TASKS_AS_JSON}` })
    .from(checklists)
    .where(eq(checklists.id, sql.placeholder('id')))
    .prepare('read_shared_checklist'),
);

/** A checklist as read, with the revision it was read at (see ChecklistCache). */
export interface ChecklistRead {
  ownerId: string;
  revision: number;
  checklist: Checklist;
}

/** One checklist with its tasks in order and its revision, in one round trip; null when out of reach. */
export async function readChecklistWithRevision(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
): Promise<ChecklistRead | null> {
  let row: (ChecklistRow & { tasks: Task[] }) | undefined;
  if (access.kind === 'owner') {
    [row] = await readChecklistQuery(db).execute({ id: checklistId, userId: access.userId });
  } else if (access.checklistId === checklistId) {
    [row] = await readSharedChecklistQuery(db).execute({ id: checklistId });
  }
  return row ? { ownerId: row.userId, revision: row.revision, checklist: toChecklist(row) } : null;
}

/** One checklist with its tasks in order, in one database round trip; null when out of reach. */
export async function readChecklist(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
): Promise<Checklist | null> {
  return (await readChecklistWithRevision(db, access, checklistId))?.checklist ?? null;
}

/**
 * The session's user, checked in the same round trip as the current revision of the checklist when
 * it is theirs (revision null otherwise). No row: no live session.
 */
const sessionAndRevisionQuery = preparedPerDatabase((db) =>
  db
    .select({ userId: sessions.userId, ...sessionTimeColumns, revision: checklists.revision })
    .from(sessions)
    .leftJoin(
      checklists,
      and(eq(checklists.id, sql.placeholder('checklistId')), eq(checklists.userId, sessions.userId)),
    )
    .where(
      and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .prepare('session_and_checklist_revision'),
);

export async function sessionAndRevision(db: Database, session: SessionCheck, checklistId: string) {
  const [row] = await sessionAndRevisionQuery(db).execute({
    idHash: session.idHash,
    checklistId,
    now: session.now.toISOString(),
  });
  return row;
}

/**
 * GET one checklist for the owner behind a session, as the JSON body to send. One round trip (the
 * session and the revision) when the cache holds that revision, two otherwise.
 */
export async function readOwnChecklistBody(
  db: Database,
  cache: ChecklistCache,
  session: SessionCheck,
  checklistId: string,
): Promise<string> {
  const row = await sessionAndRevision(db, session, checklistId);
  if (!row) throw sessionRequired();
  await keepSessionAlive(db, session, {
    createdAt: row.sessionCreatedAt,
    lastSeenAt: row.sessionLastSeenAt,
    expiresAt: row.sessionExpiresAt,
  });
  if (row.revision === null) {
    cache.forget(checklistId);
    throw checklistNotFound();
  }
  const held = cache.at(checklistId, row.revision);
  if (held && held.ownerId === row.userId) return held.body;
  const read = await readChecklistWithRevision(db, { kind: 'owner', userId: row.userId }, checklistId);
  if (!read) throw checklistNotFound();
  return cache.remember(read.ownerId, read.revision, read.checklist).body;
}

export async function getChecklist(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
): Promise<Checklist> {
  const checklist = await readChecklist(db, access, checklistId);
  if (!checklist) throw checklistNotFound();
  return checklist;
}

/** Task counts per checklist, computed by the database in the same query as the rows. */
export const taskCount = sql<number>`cast(count(${tasks.id}) as int)`.mapWith(Number);
export const completedCount =
  sql<number>`cast(count(${tasks.id}) filter (where ${tasks.completed}) as int)`.mapWith(Number);

const listChecklistsQuery = preparedPerDatabase((db) =>
  db
    .select({ ...getTableColumns(checklists), taskCount, completedCount })
    .from(checklists)
    .leftJoin(tasks, eq(tasks.checklistId, checklists.id))
    .where(eq(checklists.userId, sql.placeholder('userId')))
    .groupBy(checklists.id)
    .orderBy(desc(checklists.createdAt), desc(checklists.id))
    .prepare('list_checklists'),
);

/** The owner's checklists, newest first, each with its task counts, status and progress (one query). */
export async function listChecklists(db: Database, access: OwnerAccess): Promise<ChecklistSummary[]> {
  const rows = await listChecklistsQuery(db).execute({ userId: access.userId });
  return rows.map((row) => ({
    ...checklistRowFields(row),
    ...progressFromCounts(row.completedCount, row.taskCount, row.submittedAt !== null),
    taskCount: row.taskCount,
    completedCount: row.completedCount,
  }));
}

/**
 * Creates a checklist within the owner's plan limit. The owner's row is locked first, so concurrent
 * creates of one owner queue here and each counts what the ones before it committed: the limit holds.
 * Every task gets a fresh server id (the client's ids name nothing yet).
 */
export async function createChecklist(
  db: Database,
  access: OwnerAccess,
  input: ChecklistData,
): Promise<Checklist> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ tier: users.tier })
      .from(users)
      .where(eq(users.id, access.userId))
      .for('update');
    if (!owner) throw new AppError('unauthenticated', 'Please sign in again.');
    const { maxLists } = PLAN_LIMITS[owner.tier];
    if (maxLists !== null) {
      const [owned] = await tx
        .select({ n: count() })
        .from(checklists)
        .where(eq(checklists.userId, access.userId));
      if (isAtPlanLimit(owned?.n ?? 0, maxLists)) {
        throw new AppError('plan_limit_reached', planLimitMessage(maxLists), { limit: maxLists });
      }
    }

    const [row] = await tx
      .insert(checklists)
      .values({
        id: newId('checklist'),
        userId: access.userId,
        name: input.name,
        remarks: input.remarks ?? '',
      })
      .returning();
    if (!row) throw new Error('checklist insert returned nothing');
    const taskRows = await tx
      .insert(tasks)
      .values(
        input.tasks.map((task, position) => ({
          checklistId: row.id,
          id: newId('task'),
          position,
          description: task.description,
          details: task.details,
          photoRequired: task.photoRequired,
        })),
      )
      .returning();
    return toChecklist({ ...row, tasks: taskRows.map(toTask) });
  });
}

/**
 * PUT: the whole checklist as the editor has it, applied only if nobody changed it since the version
 * the edit started from (the check and the write are one statement). Existing tasks keep their
 * ticks and photos; ids the checklist does not have become new tasks with fresh ids; tasks left out
 * are deleted; positions follow the order sent. Adding, removing or rewording tasks reopens a
 * submitted checklist. A stale version answers 409 with the current checklist.
 */
export async function replaceChecklist(
  db: Database,
  access: OwnerAccess,
  checklistId: string,
  input: ChecklistUpdateData,
): Promise<Checklist> {
  const replaced = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(checklists)
      .set({
        name: input.name,
        ...(input.remarks !== undefined
          ? {
              remarks: input.remarks,
              remarksChangedAt: sql`now()`,
              remarksLanguage: ownerRemarksLanguage(input.remarks),
            }
          : {}),
        version: sql`${checklists.version} + 1`,
        revision: sql`${checklists.revision} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(checklistInScope(access, checklistId), eq(checklists.version, input.version)))
      .returning({ submittedAt: checklists.submittedAt });
    if (!updated) return null;

    const existing = await tx
      .select({ id: tasks.id, description: tasks.description, photoRequired: tasks.photoRequired })
      .from(tasks)
      .where(eq(tasks.checklistId, checklistId));
    const plan = planTaskChanges(existing, input.tasks);

    await tx
      .delete(tasks)
      .where(
        plan.keptIds.length > 0
          ? and(eq(tasks.checklistId, checklistId), notInArray(tasks.id, plan.keptIds))
          : eq(tasks.checklistId, checklistId),
      );
    await tx
      .insert(tasks)
      .values(plan.rows.map((task) => ({ ...task, checklistId })))
      .onConflictDoUpdate({
        target: [tasks.checklistId, tasks.id],
        set: {
          position: sql`excluded.position`,
          description: sql`excluded.description`,
          details: sql`excluded.details`,
          photoRequired: sql`excluded.photo_required`,
          updatedAt: sql`now()`,
        },
      });
    if (plan.changesWork && updated.submittedAt) {
      await tx.update(checklists).set({ submittedAt: null }).where(eq(checklists.id, checklistId));
    }
    return readChecklist(tx, access, checklistId);
  });
  if (replaced) return replaced;

  const current = await readChecklist(db, access, checklistId);
  if (!current) throw checklistNotFound();
  throw new AppError('version_conflict', CHECKLIST_MESSAGES.versionConflict, { checklist: current });
}

interface TaskPlan {
  /** Every task to write, in order, with its position and final id. */
  rows: { id: string; position: number; description: string; details: string; photoRequired: boolean }[];
  /** Ids of existing tasks that stay. */
  keptIds: string[];
  /** Whether the work itself changed (a task added, removed or reworded), which reopens a submission. */
  changesWork: boolean;
}

function planTaskChanges(
  existing: readonly { id: string; description: string; photoRequired: boolean }[],
  sent: ChecklistUpdateData['tasks'],
): TaskPlan {
  const { matches, changesWork } = matchEditedTasks(existing, sent);
  const keptIds = matches.flatMap(({ current }) => (current ? [current.id] : []));
  const rows = matches.map(({ sent: task, current }, position) => ({
    id: current ? current.id : newId('task'),
    position,
    description: task.description,
    details: task.details,
    photoRequired: task.photoRequired,
  }));
  return { rows, keptIds, changesWork };
}

/** Deletes the checklist; its tasks go with it (foreign key cascade). */
export async function deleteChecklist(db: Database, access: OwnerAccess, checklistId: string) {
  const deleted = await db
    .delete(checklists)
    .where(checklistInScope(access, checklistId))
    .returning({ id: checklists.id });
  if (deleted.length === 0) throw checklistNotFound();
}
