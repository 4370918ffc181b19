import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { Checklist, Task } from '#domain/checklist';
import { useToast } from '../components/ui/toast.tsx';
import { isApiError } from '../lib/api.ts';
import { withTaskFromServer } from '../lib/checklist-optimistic.ts';
import { OfflineQueue, type QueuedOp, type QueueOptions, type QueueState } from '../lib/offline-queue.ts';
import {
  type BlobStore,
  indexedDbBlobStore,
  localStorageOpStore,
  type OpStore,
} from '../lib/offline-store.ts';
import { httpTransport, isTransientFailure } from '../lib/offline-transport.ts';
import { isAbortError } from '../lib/upload-request.ts';
import { sharedChecklistCache } from '../pages/shared/use-share-access.ts';
import type { ChecklistCache } from './use-checklist-actions.ts';
import { ownerChecklistCache } from './use-checklists.ts';

export const SYNC_MESSAGES = {
  synced: 'All changes synced',
  syncedText: 'Everything you did offline is now saved on the server.',
  notSavedTitle: 'Not saved',
  /** The spec's toast for a refused tick (section 4). */
  taskFailed: 'Failed to update task. Please try again.',
} as const;

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
  if (isApiError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : 'the server refused it';
}

function applyAnswer(queryClient: QueryClient, op: QueuedOp, result: unknown): void {
  const cache = cacheForOp(op);
  void queryClient.cancelQueries({ queryKey: cache.key, exact: true });
  if (op.kind === 'photo') cache.write(queryClient, (old) => withTaskFromServer(old, result as Task));
  else if (op.kind === 'remarks')
    cache.write(queryClient, (old) => ({ ...old, remarks: (result as Checklist).remarks }));
  else if (result && typeof result === 'object') cache.write(queryClient, () => result as Checklist);
  void cache.refreshRelated(queryClient);
}

const QueueContext = createContext<OfflineQueue | null>(null);

/**
 * The one offline queue of this browser tab: sends on start-up, whenever the browser comes back
 * online, and on its own retry timer while the network fails; answers go into the query cache,
 * refusals are told in a toast, and a quiet toast says when everything done offline is synced.
 */
export function OfflineQueueProvider({
  children,
  ops,
  blobs,
  transport = httpTransport,
}: {
  children: ReactNode;
  ops?: OpStore;
  blobs?: BlobStore;
  transport?: QueueOptions['transport'];
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const toastRef = useRef(toast);
  toastRef.current = toast;
  // Whether something could not be sent at once: only then is "all synced" worth a toast.
  const wasHeldBack = useRef(false);
  const [queue] = useState(() => {
    const touched = new Set<string>();
    const created: OfflineQueue = new OfflineQueue({
      ops: ops ?? localStorageOpStore(),
      blobs: blobs ?? indexedDbBlobStore(),
      transport,
      isTransient: isTransientFailure,
      isOnline: () => navigator.onLine,
      onApplied: (op, result) => {
        touched.add(JSON.stringify(cacheForOp(op).key));
        applyAnswer(queryClient, op, result);
      },
      onRejected: (op, error, callerWaiting) => {
        const cache = cacheForOp(op);
        touched.add(JSON.stringify(cache.key));
        // A cancelled upload, or a refusal the dialog or submit button reports itself, needs no second word.
        const reported = callerWaiting && (op.kind === 'photo' || op.kind === 'submit');
        if (!reported && !isAbortError(error)) {
          const what = `${describeOp(op, cache.read(queryClient))} was not saved: ${reasonOf(error)}`;
          toastRef.current({
            title: op.kind === 'toggle' ? 'Error' : SYNC_MESSAGES.notSavedTitle,
            description: op.kind === 'toggle' ? `${SYNC_MESSAGES.taskFailed} ${what}` : what,
            variant: 'destructive',
          });
        }
      },
      onDrained: () => {
        // The server's own copy of every checklist that changed, now that nothing is pending.
        for (const key of touched)
          void queryClient.invalidateQueries({ queryKey: JSON.parse(key), exact: true });
        touched.clear();
        if (wasHeldBack.current) {
          wasHeldBack.current = false;
          toastRef.current({ title: SYNC_MESSAGES.synced, description: SYNC_MESSAGES.syncedText });
        }
      },
    });
    return created;
  });

  const state = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
  if (state.ops.length > 0 && (state.failures > 0 || !navigator.onLine)) wasHeldBack.current = true;

  useEffect(() => {
    // Work stored by an earlier visit (or another tab) is sent at start-up and whenever the network returns.
    if (queue.getState().ops.length > 0) wasHeldBack.current = true;
    void queue.flush();
    const onOnline = () => void queue.flush();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      queue.stop();
    };
  }, [queue]);

  return <QueueContext.Provider value={queue}>{children}</QueueContext.Provider>;
}

export function useOfflineQueue(): OfflineQueue {
  const queue = useContext(QueueContext);
  if (!queue) throw new Error('useOfflineQueue needs an OfflineQueueProvider');
  return queue;
}

export function useQueueState(): QueueState {
  const queue = useOfflineQueue();
  return useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
}
