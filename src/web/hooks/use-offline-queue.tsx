import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { translate } from '../i18n/i18n.tsx';
import { isApiError } from '../lib/api.ts';
import { onFirstInteraction } from '../lib/lazy-chunk.tsx';
import { isAbortError } from '../lib/upload-errors.ts';
import {
  type BlobStore,
  EMPTY_QUEUE_STATE,
  HELD_EDITS_KEY,
  type HeldOp,
  indexedDbBlobStore,
  isTransientFailure,
  type ListStore,
  lazyHttpTransport,
  loadQueueEffects,
  localStorageListStore,
  localStorageOpStore,
  memoryListStore,
  memoryOpStore,
  needsSignIn,
  OfflineQueue,
  type OpStore,
  type OpTransport,
  type QueuedOp,
  type QueueEvents,
  type QueueState,
} from '../sync/index.ts';
import { type ToastMessage, useToast } from './use-toast.ts';

// What the answers do to the page and the sending itself come with the checklist rules (zod, the
// domain): kept out of the app's entry chunk, fetched once the app has started (sync/lazy.ts) and
// precached by the service worker.
const QueueContext = createContext<OfflineQueue | null>(null);

interface QueueStores {
  ops?: OpStore | undefined;
  blobs?: BlobStore | undefined;
  held?: ListStore<HeldOp> | undefined;
  transport: OpTransport;
}

/** The tab's queue over this browser's storage; prerendering (no window) keeps nothing. */
function createTabQueue({ ops, blobs, held, transport }: QueueStores, events: QueueEvents): OfflineQueue {
  const browser = typeof window !== 'undefined';
  return new OfflineQueue({
    ops: ops ?? (browser ? localStorageOpStore() : memoryOpStore()),
    blobs: blobs ?? indexedDbBlobStore(),
    held: held ?? (browser ? localStorageListStore<HeldOp>(HELD_EDITS_KEY) : memoryListStore<HeldOp>()),
    transport,
    isTransient: isTransientFailure,
    isBlocked: needsSignIn,
    // Only a 404 can be one; the words that tell it come with the queue's effects.
    endsAccess: (error) =>
      isApiError(error) && error.status === 404
        ? loadQueueEffects().then((effects) => effects.isRemovedFromTeam(error))
        : false,
    isOnline: () => navigator.onLine,
    ...events,
  });
}

/** The changes whose refusal the queue tells, even to a caller still waiting (who shows no error). */
const QUEUE_TELLS: readonly QueuedOp['kind'][] = ['toggle', 'remarks', 'remove-photo', 'assign'];

/**
 * What the queue's answers, refusals and drains do to this tab: answers into the query cache, refusals
 * in a toast (`tell`), and once empty, the copies that may be behind read again and, when something
 * was held back (`wasHeldBack`), a quiet toast that everything is synced.
 */
