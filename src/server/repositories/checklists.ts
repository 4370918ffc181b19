import { createHash } from 'node:crypto';
import { and, count, desc, eq, getTableColumns, notInArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Task } from '#domain/checklist';
import type { LanguageCode } from '#domain/languages';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { checklists, shares, tasks, users } from '../db/schema.ts';
import type { ChecklistAccess } from '../policies/checklists.ts';
import { isInReach, isOwnedBy, liveSession } from './access.ts';
import { changedAtParameter, effectiveChangeTime, writeWins } from './change-times.ts';

/**
 * The checklist aggregate (checklists and their tasks). Every statement that names a checklist for
 * someone is scoped by `isInReach` or `isOwnedBy` (repositories/access.ts), so one out of reach reads
 * as absent. The hot reads are prepared once per database handle (docs/decisions/0003); ticking a
 * task is repositories/task-updates.ts.
 */

export type ChecklistRow = typeof checklists.$inferSelect;
export type ChecklistWithTasks = ChecklistRow & { tasks: Task[] };

const p = (name: string) => sql.placeholder(name);

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
    'referencePhotoUrl', t.reference_photo_url,
    'details', t.details,
    'completedAt', to_char(t.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ) order by t.position, t.id), '[]'::json)
  from tasks t where t.checklist_id = "checklists"."id"
)`);

const withTasks = { ...getTableColumns(checklists), tasks: sql<Task[]>`${TASKS_AS_JSON}` };

const readOwnedQuery = preparedPerDatabase((db) =>
  db
    .select(withTasks)
    .from(checklists)
    .where(and(eq(checklists.id, p('id')), isOwnedBy(p('userId'))))
    .prepare('read_checklist'),
);

/** For a recipient, whose access was resolved (for exactly this checklist) before. */
const readSharedQuery = preparedPerDatabase((db) =>
  db
    .select(withTasks)
    .from(checklists)
    .where(eq(checklists.id, p('id')))
    .prepare('read_shared_checklist'),
);

/** One checklist with its tasks in order, in one round trip; undefined when out of reach. */
export async function readChecklistRow(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
): Promise<ChecklistWithTasks | undefined> {
  if (access.kind === 'owner') {
    const [row] = await readOwnedQuery(db).execute({ id: checklistId, userId: access.userId });
    return row;
  }
  if (access.checklistId !== checklistId) return undefined;
  const [row] = await readSharedQuery(db).execute({ id: checklistId });
  return row;
}

/**
 * The live session of the id hash and time placeholders `idHash` and `now` as a CTE, and what a
 * statement built on it selects of it: the user and the session's times (to keep it alive).
 */
function withSession(db: Database) {
  const session = db.$with('session').as(liveSession(db, p('idHash'), p('now')));
  return {
    session,
    columns: {
      userId: session.userId,
      sessionCreatedAt: session.sessionCreatedAt,
      sessionLastSeenAt: session.sessionLastSeenAt,
      sessionExpiresAt: session.sessionExpiresAt,
    },
  };
}

/**
 * The live session's user and times, with the current revision of the checklist when that user owns
 * it (revision null otherwise), in one round trip. No row: no live session.
 */
const sessionAndRevisionQuery = preparedPerDatabase((db) => {
  const { session, columns } = withSession(db);
  return db
    .with(session)
    .select({ ...columns, revision: checklists.revision })
    .from(session)
    .leftJoin(checklists, and(eq(checklists.id, p('checklistId')), isOwnedBy(session.userId)))
    .prepare('session_and_checklist_revision');
});

export async function sessionAndRevision(db: Database, idHash: string, checklistId: string, now: Date) {
  const [row] = await sessionAndRevisionQuery(db).execute({ idHash, checklistId, now: now.toISOString() });
  return row;
}

/** Task counts per checklist, computed by the database in the same query as the rows. */
const taskCount = sql<number>`cast(count(${tasks.id}) as int)`.mapWith(Number);
const completedCount = sql<number>`cast(count(${tasks.id}) filter (where ${tasks.completed}) as int)`.mapWith(
  Number,
);

/**
 * What the owner's list shows, as one value: the MD5 of every checklist's id and revision, in id
 * order. Every change to a checklist or its tasks takes its next revision (docs/decisions/0004), and a
 * created or deleted checklist changes the set of ids, so equal fingerprints mean an equal list
 * (services/checklist-cache.ts keeps the list's JSON by it). `owner`: the user id (a placeholder or
 * a column).
 */
function listFingerprint(owner: SQLWrapper) {
  return sql<string>`(select md5(coalesce(string_agg(f.id || ':' || f.revision, ',' order by f.id), '')) from ${checklists} f where f.user_id = ${owner})`;
}

const listOwnedQuery = preparedPerDatabase((db) =>
  db
    .select({
      ...getTableColumns(checklists),
      taskCount,
      completedCount,
      fingerprint: listFingerprint(p('userId')),
    })
    .from(checklists)
    .leftJoin(tasks, eq(tasks.checklistId, checklists.id))
    .where(isOwnedBy(p('userId')))
    .groupBy(checklists.id)
    .orderBy(desc(checklists.createdAt), desc(checklists.id))
    .prepare('list_checklists'),
);

/** The fingerprint of an empty list (no rows to carry it). */
export const EMPTY_LIST_FINGERPRINT = createHash('md5').update('').digest('hex');

/**
 * The owner's checklists, newest first, each with its task counts (one query), and the list's
 * fingerprint as read in the same statement.
 */
export async function listOwnedChecklists(db: Database, userId: string) {
  const rows = await listOwnedQuery(db).execute({ userId });
  return { rows, fingerprint: rows[0]?.fingerprint ?? EMPTY_LIST_FINGERPRINT };
}

/**
 * The live session of this id hash (its user and times) with the fingerprint of that user's list, in
 * one primary-key lookup and one index scan of their checklists. No row: no live session.
 */
const sessionAndListFingerprintQuery = preparedPerDatabase((db) => {
  const { session, columns } = withSession(db);
  return db
    .with(session)
    .select({
      ...columns,
      // Qualified by hand: Drizzle writes a CTE's column unqualified here, which the subquery would
      // read as its own checklists' user_id.
      fingerprint: listFingerprint(sql.raw('"session"."user_id"')),
    })
    .from(session)
    .prepare('session_and_list_fingerprint');
});

export async function sessionAndListFingerprint(db: Database, idHash: string, now: Date) {
  const [row] = await sessionAndListFingerprintQuery(db).execute({ idHash, now: now.toISOString() });
  return row;
}

/**
 * Per checklist of the owner: its task counts, whether it was submitted, and whether it was last
 * updated since midnight of `now` in the viewer's time zone (computed by the database, so
 * daylight-saving days are right).
 */
export async function checklistCountsOf(
  db: Database,
  userId: string,
  today: { now: Date; timeZone: string },
) {
  const { now, timeZone } = today;
  const localMidnight = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`;
  return db
    .select({
      taskCount,
      completedCount,
      submitted: sql<boolean>`${checklists.submittedAt} is not null`,
      updatedToday: sql<boolean>`${checklists.updatedAt} >= ${localMidnight}`,
    })
    .from(checklists)
    .leftJoin(tasks, eq(tasks.checklistId, checklists.id))
    .where(isOwnedBy(userId))
    .groupBy(checklists.id);
}

