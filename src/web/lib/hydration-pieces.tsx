import { type ReactNode, Suspense, useRef } from 'react';

/**
 * Hydration in pieces (decision 0070). Preact hydrates a prerendered page in one task, where React
 * worked in slices; on a phone that one task was the page's longest (`bench:trace`). A part inside
 * `<HydrateLater>` suspends once while the page is hydrated: Preact keeps its prerendered HTML on
 * screen as it is and hydrates it when the promise settles, each part in a task of its own (a timer
 * each, and a Suspense boundary each, so that no part waits for another). Outside hydration (a page
 * drawn in the browser, the server's prerender) it renders at once, as if it were not there.
 *
 * Its children must draw exactly one element: that is the node Preact keeps for the part (a part
 * drawing nothing would take its next sibling's).
 */

let hydrating = false;

/** Said by main.tsx around its hydrate call, which is synchronous in Preact. */
export function setHydrating(on: boolean): void {
  hydrating = on;
}

export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WaitsOnce>{children}</WaitsOnce>
    </Suspense>
  );
}

function WaitsOnce({ children }: { children: ReactNode }) {
  const wait = useRef<{ done: boolean; promise: Promise<void> | null }>({ done: !hydrating, promise: null });
  const state = wait.current;
  if (!state.done) {
    state.promise ??= new Promise((resolve) =>
      setTimeout(() => {
        state.done = true;
        resolve();
      }, 0),
    );
    throw state.promise;
  }
  return children;
}
