import type { Task } from '#domain/checklist';
import { apiRequest } from './api.ts';
import { type UploadOptions, uploadForm } from './upload-request.ts';

/**
 * The owner's reference photos (docs/decisions/0026), sent at once and never queued: a reference photo
 * is set while preparing a checklist, and the dialog says so when the device is offline.
 */

function referencePath(checklistId: string, taskId: string): string {
  return `/api/checklists/${encodeURIComponent(checklistId)}/tasks/${encodeURIComponent(taskId)}/reference-photo`;
}

/** Sets (or replaces) the task's reference photo; answers the task as the server has it now. */
export function uploadReferencePhoto(
  checklistId: string,
  taskId: string,
  file: File,
  options: UploadOptions = {},
): Promise<Task> {
  const form = new FormData();
  form.append('photo', file, file.name);
  return uploadForm<Task>(referencePath(checklistId, taskId), form, options);
}

/** Removes the task's reference photo; answers the task. */
export function removeReferencePhoto(checklistId: string, taskId: string): Promise<Task> {
  return apiRequest<Task>('DELETE', referencePath(checklistId, taskId));
}
