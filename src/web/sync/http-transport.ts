import { IDEMPOTENCY_HEADER } from '#domain/offline';
import { photoCaptureFields } from '#domain/photo-evidence';
import { apiAnswer, isApiError } from '../lib/api.ts';
import { answerRevision } from '../lib/copy-revisions.ts';
import { type UploadOptions, uploadForm } from '../lib/upload-request.ts';
import type { QueuedOp } from './operations.ts';
import type { OpAnswer, OpTransport } from './queue-contract.ts';

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

/** A JSON call of an operation: its answer, with the checklist revision it names (null for none). */
async function call(method: string, url: string, body: unknown, headers: HeadersInit): Promise<OpAnswer> {
  const answer = await apiAnswer(method, url, body, { headers });
  return { result: answer.body, revision: answerRevision(answer.headers) };
}

/**
 * Sends a stored operation to its route, with its Idempotency-Key (and when it was made), and answers
 * what the server said with the checklist revision it named (a photo's answer is a task: none).
 */
export const httpTransport: OpTransport = {
  async send(op: QueuedOp, photo: Blob | undefined) {
    const headers = { [IDEMPOTENCY_HEADER]: op.key };
    const { checklistId, changedAt } = op;
    switch (op.kind) {
      case 'toggle':
        return call(
          'PATCH',
          taskPath(checklistId, op.taskId),
          { completed: op.completed, changedAt },
          headers,
        );
      case 'remove-photo':
        return call('PATCH', taskPath(checklistId, op.taskId), { photoUrl: null, changedAt }, headers);
      case 'remarks':
        return call(
          'PATCH',
          checklistPath(checklistId),
          { remarks: op.remarks, changedAt, remarksLanguage: op.remarksLanguage },
          headers,
        );
      case 'submit':
        return call(
          'POST',
          `${checklistPath(checklistId)}/submit`,
          { remarks: op.remarks, remarksLanguage: op.remarksLanguage, signature: op.signature },
          headers,
        );
      case 'create':
        // The owner is the session's user; the spec's body names them, and the server checks it.
        return call('POST', '/api/checklists', { ...op.body, userId: op.userId }, headers);
      case 'edit':
        return call(
          'PUT',
          checklistPath(checklistId),
          { ...op.body, version: op.version, userId: op.userId },
          headers,
        );
      case 'assign':
        // The server keeps the uid and answers the checklist naming the person (docs/api.md, Teams).
        return call('PATCH', checklistPath(checklistId), { assigneeUid: op.assignee?.uid ?? null }, headers);
      case 'delete':
        // Gone already (deleted on another device): what the person asked for is done.
        return call('DELETE', checklistPath(checklistId), undefined, headers).catch((error) => {
          if (isApiError(error) && error.status === 404) return { result: null, revision: null };
          throw error;
        });
      case 'photo': {
        const form = new FormData();
        // The fields first: the server reads what comes before the file.
        if (op.evidence)
          for (const [name, value] of photoCaptureFields(op.evidence)) form.append(name, value);
        form.append('photo', photo as Blob, op.fileName);
        const task = await uploadForm(`${taskPath(checklistId, op.taskId)}/photo`, form, {
          headers,
          ...uploadWatchers.get(op.key),
        });
        return { result: task, revision: null };
      }
    }
  },
};
