import type { Task } from '#domain/checklist';
import { AppError } from '#domain/errors';
import { type TickMilestone, tickMilestoneOf } from '#domain/notifications';
import type { GeoPoint } from '#domain/photo-evidence';
import type { PhotoUploadFields } from '#domain/photo-evidence-input';
import { PHOTO_MESSAGES } from '#domain/photos';
import type { PhotoStore, StoredObject } from '../adapters/storage/photo-store.ts';
import type { Database } from '../db/client.ts';
import type { PHOTO_KINDS } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import {
  type Caller,
  type ChecklistAccess,
  type ChecklistRight,
  checklistNotFound,
  taskNotFound,
} from '../policies/checklists.ts';
import { presentTask, taskAsSeenBy } from '../presenters/checklists.ts';
import { recordActivity } from '../repositories/activity.ts';
import { touchChecklist } from '../repositories/checklists.ts';
import {
  checklistOfPhoto,
  deleteUnusedPhotos,
  insertPhoto,
  photoFilesById,
  photoFilesOf,
  photoKeysInReach,
  setTaskPhoto,
  taskInReach,
} from '../repositories/photos.ts';
import { resolveChecklistActor } from './checklist-actors.ts';
import type { HeavyWork } from './heavy-work.ts';
import type { OwnerNotifier } from './owner-notifications.ts';
import { photoRowEvidence, type ReceivedPhoto, taskPhotoEvidence } from './photo-evidence.ts';
import type { ProcessedPhoto } from './photo-processing.ts';
import { StorageQuota } from './storage-quota.ts';

/**
 * Photos of tasks: attaching one (which completes the task, as the spec says), reading one for
 * someone allowed to see its checklist, and deleting the files of photos no task uses any more.
 * Files are written before the rows that name them and deleted after, so a row never names a
 * missing file; a failure in between leaves at worst an unnamed file, never a broken photo.
 */

export type PhotoSize = 'display' | 'thumb';
/** 'proof' (a task's photo) or 'reference' (the owner's example of what good looks like). */
export type PhotoKind = (typeof PHOTO_KINDS)[number];

export interface Logger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** The file system's "no space left" and "quota exceeded": the disk store cannot take the photo. */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * A store's failure as the client's answer: 507 storage_full when the disk is full, otherwise 503
 * service_unavailable (the disk failed, or the bucket is unreachable or refused). Both are failures
 * the offline queue retries, keeping the photo on the device (web/sync/send-failures.ts).
 */
export function storeFailure(error: unknown): AppError {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  return DISK_FULL_CODES.has(code)
    ? new AppError('storage_full', PHOTO_MESSAGES.storageFull)
    : new AppError('service_unavailable', PHOTO_MESSAGES.storageUnavailable);
}

/** What the checklist services need of photos: deleting the files of photos gone or going. */
export interface PhotoFiles {
  sweep(checklistId: string): Promise<void>;
  filesOf(checklistIds: readonly string[]): Promise<string[]>;
  deleteFiles(keys: readonly string[]): Promise<void>;
}

/**
 * The keys `attach` writes: '<checklist id>/<photo id>/display.jpg' and '.../thumb.jpg'. Only a key of
 * this shape is ever deleted as an orphan, so nothing else in a shared bucket is touched.
 */
const PHOTO_FILE_KEY = /^[A-Za-z0-9_-]+\/(photo_[A-Za-z0-9_-]+)\/(?:display|thumb)\.jpg$/;

export function photoNotFound(): AppError {
  return new AppError('not_found', 'Photo not found');
}

/**
 * The upload's bytes and the fields sent with them (how it was taken; where, only with consent), read
 * by the route once the task is known to be in reach (never beyond the limit); null when the route
 * answered instead (the stored answer of the same upload, by its Idempotency-Key).
 */
export type ReceiveUpload = () => Promise<{ bytes: Buffer; evidence: PhotoUploadFields } | null>;

/** What `keep` tells the step that sets a kept photo on its task. */
export interface KeptPhoto {
  receivedAt: Date;
  /** The checklist's address point, if it has one (a photo's distance is measured from it). */
  addressPoint: GeoPoint | null;
}

/** The bytes a processed photo takes in the store: both of its sizes (what the team's figure counts). */
export function storedBytesOf(photo: ProcessedPhoto): number {
  return photo.display.bytes.length + photo.thumb.bytes.length;
}

export class PhotoService implements PhotoFiles {
  /** The team's storage limit, checked before anything is stored (docs/storage.md). */
  private readonly quota: StorageQuota;

  constructor(
    private readonly db: Database,
    private readonly store: PhotoStore,
    private readonly log: Logger,
    /** Where a photo is checked and written again: the worker pool (decision 0041). */
    private readonly work: Pick<HeavyWork, 'processPhoto'>,
    /** Told when a recipient's photo is the checklist's first or last tick (decision 0024). */
    private readonly notifier?: Pick<OwnerNotifier, 'tell'>,
  ) {
    this.quota = new StorageQuota(db, log);
  }