function tabQueueEvents(
  queryClient: QueryClient,
  tell: (message: ToastMessage) => void,
  wasHeldBack: { current: boolean },
): QueueEvents {
  // The cached copies the queue's answers went to, each with whether it must be read again once
  // nothing is pending (queue-effects.ts `applyAnswer` says when it need not); and the changes
  // refused since the last drain (their copies are always read again).
  const touched = new Map<string, boolean>();
  const refused: QueuedOp[] = [];
  // Removed from a team: its every change is refused with the same words, said once a drain. The
  // refusals' words and the drains' reset take their turns in one line, in the order they came.
  let removalTold = false;
  let inTurn: Promise<unknown> = Promise.resolve();
  const later = (step: () => unknown) => {
    inTurn = inTurn.then(step).catch(() => undefined);
  };
  const touch = (key: QueryKey, readAgain: boolean) => {
    const id = JSON.stringify(key);
    touched.set(id, touched.get(id) === true || readAgain);
  };
  return {
    onApplied: async (op, result, revision) => {
      const effects = await loadQueueEffects();
      let current = false;
      try {
        current = effects.applyAnswer(queryClient, op, result, revision);
      } finally {
        touch(effects.slotForOp(op).key, !current);
      }
    },
    onRejected: (op, error, callerWaiting) => {
      // Noted at once: the drain may come before the effects have loaded.
      refused.push(op);
      // A cancelled upload, or a refusal the dialog, the editor or a button reports itself, needs no
      // second word; nor does a removal from a team already told (the effects' promise keeps the order).
      if ((callerWaiting && !QUEUE_TELLS.includes(op.kind)) || isAbortError(error)) return;
      later(async () => {
        const effects = await loadQueueEffects();
        if (effects.isRemovedFromTeam(error)) {
          if (removalTold) return;
          removalTold = true;
        }
        tell(effects.refusalToast(queryClient, op, error));
      });
    },
    onDrained: ({ heldBack }) => {
      // Now that nothing is pending, the server's own copy of every checklist whose cached copy may
      // be behind: a change was refused there, an answer could not be placed by its revision, or
      // the queue was held back (offline, failing, or left from an earlier visit: live updates may
      // have been missed meanwhile). A copy that holds its answers' state, or a later one, is not
      // asked for again: the live connection brings what others change (docs/decisions/0007).
      const readAgain = [...touched].filter(([, stale]) => stale || heldBack).map(([key]) => key);
      const refusedNow = refused.splice(0);
      later(() => {
        removalTold = false;
      });
      touched.clear();
      const refetch = (key: QueryKey) => void queryClient.invalidateQueries({ queryKey: key, exact: true });
      for (const key of readAgain) refetch(JSON.parse(key));
      if (refusedNow.length > 0) {
        void loadQueueEffects().then((effects) => {
          const keys = new Set(refusedNow.map((op) => JSON.stringify(effects.slotForOp(op).key)));
          for (const key of keys) if (!readAgain.includes(key)) refetch(JSON.parse(key));
        });
      }
      if (wasHeldBack.current) {
        wasHeldBack.current = false;
        tell({ title: translate('sync.done'), description: translate('sync.doneText') });
      }
    },
  };
}

/**
 * The one offline queue of this browser tab: sends on start-up, whenever the browser comes back
 * online, and on its own retry timer while the network fails; answers go into the query cache,
 * refusals are told in a toast, and a quiet toast says when everything done offline is synced.
 */
export function OfflineQueueProvider({
  children,
  ops,
  blobs,
  held,
  transport = lazyHttpTransport,
}: {
  children: ReactNode;
  ops?: OpStore;
  blobs?: BlobStore;
  held?: ListStore<HeldOp>;
  transport?: OpTransport;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const toastRef = useRef(toast);
  toastRef.current = toast;
  // Whether something could not be sent at once: only then is "all synced" worth a toast.
  const wasHeldBack = useRef(false);
  const [queue] = useState(() =>
    createTabQueue(
      { ops, blobs, held, transport },
      tabQueueEvents(queryClient, (message) => toastRef.current(message), wasHeldBack),
    ),
  );

  const state = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
  if (state.ops.length > 0 && (state.failures > 0 || !navigator.onLine)) wasHeldBack.current = true;

  useEffect(() => {
    // Work stored by an earlier visit (or another tab) is sent at start-up and whenever the network returns.
    if (queue.getState().ops.length > 0) wasHeldBack.current = true;
    void queue.flush();
    // Fetched ahead at the first tap or key (every change starts with one), not competing with the
    // page's first requests and not downloaded by a visit that only looks.
    const cancelPreload = onFirstInteraction(() => void loadQueueEffects().catch(() => undefined));
    const onOnline = () => void queue.flush();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      cancelPreload();
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

const emptyQueueState = () => EMPTY_QUEUE_STATE;

export function useQueueState(): QueueState {
  const queue = useOfflineQueue();
  // Hydrating a prerendered page, the first render draws what the server drew: nothing waiting.
  return useSyncExternalStore(queue.subscribe, queue.getState, emptyQueueState);
}
