import type { Task } from '#domain/checklist';
import type { Database } from '../db/client.ts';
import { type Caller, checklistNotFound, taskNotFound } from '../policies/checklists.ts';
import { presentTask } from '../presenters/checklists.ts';
import { touchChecklist } from '../repositories/checklists.ts';
import { setTaskReferencePhoto } from '../repositories/photos.ts';
import { resolveChecklistActor } from './checklist-actors.ts';
import type { PhotoService, ReceiveUpload } from './photos.ts';

/**
 * Reference photos (docs/decisions/0026): the owner's example of what good looks like for a task, shown
 * to the owner and the verified recipients beside the task and in the photo dialog. They go through the
 * proof photos' pipeline (content checks, re-encoding without metadata, two sizes, the same stores, the
 * authorised GET /api/photos/{id}, the orphan sweep), but they are never proof: they live in the task's
 * reference_photo_url, which no rule of status, progress or submission reads, and setting one leaves
 * the task's tick and proof alone. Only the owner may set or remove one (the 'edit' right).
 */
export class ReferencePhotoService {
  constructor(
    private readonly db: Database,
    private readonly photos: PhotoService,
  ) {}

  /**
   * POST /api/checklists/{id}/tasks/{taskId}/reference-photo: the task must be the caller's own before
   * the upload is read; the task's previous reference photo (if any) is deleted, row then files.
   * Answers the task, or null when nothing was stored (the kept answer of the same upload was sent).
   */
  async upload(
    caller: Caller,
    checklistId: string,
    taskId: string,
    receive: ReceiveUpload,
  ): Promise<Task | null> {
    const received = await this.photos.receive(caller, checklistId, taskId, 'edit', receive);
    if (!received) return null;
    const target = { checklistId, taskId, kind: 'reference' as const };
    return this.photos.keep(received.access, target, received.photo, async (tx, photoId, kept) => {
      const updated = await setTaskReferencePhoto(tx, checklistId, taskId, photoId);
      if (!updated) throw taskNotFound();
      // The task's proof is untouched: its evidence goes with the answer (the owner's screen keeps it).
      return presentTask(updated, kept.addressPoint);
    });
  }

  /**
   * DELETE /api/checklists/{id}/tasks/{taskId}/reference-photo: the task loses its reference photo
   * (nothing else changes) and the photo's row and files are deleted. Removing one that is not there
   * answers the task as it is.
   */
  async remove(caller: Caller, checklistId: string, taskId: string): Promise<Task> {
    const { access } = await resolveChecklistActor(this.db, caller, checklistId, 'edit');
    const task = await this.db.transaction(async (tx) => {
      const touched = await touchChecklist(tx, access, checklistId);
      if (!touched) throw checklistNotFound();
      const updated = await setTaskReferencePhoto(tx, checklistId, taskId, null);
      if (!updated) throw taskNotFound();
      return presentTask(updated, touched.addressPoint);
    });
    await this.photos.sweep(checklistId);
    return task;
  }
}