  /**
   * POST /api/checklists/{id}/tasks/{taskId}/photo, for the owner or a verified recipient: the task
   * must be in reach before anything is read; then the upload is received, checked and re-encoded,
   * stored and set on the task. Answers the task as it now is, or null when nothing was stored.
   */
  async upload(
    caller: Caller,
    checklistId: string,
    taskId: string,
    receive: ReceiveUpload,
  ): Promise<Task | null> {
    const received = await this.receive(caller, checklistId, taskId, 'photo', receive);
    return received && this.attach(received.access, checklistId, taskId, received.photo);
  }

  /**
   * An upload to a task the caller reaches with this right: the task must be in reach before anything
   * is read; then the bytes are received, checked and re-encoded. Null when nothing was received (the
   * route answered the same upload's kept answer).
   */
  async receive(
    caller: Caller,
    checklistId: string,
    taskId: string,
    right: ChecklistRight,
    receive: ReceiveUpload,
  ): Promise<{ access: ChecklistAccess; photo: ReceivedPhoto } | null> {
    const { access } = await resolveChecklistActor(this.db, caller, checklistId, right);
    const reach = await taskInReach(this.db, access, checklistId, taskId);
    if (!reach.checklist) throw checklistNotFound();
    if (!reach.task) throw taskNotFound();
    // A team already at its limit is refused before the upload is read; then, its size known, before
    // anything is stored. The transaction that keeps it checks once more, under the team's lock.
    await this.quota.assertRoom(access, checklistId, 0);
    const received = await receive();
    if (!received) return null;
    const photo = await this.work.processPhoto(received.bytes);
    await this.quota.assertRoom(access, checklistId, storedBytesOf(photo));
    return { access, photo: { ...photo, evidence: received.evidence } };
  }

  /**
   * Stores the photo and sets it on the task, completing it; the task's previous photo (if any) is
   * deleted. Answers the task as it now is.
   */
  async attach(
    access: ChecklistAccess,
    checklistId: string,
    taskId: string,
    photo: ReceivedPhoto,
  ): Promise<Task> {
    const recipient = access.kind === 'recipient' ? access : null;
    let milestone: TickMilestone | null = null;
    const task = await this.keep(
      access,
      { checklistId, taskId, kind: 'proof' },
      photo,
      async (tx, photoId, { receivedAt, addressPoint }) => {
        const updated = await setTaskPhoto(tx, checklistId, taskId, photoId);
        if (!updated) throw taskNotFound();
        const { wasCompleted, previousPhotoUrl, tickedBefore, taskCount, ...task } = updated;
        // A photo completes its task: that tick is recorded too, before the photo.
        if (!wasCompleted) {
          milestone = recipient ? tickMilestoneOf(tickedBefore + 1, taskCount) : null;
          await recordActivity(tx, {
            checklistId,
            shareId: recipient?.shareId ?? null,
            actorUserId: access.kind === 'owner' ? access.userId : null,
            action: 'task_completed',
            taskId,
          });
        }
        await recordActivity(tx, {
          checklistId,
          shareId: recipient?.shareId ?? null,
          actorUserId: access.kind === 'owner' ? access.userId : null,
          action: 'photo_added',
          taskId,
          photo: {
            sha256: photo.originalSha256,
            capturedAt: photo.capturedAt,
            capturedOffset: photo.capturedOffset,
            receivedAt,
            captureSource: photo.evidence?.captureSource ?? null,
            replaced: previousPhotoUrl !== null,
          },
        });
        const shown = presentTask({ ...task, ...taskPhotoEvidence(photo, receivedAt) }, addressPoint);
        return taskAsSeenBy(access.kind, shown);
      },
    );
    // Committed: a recipient's photo that ticked the first or the last task is a tick like any other.
    if (milestone && recipient)
      this.notifier?.tell({ kind: milestone, checklistId, shareId: recipient.shareId });
    return task;
  }

