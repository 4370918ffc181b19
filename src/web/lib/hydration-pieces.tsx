import { type ReactNode, Suspense, useLayoutEffect, useRef } from 'react';

/**
 * Hydration in pieces (decision 0070). Preact hydrates a prerendered page in one task, where React
 * worked in slices; on a phone that one task was the page's longest (`bench:trace`). A part inside
 * `<HydrateLater>` suspends once while the page is hydrated: Preact keeps its prerendered HTML on
 * screen as it is and hydrates it when the promise settles, each part in a task of its own (a timer
 * each, and a Suspense boundary each, so that no part waits for another). Outside hydration (a page
 * drawn in the browser, the server's prerender) it renders at once, as if it were not there.
 *
 * Its children must draw exactly one element: that is the node Preact keeps for the part (a part
 * drawing nothing would take its next sibling's). A piece inside a piece waits for its own task after
 * the outer one's.
 */

let hydrating = false;
/** Pieces of the prerendered page not hydrated yet, and who waits for none to be left. */
let waiting = 0;
const onHydrated = new Set<() => void>();

/** Said by main.tsx around its hydrate call, which is synchronous in Preact. */
export function setHydrating(on: boolean): void {
  hydrating = on;
}

interface Wait {
  done: boolean;
  promise: Promise<void> | null;
  resumed: boolean;
}

export function HydrateLater({ children }: { children: ReactNode }) {
  // Kept here, above the boundary: Preact makes the suspended part anew when it resumes.
  const wait = useRef<Wait | null>(null);
  wait.current ??= { done: !hydrating, promise: null, resumed: false };
  return (
    <Suspense fallback={null}>
      <WaitsOnce wait={wait.current}>{children}</WaitsOnce>
    </Suspense>
  );
}

function WaitsOnce({ wait, children }: { wait: Wait; children: ReactNode }) {
  if (!wait.done) {
    if (!wait.promise) {
      waiting += 1;
      wait.promise = new Promise((resolve) =>
        setTimeout(() => {
          wait.done = true;
          resolve();
          // Its render comes in this task's microtasks; the pieces inside it start waiting there.
          waiting -= 1;
          if (waiting === 0) setTimeout(tellHydrated, 0);
        }, 0),
      );
    }
    throw wait.promise;
  }
  // The render after the wait hydrates this part: a piece inside it waits in turn, in a task of its
  // own (pieces nest). Only this part's own render says so; its commit ends it.
  const resuming = wait.promise !== null && !wait.resumed;
  if (resuming) {
    wait.resumed = true;
    hydrating = true;
    setTimeout(endResumedHydration, 0);
  }
  useLayoutEffect(() => {
    if (resuming) endResumedHydration();
  });
  return children;
}

function endResumedHydration(): void {
  hydrating = false;
}

function tellHydrated(): void {
  if (waiting > 0) return;
  for (const callback of [...onHydrated]) callback();
  onHydrated.clear();
}

/**
 * Runs `callback` once every piece of the prerendered page is hydrated (at once in a task of its own
 * when none waits), so that what it says is true of every button. Returns the cancel function.
 */
export function whenHydrated(callback: () => void): () => void {
  onHydrated.add(callback);
  if (waiting === 0) setTimeout(tellHydrated, 0);
  return () => onHydrated.delete(callback);
}
