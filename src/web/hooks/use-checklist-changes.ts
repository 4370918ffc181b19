import { useMemo } from 'react';
import type { Checklist } from '#domain/checklist';
import type { SignatureSubmission } from '#domain/signature';
import type { TeamPerson } from '#domain/teams';
import { uiLanguage } from '../i18n/i18n.tsx';
import type { UploadOptions } from '../lib/upload-request.ts';
import {
  type ChecklistQuerySlot,
  type OpOutcome,
  overlayPending,
  type PendingView,
  uploadWatchers,
} from '../sync/index.ts';
import { useOfflineQueue, useQueueState } from './use-offline-queue.tsx';

/** A refused change rejects with the server's error; anything else resolves with what became of it. */
function settled(outcome: OpOutcome): 'applied' | 'queued' {
  if (outcome.status === 'rejected') throw outcome.error;
  return outcome.status;
}

/**
 * The changes a person makes to one checklist, and the checklist with them: every tick, untick, photo,
 * photo removal, remarks save, submit and assignment goes through the offline queue (stored first, then sent with
 * its Idempotency-Key, in order). What is still pending is laid over the server's copy (`view`), so
 * the box stays ticked and the remark stays written, online or not, whatever the server's copy says
 * meanwhile. `slot` says where the checklist is cached and who sends (the owner or a recipient).
 */
export function useChecklistChanges(slot: ChecklistQuerySlot, server: Checklist) {
  const queue = useOfflineQueue();
  const { ops } = useQueueState();
  const { checklistId, context } = slot;
  const view: PendingView = useMemo(() => overlayPending(server, ops), [server, ops]);
  // A recipient writes in the page's language; the server keeps it with the remarks (issue 13).
  const written = () => (context.kind === 'share' ? { remarksLanguage: uiLanguage() } : {});

  return {
    view,
    /** Who is making the changes: the team ('owner') or a recipient of a share. */
    audience: context.kind === 'share' ? ('recipient' as const) : ('owner' as const),
    /** Ticks or unticks; a refusal is told by the queue's toast and the checklist is reloaded. */
    toggle: (taskId: string, completed: boolean) =>
      queue.enqueue(checklistId, context, { kind: 'toggle', taskId, completed }),
    saveRemarks: async (remarks: string) =>
      settled(await queue.enqueue(checklistId, context, { kind: 'remarks', remarks, ...written() })),
    /** With the signature, when the checklist requires one: it waits in the queue with the submit. */
    submit: async (remarks: string, signature?: SignatureSubmission) =>
      settled(
        await queue.enqueue(checklistId, context, {
          kind: 'submit',
          remarks,
          ...written(),
          ...(signature ? { signature } : {}),
        }),
      ),
    /** The owner's team: who works on it (or nobody); a refusal is told by the queue's toast. */
    assign: (assignee: TeamPerson | null) =>
      queue.enqueue(checklistId, context, { kind: 'assign', assignee }),
    removePhoto: async (taskId: string) =>
      settled(await queue.enqueue(checklistId, context, { kind: 'remove-photo', taskId })),
    /** Resolves 'applied' once the server has the photo, 'queued' when it is kept here for later. */
    uploadPhoto: async (taskId: string, file: File, watch: UploadOptions = {}) => {
      const key = crypto.randomUUID();
      uploadWatchers.set(key, { onProgress: watch.onProgress, signal: watch.signal });
      try {
        const input = {
          kind: 'photo' as const,
          taskId,
          fileName: file.name,
          fileType: file.type,
          ...(watch.evidence ? { evidence: watch.evidence } : {}),
        };
        return settled(await queue.enqueue(checklistId, context, input, file, key));
      } finally {
        uploadWatchers.delete(key);
      }
    },
  };
}

export type ChecklistChanges = ReturnType<typeof useChecklistChanges>;
