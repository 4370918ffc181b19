import type { QueryClient } from '@tanstack/react-query';
import type { Checklist, Task } from '#domain/checklist';
import type { ToastMessage } from '../components/ui/toast.tsx';
import { isApiError } from '../lib/api.ts';
import { withTaskFromServer } from '../lib/checklist-optimistic.ts';
import type { QueuedOp } from '../lib/offline-queue.ts';
import { sharedChecklistCache } from '../pages/shared/use-share-access.ts';
import type { ChecklistCache } from './use-checklist-actions.ts';
import { ownerChecklistCache } from './use-checklists.ts';
import { SYNC_MESSAGES } from './use-offline-queue.tsx';

/**
 * What the offline queue's results do to the page: answers go into the right cache, refusals are put
 * in words. Loaded apart from the app's entry (it brings the checklist rules), ahead of first use.
 */

/** Where an operation's checklist is cached: the owner's copy by id, a recipient's by the share's token. */
export function cacheForOp(op: Pick<QueuedOp, 'checklistId' | 'context'>): ChecklistCache {
  return op.context.kind === 'share'
    ? sharedChecklistCache(op.context.token, op.checklistId)
    : ownerChecklistCache(op.checklistId);
}

function quoted(text: string | undefined): string {
  return text ? `“${text}”` : 'a task';
}

/** What was not saved, in the person's words: "Ticking “Mop the floor”". */
export function describeOp(op: QueuedOp, checklist: Checklist | undefined): string {
  const task = 'taskId' in op ? checklist?.tasks.find((item) => item.id === op.taskId) : undefined;
  switch (op.kind) {
    case 'toggle':
      return `${op.completed ? 'Ticking' : 'Unticking'} ${quoted(task?.description)}`;
    case 'remove-photo':
      return `Removing the photo of ${quoted(task?.description)}`;
    case 'photo':
      return `The photo for ${quoted(task?.description)}`;
    case 'remarks':
      return 'Your notes & remarks';
    case 'submit':
      return 'Submitting the checklist';
  }
}

function reasonOf(error: unknown): string {
  const text = isApiError(error) ? (error.serverMessage ?? error.message) : String(error);
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/** The server's answer into the cache the change came from; the owner's list and counters follow. */
export function applyAnswer(queryClient: QueryClient, op: QueuedOp, result: unknown): void {
  const cache = cacheForOp(op);
  void queryClient.cancelQueries({ queryKey: cache.key, exact: true });
  if (op.kind === 'photo') cache.write(queryClient, (old) => withTaskFromServer(old, result as Task));
  else if (op.kind === 'remarks') {
    cache.write(queryClient, (old) => ({ ...old, remarks: (result as Checklist).remarks }));
  } else if (result && typeof result === 'object') cache.write(queryClient, () => result as Checklist);
  void cache.refreshRelated(queryClient);
}

/** The toast for a refused change: a tick keeps the spec's words, and every one says what was not saved. */
export function refusalToast(queryClient: QueryClient, op: QueuedOp, error: unknown): ToastMessage {
  const what = `${describeOp(op, cacheForOp(op).read(queryClient))} was not saved: ${reasonOf(error)}`;
  return op.kind === 'toggle'
    ? { title: 'Error', description: `${SYNC_MESSAGES.taskFailed} ${what}`, variant: 'destructive' }
    : { title: SYNC_MESSAGES.notSavedTitle, description: what, variant: 'destructive' };
}
