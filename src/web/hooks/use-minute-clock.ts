import { useSyncExternalStore } from 'react';

/**
 * The time, moved on every 30 seconds for every screen at once (one timer however many rows show a due
 * time): 'Due in 45 min' counts down and 'Overdue' appears when the time passes, before the server's
 * overdue check has come round. Read from the clock, so a phone waking from sleep is right at once.
 */
const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const each of listeners) each();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useMinuteClock(): Date {
  const time = useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
  return new Date(time);
}
