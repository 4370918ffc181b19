import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Checklist } from '#domain/checklist';
import { uiLanguage } from '../i18n/i18n.tsx';
import type { UploadOptions } from '../lib/upload-request.ts';
// Not through sync/index.ts: that module is also fetched lazily by the queue (see sync/index.ts).
import { uploadWatchers } from '../sync/http-transport.ts';
import type { OpContext, OpOutcome } from '../sync/index.ts';
import { overlayPending, type PendingView } from '../sync/index.ts';
import { useOfflineQueue, useQueueState } from './use-offline-queue.tsx';

/**
 * Where a checklist sits in the query cache, so one set of actions serves the owner's page (the
 * checklist cached by its id) and a recipient's shared page (the share's answer cached by its token).
 * Both send to the same routes; the server tells owner from recipient by their cookies.
 */
export interface ChecklistCache {
  checklistId: string;
  key: QueryKey;
  /** Who sends the changes (kept with each queued change, so it is sent the same way after a reload). */
  context: OpContext;
  read(queryClient: QueryClient): Checklist | undefined;
  /** Changes the cached checklist, if there is one. */
  write(queryClient: QueryClient, change: (checklist: Checklist) => Checklist): void;
  /** After a change is saved: whatever else shows this checklist (the owner's list and counters). */
  refreshRelated(queryClient: QueryClient): Promise<unknown>;
}

/** A refused change rejects with the server's error; anything else resolves with what became of it. */
function settled(outcome: OpOutcome): 'applied' | 'queued' {
  if (outcome.status === 'rejected') throw outcome.error;
  return outcome.status;
}

/**
 * The work done on one checklist: every tick, untick, photo, photo removal, remarks save and submit
 * goes through the offline queue (stored first, then sent with its Idempotency-Key, in order). What is
 * still pending is laid over the server's copy (`view`), so the box stays ticked and the remark stays
 * written, online or not, whatever the server's copy says meanwhile.
 */
export function useChecklistWork(cache: ChecklistCache, server: Checklist) {
  const queue = useOfflineQueue();
  const { ops } = useQueueState();
  const { checklistId, context } = cache;
  const view: PendingView = useMemo(() => overlayPending(server, ops), [server, ops]);
  // A recipient writes in the page's language; the server keeps it with the remarks (issue 13).
  const written = () => (context.kind === 'share' ? { remarksLanguage: uiLanguage() } : {});

  return {
    view,
    /** Ticks or unticks; a refusal is told by the queue's toast and the checklist is reloaded. */
    toggle: (taskId: string, completed: boolean) =>
      queue.enqueue(checklistId, context, { kind: 'toggle', taskId, completed }),
    saveRemarks: async (remarks: string) =>
      settled(await queue.enqueue(checklistId, context, { kind: 'remarks', remarks, ...written() })),
    submit: async (remarks: string) =>
      settled(await queue.enqueue(checklistId, context, { kind: 'submit', remarks, ...written() })),
    removePhoto: async (taskId: string) =>
      settled(await queue.enqueue(checklistId, context, { kind: 'remove-photo', taskId })),
    /** Resolves 'applied' once the server has the photo, 'queued' when it is kept here for later. */
    uploadPhoto: async (taskId: string, file: File, watch: UploadOptions = {}) => {
      const key = crypto.randomUUID();
      uploadWatchers.set(key, { onProgress: watch.onProgress, signal: watch.signal });
      try {
        const input = { kind: 'photo' as const, taskId, fileName: file.name, fileType: file.type };
        return settled(await queue.enqueue(checklistId, context, input, file, key));
      } finally {
        uploadWatchers.delete(key);
      }
    },
  };
}

export type ChecklistWork = ReturnType<typeof useChecklistWork>;
