import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  type ChecklistMessage,
  type RealtimeClient,
  type RealtimeState,
  realtimeClient,
} from '../lib/realtime-client.ts';
import { type ChecklistQuerySlot, refreshChecklistData } from '../sync/index.ts';

/** A burst of dashboard changes (a recipient ticking fast) makes one refetch of the list and counters. */
export const DASHBOARD_REFRESH_DEBOUNCE_MS = 250;

/** The live connection's state, for the indicator. */
export function useRealtimeState(client: RealtimeClient = realtimeClient()): RealtimeState {
  return useSyncExternalStore(client.subscribeState, client.getState, () => 'idle');
}

export interface FollowOptions {
  /** The server ended this browser's access to the checklist (signed out, share revoked or replaced). */
  onAccessEnded?(): void;
}

/**
 * What the page does with the messages about its checklist. The server's copy replaces the cached one:
 * the user's own changes not yet answered are laid over it when rendering (lib/pending-overlay.ts), so
 * an update never undoes the box they just ticked, and once the offline queue has sent everything it
 * refetches the checklist (an answer to a tick may predate an update applied meanwhile). A copy older
 * than one already applied is ignored; after a (re)subscription or a `resync` the page refetches what
 * it may have missed.
 */
export function followChecklist(
  queryClient: QueryClient,
  getCache: () => ChecklistQuerySlot,
  subscribe: RealtimeClient['subscribeChecklist'],
  options: { current: FollowOptions } = { current: {} },
): () => void {
  const { checklistId } = getCache();
  let lastRevision = 0;

  // After a (re)subscription a read already on its way is let finish (it began a moment before, and
  // restarting it would also restart its retries); after a change, a read on its way may predate it.
  const refetch = ({ restart }: { restart: boolean }) => {
    const cache = getCache();
    void queryClient.invalidateQueries({ queryKey: cache.key, exact: true }, { cancelRefetch: restart });
    void cache.refreshRelated(queryClient);
  };

  const receive = (message: ChecklistMessage) => {
    switch (message.type) {
      case 'subscribed':
        lastRevision = Math.max(lastRevision, message.revision);
        refetch({ restart: false });
        return;
      case 'resync':
      case 'deleted':
        // A deleted checklist answers 404 when refetched: the page shows its own not-found view.
        refetch({ restart: true });
        return;
      case 'error':
        console.warn('The live connection ended this checklist', message.error);
        options.current.onAccessEnded?.();
        refetch({ restart: true });
        return;
      case 'translation-ready': {
        // A translation the page was told is under way has landed: a recipient's copy in that
        // language asks again (the owner's copy is as written and has nothing to gain).
        const cache = getCache();
        if (cache.context.kind === 'share' && cache.key.at(-1) === message.language) {
          void queryClient.invalidateQueries({ queryKey: cache.key, exact: true });
        }
        return;
      }
      case 'update': {
        if (message.revision <= lastRevision) return;
        lastRevision = message.revision;
        const cache = getCache();
        if (queryClient.isFetching({ queryKey: cache.key, exact: true }) > 0) {
          // A read already on its way may predate this change: ask again rather than be overwritten.
          void queryClient.invalidateQueries({ queryKey: cache.key, exact: true });
        } else {
          cache.write(queryClient, () => message.data.checklist);
        }
        void cache.refreshRelated(queryClient);
        return;
      }
    }
  };

  return subscribe(checklistId, receive);
}

/**
 * Keeps one checklist's page live (the owner's detail page, a recipient's shared page): subscribed
 * while mounted with a checklist, unsubscribed after. Pass null until there is something to follow.
 */
export function useLiveChecklist(
  cache: ChecklistQuerySlot | null,
  options: FollowOptions = {},
  client: RealtimeClient = realtimeClient(),
): void {
  const queryClient = useQueryClient();
  const cacheRef = useRef(cache);
  cacheRef.current = cache;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const checklistId = cache?.checklistId ?? null;

  useEffect(() => {
    const initial = cacheRef.current;
    if (checklistId === null || !initial) return;
    return followChecklist(
      queryClient,
      () => cacheRef.current ?? initial,
      (id, listener) => client.subscribeChecklist(id, listener),
      optionsRef,
    );
  }, [checklistId, queryClient, client]);
}

/** Keeps the owner's dashboard live: the list and the counters are refetched after any change of theirs. */
export function useLiveDashboard(client: RealtimeClient = realtimeClient()): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let restart = false;
    const unsubscribe = client.subscribeDashboard((message) => {
      // Subscribed (again), changed, or asked to resync: in every case what is shown may be behind. Only
      // a change restarts a read on its way (see followChecklist).
      restart ||= message.type !== 'dashboard-subscribed';
      clearTimeout(timer);
      timer = setTimeout(() => {
        void refreshChecklistData(queryClient, { cancelRefetch: restart });
        restart = false;
      }, DASHBOARD_REFRESH_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [queryClient, client]);
}