  /**
   * Keeps a processed photo of a task: its files first, then (in one transaction, after the checklist's
   * next revision) its row and `setOnTask`, which names it from the task; then the photos no task names
   * any more (the one it replaced) are deleted. On any failure its files go. Answers `setOnTask`'s task.
   */
  async keep(
    access: ChecklistAccess,
    target: { checklistId: string; taskId: string; kind: PhotoKind },
    photo: ProcessedPhoto,
    setOnTask: (tx: Database, photoId: string, kept: KeptPhoto) => Promise<Task>,
  ): Promise<Task> {
    const { checklistId, taskId, kind } = target;
    const { id, keys } = await this.storeFiles(checklistId, photo);
    // The row and its activity entry say the same receipt time.
    const receivedAt = new Date();
    try {
      const task = await this.db.transaction(async (tx) => {
        // The checklist row first: it orders this change after any other on it, and takes the next revision.
        const touched = await touchChecklist(tx, access, checklistId);
        if (!touched) throw checklistNotFound();
        const storedBytes = storedBytesOf(photo);
        // Then the team's storage, locked: the figure the photo's row adds to (its trigger) is checked here.
        const teamId = await this.quota.reserve(tx, access, checklistId, storedBytes);
        if (!teamId) throw checklistNotFound();
        await insertPhoto(tx, {
          id,
          teamId,
          storedBytes,
          checklistId,
          taskId,
          kind,
          displayKey: keys.display,
          thumbKey: keys.thumb,
          contentType: photo.contentType,
          width: photo.display.width,
          height: photo.display.height,
          sourceFormat: photo.sourceFormat,
          originalBytes: photo.originalBytes,
          originalSha256: photo.originalSha256,
          capturedAt: photo.capturedAt,
          displaySha256: photo.displaySha256,
          shareId: access.kind === 'recipient' ? access.shareId : null,
          ...photoRowEvidence(photo, receivedAt),
        });
        return setOnTask(tx, id, { receivedAt, addressPoint: touched.addressPoint });
      });
      await this.sweep(checklistId);
      return task;
    } catch (error) {
      await this.deleteFiles([keys.display, keys.thumb]);
      await this.quota.afterRefusal(error);
      throw error;
    }
  }

  /**
   * Writes a processed photo's two sizes under a new photo id, both at once (on disk each is three
   * fsyncs; on S3 a round trip: in turn they were the upload's slowest part under load after the
   * re-encoding, p99 21 ms of 50 at 1,000 people in bench:load). Nothing names them yet; a failure
   * deletes whatever landed, once both writes have ended, and answers the store's error.
   */
  private async storeFiles(checklistId: string, photo: ProcessedPhoto) {
    const id = newId('photo');
    const base = `${checklistId}/${id}`;
    const keys = { display: `${base}/display.jpg`, thumb: `${base}/thumb.jpg` };
    const written = await Promise.allSettled([
      this.store.put(keys.display, photo.display.bytes, photo.contentType),
      this.store.put(keys.thumb, photo.thumb.bytes, photo.contentType),
    ]);
    const failed = written.find((result) => result.status === 'rejected');
    if (failed) {
      // No row names these keys yet: whatever landed (the thumbnail beside a full disk's refusal) goes.
      this.log.error({ err: failed.reason }, 'Could not store a photo');
      await this.deleteFiles([keys.display, keys.thumb]);
      throw storeFailure(failed.reason);
    }
    return { id, keys };
  }

  /**
   * GET /api/photos/{id}: the file of a photo for someone allowed to read its checklist (the policy
   * decides who); anyone else gets 404 'Photo not found', as for no photo at all (401 signed out).
   */
  async open(caller: Caller, photoId: string, size: PhotoSize): Promise<StoredObject> {
    const checklistId = await checklistOfPhoto(this.db, photoId);
    if (!checklistId) throw photoNotFound();
    const { access } = await resolveChecklistActor(this.db, caller, checklistId, 'read', photoNotFound);
    const keys = await photoKeysInReach(this.db, access, checklistId, photoId);
    const file = keys ? await this.store.get(size === 'thumb' ? keys.thumbKey : keys.displayKey) : null;
    if (!file) throw photoNotFound();
    return file;
  }

  /**
   * Deletes the photos of this checklist that no task names any more (replaced, removed, or their task
   * deleted by an edit), rows first, then files.
   */
  async sweep(checklistId: string): Promise<void> {
    await this.deleteFiles(await deleteUnusedPhotos(this.db, checklistId));
  }

  /** The files of every photo of these checklists, read before the checklists are deleted. */
  async filesOf(checklistIds: readonly string[]): Promise<string[]> {
    return photoFilesOf(this.db, checklistIds);
  }

  /**
   * Deletes the files no photo row names and that were written before `writtenBefore` (the periodic
   * job, services/jobs.ts): left by a crash between a file and its row, or by a delete that failed.
   * An upload writes its files and then, within the request, its row: a file younger than the grace
   * period is never looked at, so one being uploaded is never taken. The store's temp files older
   * than that (a crash mid-write: the disk store's) go too. Answers how many files went.
   */
  async deleteOrphanedFiles(writtenBefore: Date): Promise<number> {
    let deleted = (await this.store.deleteTempFilesWrittenBefore?.(writtenBefore)) ?? 0;
    for await (const keys of this.store.keysWrittenBefore(writtenBefore)) {
      const ours = keys.flatMap((key) => {
        const photoId = PHOTO_FILE_KEY.exec(key)?.[1];
        return photoId ? [{ key, photoId }] : [];
      });
      const inUse = await photoFilesById(
        this.db,
        ours.map((file) => file.photoId),
      );
      const orphans = ours.filter((file) => !inUse.has(file.key)).map((file) => file.key);
      if (orphans.length === 0) continue;
      await this.store.delete(orphans);
      deleted += orphans.length;
    }
    return deleted;
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
