import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Task } from '#domain/checklist';
import { AppError } from '#domain/errors';
import type { PhotoStore, StoredObject } from '../adapters/storage/photo-store.ts';
import type { Database } from '../db/client.ts';
import { checklistActivity, checklists, photos, tasks } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { type ChecklistAccess, checklistNotFound, TASK_NOT_FOUND } from '../policies/checklists.ts';
import { checklistInScope, toTask } from './checklists.ts';
import type { ProcessedPhoto } from './photo-processing.ts';

/**
 * Photos of tasks: attaching one (which completes the task, as the spec says), reading one for
 * someone allowed to see its checklist, and deleting the files of photos no task uses any more.
 * Files are written before the rows that name them and deleted after, so a row never names a
 * missing file; a failure in between leaves at worst an unnamed file, never a broken photo.
 */

export type PhotoSize = 'display' | 'thumb';

const PHOTO_PATH = '/api/photos/';

export function photoUrlOf(photoId: string): string {
  return `${PHOTO_PATH}${photoId}`;
}

export interface Logger {
  warn(object: object, message: string): void;
}

export class PhotoService {
  constructor(
    private readonly db: Database,
    private readonly store: PhotoStore,
    private readonly log: Logger,
  ) {}

  /** Throws unless the task is in a checklist the access reaches (before any upload is read). */
  async assertTaskInReach(access: ChecklistAccess, checklistId: string, taskId: string): Promise<void> {
    const [row] = await this.db
      .select({ taskId: tasks.id })
      .from(checklists)
      .leftJoin(tasks, and(eq(tasks.checklistId, checklists.id), eq(tasks.id, taskId)))
      .where(checklistInScope(access, checklistId));
    if (!row) throw checklistNotFound();
    if (!row.taskId) throw new AppError('not_found', TASK_NOT_FOUND);
  }

  /**
   * Stores the photo and sets it on the task, completing it; the task's previous photo (if any) is
   * deleted. Answers the task as it now is.
   */
  async attach(
    access: ChecklistAccess,
    checklistId: string,
    taskId: string,
    photo: ProcessedPhoto,
  ): Promise<Task> {
    const id = newId('photo');
    const base = `${checklistId}/${id}`;
    const keys = { display: `${base}/display.jpg`, thumb: `${base}/thumb.jpg` };
    await this.store.put(keys.display, photo.display.bytes, photo.contentType);
    await this.store.put(keys.thumb, photo.thumb.bytes, photo.contentType);
    try {
      const task = await this.db.transaction(async (tx) => {
        // The checklist row first: it orders this change after any other on it, and takes the next revision.
        const touched = await tx
          .update(checklists)
          .set({ updatedAt: sql`now()`, revision: sql`${checklists.revision} + 1` })
          .where(checklistInScope(access, checklistId))
          .returning({ id: checklists.id });
        if (touched.length === 0) throw checklistNotFound();
        await tx.insert(photos).values({
          id,
          checklistId,
          taskId,
          displayKey: keys.display,
          thumbKey: keys.thumb,
          contentType: photo.contentType,
          width: photo.display.width,
          height: photo.display.height,
          sourceFormat: photo.sourceFormat,
          originalBytes: photo.originalBytes,
          originalSha256: photo.originalSha256,
          capturedAt: photo.capturedAt,
          shareId: access.kind === 'recipient' ? access.shareId : null,
        });
        const [updated] = await tx
          .update(tasks)
          .set({
            photoUrl: photoUrlOf(id),
            completed: true,
            completedAt: sql`coalesce(${tasks.completedAt}, now())`,
            // Received now: the latest write to both fields (later write wins, docs/decisions/0006).
            photoChangedAt: sql`now()`,
            completedChangedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(tasks.checklistId, checklistId), eq(tasks.id, taskId)))
          .returning();
        if (!updated) throw new AppError('not_found', TASK_NOT_FOUND);
        await tx.insert(checklistActivity).values({
          id: newId('activity'),
          checklistId,
          shareId: access.kind === 'recipient' ? access.shareId : null,
          actorLabel: access.kind === 'recipient' ? access.actorLabel : null,
          action: 'photo_added',
          taskId,
        });
        return toTask(updated);
      });
      await this.sweep(checklistId);
      return task;
    } catch (error) {
      await this.deleteFiles([keys.display, keys.thumb]);
      throw error;
    }
  }

  /**
   * The file of a photo, if the access reaches its checklist (null otherwise: the caller answers 404,
   * so a photo of someone else's checklist looks like no photo at all).
   */
  async read(
    access: ChecklistAccess,
    checklistId: string,
    photoId: string,
    size: PhotoSize,
  ): Promise<StoredObject | null> {
    const [row] = await this.db
      .select({ displayKey: photos.displayKey, thumbKey: photos.thumbKey })
      .from(photos)
      .innerJoin(checklists, eq(checklists.id, photos.checklistId))
      .where(
        and(
          eq(photos.id, photoId),
          eq(photos.checklistId, checklistId),
          checklistInScope(access, checklistId),
        ),
      );
    if (!row) return null;
    return this.store.get(size === 'thumb' ? row.thumbKey : row.displayKey);
  }

  /** The checklist a photo belongs to (to decide who is asking), or null for an unknown photo. */
  async checklistOf(photoId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ checklistId: photos.checklistId })
      .from(photos)
      .where(eq(photos.id, photoId));
    return row?.checklistId ?? null;
  }

  /**
   * Deletes the photos of this checklist that no task names any more (replaced, removed, or their task
   * deleted by an edit), rows first, then files.
   */
  async sweep(checklistId: string): Promise<void> {
    const unused = await this.db
      .delete(photos)
      .where(
        and(
          eq(photos.checklistId, checklistId),
          sql`not exists (select 1 from tasks t where t.checklist_id = ${photos.checklistId} and t.id = ${photos.taskId} and t.photo_url = ${PHOTO_PATH} || ${photos.id})`,
        ),
      )
      .returning({ displayKey: photos.displayKey, thumbKey: photos.thumbKey });
    await this.deleteFiles(unused.flatMap((row) => [row.displayKey, row.thumbKey]));
  }

  /** The files of every photo of these checklists, read before the checklists are deleted. */
  async filesOf(checklistIds: readonly string[]): Promise<string[]> {
    if (checklistIds.length === 0) return [];
    const rows = await this.db
      .select({ displayKey: photos.displayKey, thumbKey: photos.thumbKey })
      .from(photos)
      .where(inArray(photos.checklistId, [...checklistIds]));
    return rows.flatMap((row) => [row.displayKey, row.thumbKey]);
  }

  /** Best effort: a file that cannot be deleted now is logged (it is named by no row). */
  async deleteFiles(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    try {
      await this.store.delete(keys);
    } catch (error) {
      this.log.warn({ err: error, count: keys.length }, 'Could not delete photo files');
    }
  }
}
