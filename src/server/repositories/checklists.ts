import { and, eq, getTableColumns, notInArray, sql } from 'drizzle-orm';
import type { ChecklistUpdateData } from '#domain/checklist';
import type { LanguageCode } from '#domain/languages';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { checklists, tasks, teams, users } from '../db/schema/index.ts';
import type { ChecklistAccess, OwnerAccess } from '../policies/checklists.ts';
import { isInReach, isInTeamsOf, isOfTeam, type ReadScope } from './access.ts';
import { pointOf } from './checklist-address.ts';
import { PEOPLE_OF_CHECKLIST } from './checklist-people.ts';
import { dueAtChange } from './due-dates.ts';
import { ownerRemarksLanguage, remarksLanguageOf } from './remarks.ts';
import { LATEST_SIGNATURE } from './signatures.ts';

/**
 * The checklist aggregate (checklists and their tasks). Every statement that names a checklist for
 * someone is scoped by `isInReach` or `isInTeamsOf` (repositories/access.ts), so one out of reach reads
 * as absent. The hot reads are prepared once per database handle (docs/decisions/0003); ticking a
 * task is repositories/task-updates.ts, the owner's list repositories/checklist-list.ts.
 */

export type ChecklistRow = typeof checklists.$inferSelect;
export type ChecklistWithTasks = ChecklistRow & { tasks: TaskRecord[] };

const p = (name: string) => sql.placeholder(name);

/**
 * A task as one checklist read carries it: its columns, as the database writes them into JSON (times as
 * timestamptz text). What the API makes of it is the checklist presenter's (presenters/checklists.ts).
 */
export interface TaskRecord {
  id: string;
  description: string;
  details: string;
  completed: boolean;
  completedAt: string | null;
  photoRequired: boolean;
  photoUrl: string | null;
  referencePhotoUrl: string | null;
  redoNote: string | null;
  /** The evidence of the photo photo_url names (its photos row, joined in the same statement). */
  photoCapturedAt: string | null;
  photoCapturedOffset: string | null;
  photoReceivedAt: string | null;
  photoCaptureSource: 'camera' | 'library' | null;
  photoLatitude: number | null;
  photoLongitude: number | null;
  photoAccuracyM: number | null;
}

/**
 * The checklist's tasks in order, as records, aggregated by the database so that one checklist with
 * its tasks is one round trip; each task's photo row is joined by its id in photo_url
 * ('/api/photos/{id}': the id from the 13th character), by primary key. Static SQL on purpose: in a one-table select Drizzle writes column names
 * unqualified inside a sql field, which would make the subquery's "id" the task's.
 */
const TASK_RECORDS = sql.raw(`(
  select coalesce(json_agg(json_build_object(
    'id', t.id,
    'description', t.description,
    'details', t.details,
    'completed', t.completed,
    'completedAt', t.completed_at,
    'photoRequired', t.photo_required,
    'photoUrl', t.photo_url,
    'referencePhotoUrl', t.reference_photo_url,
    'redoNote', t.redo_note,
    'photoCapturedAt', ph.captured_at,
    'photoCapturedOffset', ph.captured_offset,
    'photoReceivedAt', ph.received_at,
    'photoCaptureSource', ph.capture_source,
    'photoLatitude', ph.latitude,
    'photoLongitude', ph.longitude,
    'photoAccuracyM', ph.location_accuracy_m
  ) order by t.position, t.id), '[]'::json)
  from tasks t
  left join photos ph on ph.id = substr(t.photo_url, 13) and ph.checklist_id = t.checklist_id
  where t.checklist_id = "checklists"."id"
)`);

const withTasks = {
  ...getTableColumns(checklists),
  ...PEOPLE_OF_CHECKLIST,
  tasks: sql<TaskRecord[]>`${TASK_RECORDS}`,
  signature: LATEST_SIGNATURE,
};

const readOwnedQuery = preparedPerDatabase((db) =>
  db
    .select(withTasks)
    .from(checklists)
    .where(and(eq(checklists.id, p('id')), isInTeamsOf(p('userId'))))
    .prepare('read_checklist'),
);

