import type { QueryClient } from '@tanstack/react-query';
import { cachedRevision } from '../lib/copy-revisions.ts';
import { type ChecklistQuerySlot, writeChecklistAt } from './checklist-slot.ts';
import { refreshChecklistData } from './owner-checklist-slot.ts';
import type { ChecklistMessage, RealtimeClient } from './realtime-client.ts';

/**
 * What the live connection's messages (realtime-client.ts; their shapes in src/domain/realtime.ts) do
 * to the query cache: a followed checklist takes the server's copy, the owner's dashboard refetches.
 */

/** A burst of dashboard changes (a recipient ticking fast) makes one refetch of the list and counters. */
export const DASHBOARD_REFRESH_DEBOUNCE_MS = 250;

export interface FollowOptions {
  /** The server ended this browser's access to the checklist (signed out, share revoked or replaced). */
  onAccessEnded?(): void;
}

/**
 * What the page does with the messages about its checklist. The server's copy replaces the cached one:
 * the user's own changes not yet answered are laid over it when rendering (pending-overlay.ts), so
 * an update never undoes the box they just ticked. Every copy knows its revision (lib/copy-revisions.ts:
 * updates carry theirs, and so do the answers to the user's own changes and the reads), so neither an
 * update nor an answer older than the copy held is written over it. That is why the offline queue,
 * once it has sent everything, need not refetch a checklist whose answers it could place by their
 * revision: an answer to a tick that predates an update applied meanwhile is simply not written (the
 * copy has the tick and more). It refetches only where it cannot tell (hooks/use-offline-queue.tsx,
 * docs/decisions/0007). After a (re)subscription or a `resync` the page refetches what it may have
 * missed, unless its copy already holds the revision the subscription names.
 */
export function followChecklist(
  queryClient: QueryClient,
  getSlot: () => ChecklistQuerySlot,
  subscribe: RealtimeClient['subscribeChecklist'],
  options: { current: FollowOptions } = { current: {} },
): () => void {
  const { checklistId } = getSlot();
  let lastRevision = 0;

  // After a (re)subscription a read already on its way is let finish (it began a moment before, and
  // restarting it would also restart its retries); after a change, a read on its way may predate it.
  const refetch = ({ restart }: { restart: boolean }) => {
    const slot = getSlot();
    void queryClient.invalidateQueries({ queryKey: slot.key, exact: true }, { cancelRefetch: restart });
    void slot.refreshRelated(queryClient);
  };

  const receive = (message: ChecklistMessage) => {
    switch (message.type) {
      case 'subscribed': {
        lastRevision = Math.max(lastRevision, message.revision);
        // The page's copy already holds that revision (its read named it): nothing was missed, and
        // every later change comes as an update. Only the related data is asked again.
        const slot = getSlot();
        const held = cachedRevision(queryClient, slot.key);
        if (
          held !== undefined &&
          held >= message.revision &&
          !queryClient.isFetching({ queryKey: slot.key, exact: true })
        ) {
          void slot.refreshRelated(queryClient);
          return;
        }
        refetch({ restart: false });
        return;
      }
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
        const slot = getSlot();
        if (slot.context.kind === 'share' && slot.key.at(-1) === message.language) {
          void queryClient.invalidateQueries({ queryKey: slot.key, exact: true });
        }
        return;
      }
      case 'shares-changed':
        void getSlot().refreshSharing?.(queryClient);
        return;
      case 'update': {
        if (message.revision <= lastRevision) return;
        lastRevision = message.revision;
        const slot = getSlot();
        if (queryClient.isFetching({ queryKey: slot.key, exact: true }) > 0) {
          // A read already on its way may predate this change: ask again rather than be overwritten.
          void queryClient.invalidateQueries({ queryKey: slot.key, exact: true });
        } else {
          // Not over a copy at a later revision (the answer to the user's own later change).
          writeChecklistAt(queryClient, slot, message.data.checklist, message.revision);
        }
        void slot.refreshRelated(queryClient);
        return;
      }
    }
  };

  return subscribe(checklistId, receive);
}

/**
 * What the owner's dashboard does with its messages: the list and the counters are refetched after any
 * change of theirs, once per burst.
 */
export function followDashboard(
  queryClient: QueryClient,
  subscribe: RealtimeClient['subscribeDashboard'],
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let restart = false;
  const unsubscribe = subscribe((message) => {
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
}
