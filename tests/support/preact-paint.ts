import { options } from 'preact';

/**
 * Preact runs effects (useEffect) "after paint": at the next animation frame, or 35 ms later at the
 * latest (preact/hooks afterNextFrame). React, as Testing Library drives it, had them run before a
 * waitFor/findBy returned (its asyncWrapper waits a task, in which React's scheduler flushes them).
 * Here Preact's own timing is kept, the same frame-or-35-ms race, through the hook Preact offers for
 * it (options.requestAnimationFrame); the tests' support can also run what waits for a paint now,
 * where a browser would have painted (flushPaint). Preact's act() puts its own hook in place while it
 * runs and restores this one after.
 */

// Captured before any test fakes the timers: settle() waits for a task of the real clock, as Testing
// Library's asyncWrapper for React does (setTimeout 0), and never runs a timer of the test's.
const realSetTimeout = globalThis.setTimeout;

const RAF_TIMEOUT_MS = 35;
/** What waits for the next paint, each with what stops its frame and timeout. */
const waiting = new Map<() => void, () => void>();

function afterNextFrame(callback: () => void): void {
  const run = () => {
    stop();
    if (waiting.delete(callback)) callback();
  };
  // The functions of the moment, as Preact's own afterNextFrame: a test's fake timers drive them too
  // (and each is stopped by its own kind's clear, should the test fake or restore them in between).
  const clear = globalThis.clearTimeout;
  const timeout = setTimeout(run, RAF_TIMEOUT_MS);
  const cancel = typeof requestAnimationFrame === 'function' ? globalThis.cancelAnimationFrame : undefined;
  const frame = cancel ? requestAnimationFrame(run) : 0;
  const stop = () => {
    clear(timeout);
    cancel?.(frame);
  };
  waiting.set(callback, stop);
}

options.requestAnimationFrame = afterNextFrame;

/** Runs what waits for the next paint (effects, mostly) now; says whether there was any. */
export function flushPaint(): boolean {
  if (waiting.size === 0) return false;
  const due = [...waiting];
  waiting.clear();
  for (const [callback, stop] of due) {
    stop();
    callback();
  }
  return true;
}

/** One task of the real clock: promises settled by then have run their callbacks, as have the timers
 * of 0 ms set before it (TanStack Query tells components of a change in one). */
const nextTask = () => new Promise<void>((resolve) => realSetTimeout(resolve, 0));

/**
 * What Testing Library's asyncWrapper does for React, for Preact: once a waitFor/findBy has what it
 * waited for, the work that was already under way (renders, then the effects after their paint, and
 * the renders those cause) is let finish before the test goes on.
 */
export async function settle(): Promise<void> {
  // Bounded: an effect that renders, whose effect renders again, ... would otherwise never end.
  for (let round = 0; round < 20; round++) {
    await nextTask();
    if (!flushPaint()) return;
  }
}