/** For a read on the server's own behalf, scoped to one team (the realtime hub, a report e-mailed). */
const readTeamQuery = preparedPerDatabase((db) =>
  db
    .select(withTasks)
    .from(checklists)
    .where(and(eq(checklists.id, p('id')), isOfTeam(p('teamId'))))
    .prepare('read_team_checklist'),
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
  access: ReadScope,
  checklistId: string,
): Promise<ChecklistWithTasks | undefined> {
  if (access.kind === 'owner' && !access.viaToken) {
    const [row] = await readOwnedQuery(db).execute({ id: checklistId, userId: access.userId });
    return row;
  }
  if (access.kind === 'team' || access.kind === 'owner') {
    // A token's member (decision 0049): its own team's checklists only.
    const [row] = await readTeamQuery(db).execute({ id: checklistId, teamId: access.teamId });
    return row;
  }
  if (access.checklistId !== checklistId) return undefined;
  const [row] = await readSharedQuery(db).execute({ id: checklistId });
  return row;
}

export async function insertChecklist(
  db: Database,
  checklist: typeof checklists.$inferInsert,
  taskRows: { id: string; description: string; details: string; photoRequired: boolean }[],
) {
  // With its people's names, as every read answers them (the creator's name in the JSON).
  const [row] = await db
    .insert(checklists)
    .values(checklist)
    .returning({ ...getTableColumns(checklists), ...PEOPLE_OF_CHECKLIST });
  if (!row) throw new Error('checklist insert returned nothing');
  const inserted = await db
    .insert(tasks)
    .values(taskRows.map((task, position) => ({ ...task, checklistId: row.id, position })))
    .returning();
  return { row, tasks: inserted };
}

/**
 * PUT's first step: the name (and remarks) written, version and revision taken, only if the version
 * is still the one the edit started from. Undefined: out of reach, or a stale version.
 */
export async function updateChecklistAtVersion(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  edit: Pick<ChecklistUpdateData, 'name' | 'remarks' | 'dueAt' | 'requireSignature' | 'version'>,
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
      ...dueAtChange(edit.dueAt),
      ...(edit.requireSignature !== undefined ? { requireSignature: edit.requireSignature } : {}),
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
/**
 * The checklist's next revision, if in reach: answers its address's point (a photo's distance is
 * measured from it), or undefined when out of reach.
 */
export async function touchChecklist(db: Database, access: ChecklistAccess, checklistId: string) {
  const [touched] = await db
    .update(checklists)
    .set({ updatedAt: sql`now()`, revision: sql`${checklists.revision} + 1` })
    .where(isInReach(access, checklistId))
    .returning({ latitude: checklists.addressLatitude, longitude: checklists.addressLongitude });
  return touched && { addressPoint: pointOf(touched.latitude, touched.longitude) };
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

/**
 * What a checklist's texts are written in (the owner's language and the remarks', null: the owner's),
 * and whose they are: its team, whose translation cache they use (decision 0044).
 */
export async function checklistLanguagesRow(
  db: Database,
  access: ChecklistAccess | null,
  checklistId: string,
) {
  const [row] = await db
    .select({
      teamId: checklists.teamId,
      remarks: checklists.remarks,
      remarksLanguage: checklists.remarksLanguage,
      ownerLanguage: users.language,
    })
    .from(checklists)
    .innerJoin(users, eq(users.id, checklists.userId))
    .where(access ? isInReach(access, checklistId) : eq(checklists.id, checklistId));
  return row;
}

/**
 * A checklist of the member's teams with what a share's message names (the member who shares it) and
 * the team's tier; undefined if out of their reach.
 */
export async function ownedChecklistWithOwner(db: Database, access: OwnerAccess, checklistId: string) {
  const { userId } = access;
  const [row] = await db
    .select({
      name: checklists.name,
      ownerName: users.displayName,
      email: users.email,
      tier: teams.tier,
      ownerCreatedAt: users.createdAt,
    })
    .from(checklists)
    .innerJoin(users, eq(users.id, userId))
    .innerJoin(teams, eq(teams.id, checklists.teamId))
    .where(isInReach(access, checklistId));
  return row;
}

/** The checklist's team and revision (a recipient's subscribe, after its grant was checked). */
export async function ownerAndRevision(db: Database, checklistId: string) {
  const [row] = await db
    .select({ teamId: checklists.teamId, revision: checklists.revision })
    .from(checklists)
    .where(eq(checklists.id, checklistId));
  return row;
}
