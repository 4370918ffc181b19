import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { checklists, photos, tasks } from '../db/schema/index.ts';
import type { ChecklistAccess } from '../policies/checklists.ts';
import { isInReach } from './access.ts';

/**
 * Task photos: the photos table (the stored files' keys and the evidence of each original) and the
 * task's photo_url that names one. A photo belongs to one checklist and task for good.
 */

const PHOTO_PATH = '/api/photos/';

/** The URL a task's photo_url holds: our authorised route for that photo. */
export function photoUrlOf(photoId: string): string {
  return `${PHOTO_PATH}${photoId}`;
}

/** Whether the access reaches the checklist, and whether the task is in it. */
export async function taskInReach(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  taskId: string,
) {
  const [row] = await db
    .select({ taskId: tasks.id })
    .from(checklists)
    .leftJoin(tasks, and(eq(tasks.checklistId, checklists.id), eq(tasks.id, taskId)))
    .where(isInReach(access, checklistId));
  return { checklist: row !== undefined, task: Boolean(row?.taskId) };
}

/** A photo's row; its team (teamId) is its checklist's: the storage triggers count its bytes there. */
export async function insertPhoto(db: Database, row: typeof photos.$inferInsert): Promise<void> {
  await db.insert(photos).values(row);
}

/**
 * Sets the photo on the task and completes it, as received now (the latest write to both fields:
 * later write wins, docs/decisions/0006). Answers the task row, or undefined when there is no such task.
 */
export async function setTaskPhoto(db: Database, checklistId: string, taskId: string, photoId: string) {
  const [row] = await db
    .update(tasks)
    .set({
      photoUrl: photoUrlOf(photoId),
      completed: true,
      completedAt: sql`coalesce(${tasks.completedAt}, now())`,
      photoChangedAt: sql`now()`,
      completedChangedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tasks.checklistId, checklistId), eq(tasks.id, taskId)))
    .returning({
      ...getTableColumns(tasks),
      // A subquery of RETURNING reads the statement's snapshot: the task as it was, for the record.
      wasCompleted: sql<boolean>`(select t.completed from ${tasks} t where t.checklist_id = ${checklistId} and t.id = ${taskId})`,
      previousPhotoUrl: sql<
        string | null
      >`(select t.photo_url from ${tasks} t where t.checklist_id = ${checklistId} and t.id = ${taskId})`,
      // The checklist's tasks and how many were ticked before this (a photo may be the first or last tick).
      tickedBefore:
        sql<number>`(select count(*) from ${tasks} t where t.checklist_id = ${checklistId} and t.completed)`.mapWith(
          Number,
        ),
      taskCount: sql<number>`(select count(*) from ${tasks} t where t.checklist_id = ${checklistId})`.mapWith(
        Number,
      ),
    });
  return row;
}

/** A column of the task's proof photo (the photos row its photo_url names), for a RETURNING list. */
function proofPhoto<T>(expression: string) {
  return sql<T>`(select ${sql.raw(expression)} from ${photos} ph where ph.id = substr(${tasks.photoUrl}, ${PHOTO_PATH.length + 1}) and ph.checklist_id = ${tasks.checklistId})`;
}

/**
 * The evidence of a task's proof photo, as repositories/checklists.ts TASK_RECORDS reads it: an answer
 * that names a task whose proof it did not change still carries that proof's evidence.
 */