export async function countOwnedChecklists(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(checklists).where(isOwnedBy(userId));
  return row?.n ?? 0;
}

export async function insertChecklist(
  db: Database,
  checklist: { id: string; userId: string; name: string; remarks: string },
  taskRows: { id: string; description: string; details: string; photoRequired: boolean }[],
) {
  const [row] = await db.insert(checklists).values(checklist).returning();
  if (!row) throw new Error('checklist insert returned nothing');
  const inserted = await db
    .insert(tasks)
    .values(taskRows.map((task, position) => ({ ...task, checklistId: row.id, position })))
    .returning();
  return { row, tasks: inserted };
}

/**
 * The remarks' language after the owner writes them: unchanged remarks keep theirs (an editor saving
 * a recipient's remarks as they were); new ones are in the owner's language (null).
 */
function ownerRemarksLanguage(remarks: string) {
  return sql<
    string | null
  >`case when ${checklists.remarks} = ${remarks} then ${checklists.remarksLanguage} else null end`;
}

/**
 * PUT's first step: the name (and remarks) written, version and revision taken, only if the version
 * is still the one the edit started from. Undefined: out of reach, or a stale version.
 */
export async function updateChecklistAtVersion(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  edit: { name: string; remarks?: string | undefined; version: number },
) {
  const [row] = await db
    .update(checklists)
    .set({
      name: edit.name,
      ...(edit.remarks !== undefined
        ? {
            remarks: edit.remarks,
            remarksChangedAt: sql`now()`,
            remarksLanguage: ownerRemarksLanguage(edit.remarks),
          }
        : {}),
      version: sql`${checklists.version} + 1`,
      revision: sql`${checklists.revision} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(isInReach(access, checklistId), eq(checklists.version, edit.version)))
    .returning({ submittedAt: checklists.submittedAt });
  return row;
}

export async function tasksOf(db: Database, checklistId: string) {
  return db
    .select({ id: tasks.id, description: tasks.description, photoRequired: tasks.photoRequired })
    .from(tasks)
    .where(eq(tasks.checklistId, checklistId));
}

/** The checklist's tasks become exactly these, in this order: others deleted, these written. */
export async function replaceTasks(
  db: Database,
  checklistId: string,
  rows: { id: string; position: number; description: string; details: string; photoRequired: boolean }[],
  keptIds: string[],
): Promise<void> {
  await db
    .delete(tasks)
    .where(
      keptIds.length > 0
        ? and(eq(tasks.checklistId, checklistId), notInArray(tasks.id, keptIds))
        : eq(tasks.checklistId, checklistId),
    );
  await db
    .insert(tasks)
    .values(rows.map((task) => ({ ...task, checklistId })))
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
}

export async function reopenChecklist(db: Database, checklistId: string): Promise<void> {
  await db.update(checklists).set({ submittedAt: null }).where(eq(checklists.id, checklistId));
}

/** Deletes the checklist if in reach (its tasks, photos' rows and shares go with it); whether it did. */
export async function deleteChecklistRow(db: Database, access: ChecklistAccess, checklistId: string) {
  const deleted = await db
    .delete(checklists)
    .where(isInReach(access, checklistId))
    .returning({ id: checklists.id });
  return deleted.length > 0;
}

/**
 * Takes the checklist's next revision (and its row lock, which orders this change after any other on
 * it) if in reach; whether it did. Other changes to its tasks follow in the same transaction.
 */
export async function touchChecklist(db: Database, access: ChecklistAccess, checklistId: string) {
  const touched = await db
    .update(checklists)
    .set({ updatedAt: sql`now()`, revision: sql`${checklists.revision} + 1` })
    .where(isInReach(access, checklistId))
    .returning({ id: checklists.id });
  return touched.length > 0;
}

/** Whether the access reaches this checklist. */
export async function checklistInReach(db: Database, access: ChecklistAccess, checklistId: string) {
  const [row] = await db.select({ id: checklists.id }).from(checklists).where(isInReach(access, checklistId));
  return row !== undefined;
}

/** The checklist row locked until the transaction ends, if in reach; whether it is. */
export async function lockChecklist(db: Database, access: ChecklistAccess, checklistId: string) {
  const [row] = await db
    .select({ id: checklists.id })
    .from(checklists)
    .where(isInReach(access, checklistId))
    .for('update');
  return row !== undefined;
}

/**
 * The language remarks are stored with: what the writer said, else for a recipient their share's
 * language (the page they wrote on), for the owner null (the owner's language, whatever it becomes).
 */
function remarksLanguageOf(access: ChecklistAccess, said: LanguageCode | undefined, remarks: string) {
  if (said) return said;
  if (access.kind === 'owner') return ownerRemarksLanguage(remarks);
  return sql<string>`(select ${shares.targetLanguage} from ${shares} where ${shares.id} = ${access.shareId})`;
}

/**
 * Writes the remarks if in reach and this write is not older than the last one applied to them (later
 * write wins, by `changedAt`); the version is left alone. Whether it did.
 */
export async function writeRemarksIfLater(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  write: { remarks: string; language?: LanguageCode | undefined; changedAt?: string | undefined },
) {
  const effective = effectiveChangeTime(changedAtParameter(write.changedAt));
  const updated = await db
    .update(checklists)
    .set({
      remarks: write.remarks,
      remarksLanguage: remarksLanguageOf(access, write.language, write.remarks),
      remarksChangedAt: effective,
      updatedAt: sql`now()`,
      revision: sql`${checklists.revision} + 1`,
    })
    .where(and(isInReach(access, checklistId), writeWins(checklists.remarksChangedAt, effective)))
    .returning({ id: checklists.id });
  return updated.length > 0;
}

/**
 * Marks the checklist submitted now (with the remarks, if given, written now); answers its new times,
 * remarks and revision. The caller holds its row lock (`lockChecklist`).
 */
export async function markSubmitted(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  remarks: { text: string; language?: LanguageCode | undefined } | undefined,
) {
  const [row] = await db
    .update(checklists)
    .set({
      submittedAt: sql`now()`,
      updatedAt: sql`now()`,
      revision: sql`${checklists.revision} + 1`,
      // Submitting with remarks writes them now: a remark made before it, replayed later, loses.
      ...(remarks !== undefined
        ? {
            remarks: remarks.text,
            remarksChangedAt: sql`now()`,
            remarksLanguage: remarksLanguageOf(access, remarks.language, remarks.text),
          }
        : {}),
    })
    .where(eq(checklists.id, checklistId))
    .returning({
      submittedAt: checklists.submittedAt,
      updatedAt: checklists.updatedAt,
      remarks: checklists.remarks,
      revision: checklists.revision,
    });
  return row;
}

/** What a checklist's texts are written in: the owner's language and the remarks' (null: the owner's). */
export async function checklistLanguagesRow(
  db: Database,
  access: ChecklistAccess | null,
  checklistId: string,
) {
  const [row] = await db
    .select({
      remarks: checklists.remarks,
      remarksLanguage: checklists.remarksLanguage,
      ownerLanguage: users.language,
    })
    .from(checklists)
    .innerJoin(users, eq(users.id, checklists.userId))
    .where(access ? isInReach(access, checklistId) : eq(checklists.id, checklistId));
  return row;
}

/** The owner's checklist with what a share's message names and the owner's tier; undefined if not theirs. */
export async function ownedChecklistWithOwner(db: Database, userId: string, checklistId: string) {
  const [row] = await db
    .select({
      name: checklists.name,
      ownerName: users.displayName,
      email: users.email,
      tier: users.tier,
      ownerCreatedAt: users.createdAt,
    })
    .from(checklists)
    .innerJoin(users, eq(users.id, checklists.userId))
    .where(isInReach({ kind: 'owner', userId }, checklistId));
  return row;
}

/** The checklist's owner and revision (a recipient's subscribe, after its grant was checked). */
export async function ownerAndRevision(db: Database, checklistId: string) {
  const [row] = await db
    .select({ ownerId: checklists.userId, revision: checklists.revision })
    .from(checklists)
    .where(eq(checklists.id, checklistId));
  return row;
}
