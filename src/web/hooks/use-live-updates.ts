import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { whenIdle } from '../lib/lazy-chunk.tsx';
import {
  type ChecklistQuerySlot,
  type FollowOptions,
  followChecklist,
  followDashboard,
  type RealtimeClient,
  type RealtimeState,
  realtimeClient,
} from '../sync/index.ts';
import { TEAM_KEY, TEAMS_KEY } from './team-keys.ts';

/** The live connection's state, for the indicator. */
export function useRealtimeState(client: RealtimeClient = realtimeClient()): RealtimeState {
  return useSyncExternalStore(client.subscribeState, client.getState, () => 'idle');
}

/**
 * Keeps one checklist's page live (the owner's detail page, a recipient's shared page): subscribed
 * while mounted with a checklist, unsubscribed after. Pass null until there is something to follow.
 * What each message does is sync's (sync/live-messages.ts).
 */
export function useLiveChecklist(
  slot: ChecklistQuerySlot | null,
  options: FollowOptions = {},
  client: RealtimeClient = realtimeClient(),
): void {
  const queryClient = useQueryClient();
  const slotRef = useRef(slot);
  slotRef.current = slot;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const checklistId = slot?.checklistId ?? null;

  useEffect(() => {
    const initial = slotRef.current;
    if (checklistId === null || !initial) return;
    return followChecklist(
      queryClient,
      () => slotRef.current ?? initial,
      (id, listener) => client.subscribeChecklist(id, listener),
      optionsRef,
    );
  }, [checklistId, queryClient, client]);
}

/**
 * Keeps the dashboard of the active team live: the list and the counters are refetched after any
 * change to its checklists; the team and my teams too when its people changed (someone left).
 * It subscribes once the browser is idle after the page's first tasks (opening the socket and the
 * indicator's render were one long task with the page's first effects on a phone, `bench:trace`):
 * nothing is missed meanwhile, the server's 'dashboard-subscribed' makes the page read again.
 */
export function useLiveDashboard(client: RealtimeClient = realtimeClient()): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | null = null;
    const cancel = whenIdle(() => {
      stop = followDashboard(queryClient, (listener) =>
        client.subscribeDashboard((message) => {
          if (message.type === 'team-changed') {
            void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
            void queryClient.invalidateQueries({ queryKey: TEAMS_KEY });
          }
          listener(message);
        }),
      );
    });
    return () => {
      cancel();
      stop?.();
    };
  }, [queryClient, client]);
}