const PROOF_PHOTO_EVIDENCE = {
  photoCapturedAt: proofPhoto<string | null>('ph.captured_at'),
  photoCapturedOffset: proofPhoto<string | null>('ph.captured_offset'),
  // As JSON writes it (ISO 8601), the form the presenter reads on every driver.
  photoReceivedAt: proofPhoto<string | null>(
    `to_char(ph.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  ),
  photoCaptureSource: proofPhoto<'camera' | 'library' | null>('ph.capture_source'),
  photoLatitude: proofPhoto<number | null>('ph.latitude'),
  photoLongitude: proofPhoto<number | null>('ph.longitude'),
  photoAccuracyM: proofPhoto<number | null>('ph.location_accuracy_m'),
};

/**
 * Sets (or, with null, clears) the task's reference photo: the owner's example of what good looks like.
 * It leaves the task's proof, completion and their change times alone. Answers the task row, or
 * undefined when there is no such task.
 */
export async function setTaskReferencePhoto(
  db: Database,
  checklistId: string,
  taskId: string,
  photoId: string | null,
) {
  const [row] = await db
    .update(tasks)
    .set({ referencePhotoUrl: photoId ? photoUrlOf(photoId) : null, updatedAt: sql`now()` })
    .where(and(eq(tasks.checklistId, checklistId), eq(tasks.id, taskId)))
    .returning({ ...getTableColumns(tasks), ...PROOF_PHOTO_EVIDENCE });
  return row;
}

/** The checklist a photo belongs to, or null for an unknown photo. */
export async function checklistOfPhoto(db: Database, photoId: string): Promise<string | null> {
  const [row] = await db
    .select({ checklistId: photos.checklistId })
    .from(photos)
    .where(eq(photos.id, photoId));
  return row?.checklistId ?? null;
}

/** The stored files of a photo of this checklist, if the access reaches the checklist. */
export async function photoKeysInReach(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  photoId: string,
) {
  const [row] = await db
    .select({ displayKey: photos.displayKey, thumbKey: photos.thumbKey })
    .from(photos)
    .innerJoin(checklists, eq(checklists.id, photos.checklistId))
    .where(and(eq(photos.id, photoId), eq(photos.checklistId, checklistId), isInReach(access, checklistId)));
  return row;
}

/**
 * Deletes the rows of this checklist's photos that no task names any more (a proof photo by its task's
 * photo_url, a reference photo by its reference_photo_url); answers their files.
 */
export async function deleteUnusedPhotos(db: Database, checklistId: string): Promise<string[]> {
  const unused = await db
    .delete(photos)
    .where(
      and(
        eq(photos.checklistId, checklistId),
        sql`not exists (select 1 from tasks t where t.checklist_id = ${photos.checklistId} and t.id = ${photos.taskId} and (case when ${photos.kind} = 'reference' then t.reference_photo_url else t.photo_url end) = ${PHOTO_PATH} || ${photos.id})`,
      ),
    )
    .returning({ displayKey: photos.displayKey, thumbKey: photos.thumbKey });
  return unused.flatMap((row) => [row.displayKey, row.thumbKey]);
}

/** The files of every photo of these checklists. */
export async function photoFilesOf(db: Database, checklistIds: readonly string[]): Promise<string[]> {
  if (checklistIds.length === 0) return [];
  const rows = await db
    .select({ displayKey: photos.displayKey, thumbKey: photos.thumbKey })
    .from(photos)
    .where(inArray(photos.checklistId, [...checklistIds]));
  return rows.flatMap((row) => [row.displayKey, row.thumbKey]);
}

/** The files (display and thumbnail keys) of the photo rows among these ids. */
export async function photoFilesById(db: Database, photoIds: readonly string[]): Promise<Set<string>> {
  if (photoIds.length === 0) return new Set();
  const rows = await db
    .select({ displayKey: photos.displayKey, thumbKey: photos.thumbKey })
    .from(photos)
    .where(inArray(photos.id, [...new Set(photoIds)]));
  return new Set(rows.flatMap((row) => [row.displayKey, row.thumbKey]));
}

/** Every photo of this checklist with its evidence (the report names each task's by its photo_url). */
export async function photosOfChecklist(db: Database, checklistId: string) {
  const rows = await db
    .select({
      id: photos.id,
      displayKey: photos.displayKey,
      width: photos.width,
      height: photos.height,
      originalSha256: photos.originalSha256,
      capturedAt: photos.capturedAt,
      receivedAt: photos.receivedAt,
      displaySha256: photos.displaySha256,
    })
    .from(photos)
    .where(eq(photos.checklistId, checklistId));
  return new Map(rows.map((row) => [photoUrlOf(row.id), row]));
}
