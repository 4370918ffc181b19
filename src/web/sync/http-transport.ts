import { IDEMPOTENCY_HEADER } from '#domain/offline';
import { apiRequest, isApiError } from '../lib/api.ts';
import { type UploadOptions, uploadForm } from '../lib/upload-request.ts';
import type { OpTransport } from './offline-queue.ts';
import type { QueuedOp } from './operations.ts';

/**
 * How the offline queue's operations reach the server: each to its route, with its Idempotency-Key
 * (and when it was made). The queue fetches this module after the first paint (lazy.ts); the
 * checklist's view has it at once, for `uploadWatchers`.
 */

export function checklistPath(id: string): string {
  return `/api/checklists/${encodeURIComponent(id)}`;
}

export function taskPath(checklistId: string, taskId: string): string {
  return `${checklistPath(checklistId)}/tasks/${encodeURIComponent(taskId)}`;
}

/**
 * Progress and cancel for a photo being sent while its dialog is open, by the operation's key (not
 * stored: after a reload the photo is sent without anyone watching).
 */
export const uploadWatchers = new Map<string, Pick<UploadOptions, 'onProgress' | 'signal'>>();

/** Sends a stored operation to its route, with its Idempotency-Key (and when it was made). */
export const httpTransport: OpTransport = {
  send(op: QueuedOp, photo: Blob | undefined) {
    const headers = { [IDEMPOTENCY_HEADER]: op.key };
    const { checklistId, changedAt } = op;
    switch (op.kind) {
      case 'toggle':
        return apiRequest(
          'PATCH',
          taskPath(checklistId, op.taskId),
          { completed: op.completed, changedAt },
          { headers },
        );
      case 'remove-photo':
        return apiRequest(
          'PATCH',
          taskPath(checklistId, op.taskId),
          { photoUrl: null, changedAt },
          { headers },
        );
      case 'remarks':
        return apiRequest(
          'PATCH',
          checklistPath(checklistId),
          { remarks: op.remarks, changedAt, remarksLanguage: op.remarksLanguage },
          { headers },
        );
      case 'submit':
        return apiRequest(
          'POST',
          `${checklistPath(checklistId)}/submit`,
          { remarks: op.remarks, remarksLanguage: op.remarksLanguage },
          { headers },
        );
      case 'create':
        // The owner is the session's user; the spec's body names them, and the server checks it.
        return apiRequest('POST', '/api/checklists', { ...op.body, userId: op.userId }, { headers });
      case 'edit':
        return apiRequest(
          'PUT',
          checklistPath(checklistId),
          { ...op.body, version: op.version, userId: op.userId },
          { headers },
        );
      case 'delete':
        // Gone already (deleted on another device): what the person asked for is done.
        return apiRequest('DELETE', checklistPath(checklistId), undefined, { headers }).catch((error) => {
          if (isApiError(error) && error.status === 404) return null;
          throw error;
        });
      case 'photo': {
        const form = new FormData();
        form.append('photo', photo as Blob, op.fileName);
        return uploadForm(`${taskPath(checklistId, op.taskId)}/photo`, form, {
          headers,
          ...uploadWatchers.get(op.key),
        });
      }
    }
  },
};
