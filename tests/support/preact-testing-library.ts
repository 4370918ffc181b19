import { act as preactAct, cleanup as preactCleanup } from '@testing-library/preact';
import { settle } from './preact-paint.ts';

/**
 * @testing-library/preact, with the two functions whose Preact versions do less than the tests (written
 * for React's Testing Library) count on. Everything else is Testing Library's own.
 */
export * from '@testing-library/preact';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/**
 * act() as React has it. A callback that returns a promise: once it settles, what it set going (the
 * answer's handling, TanStack Query's notice, the renders and effects they cause) is let finish, as
 * React's act waits a task and flushes the work left; Preact's ends a microtask after the callback's
 * promise. The callback's value is handed back, as React's act does. A synchronous callback is
 * Preact's act unchanged: its renders and effects have run when it returns.
 */
export function act<T>(callback: () => T): Promise<Awaited<T>> {
  let value: T | undefined;
  const acted = preactAct(() => {
    value = callback();
    return isThenable(value) ? Promise.resolve(value).then(() => undefined) : undefined;
  });
  if (!isThenable(value)) return acted.then(() => value as Awaited<T>);
  return acted.then(settle).then(() => value as Awaited<T>);
}

/**
 * Unmounts what render() mounted, inside act as React's Testing Library does: Preact (like React) runs
 * the cleanups of effects after the next paint, and outside act they would run after the test, or
 * never once its fake timers are gone (a live subscription, a timer of the unmounted page, left over).
 */
export function cleanup(): void {
  void preactAct(() => {
    preactCleanup();
  });
}
