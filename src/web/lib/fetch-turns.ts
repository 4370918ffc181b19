/**
 * Reads asked for in one task start one per task. When a prerendered page's queries are let in
 * (decision 0072: once every piece is hydrated) they all start in one render; each `fetch()` call
 * with its headers cost about 1 ms of the main thread on this machine (4 at Lighthouse's 4x), and
 * the dashboard's seven made that task one of its longest (`bench:trace`: the `(fetch)` native alone
 * 25 ms of 59 at 4x). The first read of a task starts at once; each further one waits for a task of
 * its own, in the order asked. Writes do not wait (lib/api.ts asks only for reads).
 */

const waiting: Array<() => void> = [];
let turnTaken = false;

/** Resolves when this read may start: at once (`undefined`) when it is the first of its task. */
export function fetchTurn(): Promise<void> | undefined {
  if (typeof window === 'undefined') return undefined;
  if (!turnTaken) {
    turnTaken = true;
    setTimeout(nextTurn, 0);
    return undefined;
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function nextTurn(): void {
  const next = waiting.shift();
  if (!next) {
    turnTaken = false;
    return;
  }
  // Its fetch starts in this task's microtasks; the next read waits for the next task.
  next();
  setTimeout(nextTurn, 0);
}
