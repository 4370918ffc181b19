import {
  createEvent,
  act as preactAct,
  cleanup as preactCleanup,
  fireEvent as preactFireEvent,
} from '@testing-library/preact';
import { settle } from './preact-paint.ts';

/**
 * @testing-library/preact, with the functions whose Preact versions do less than the tests (written for
 * React's Testing Library) count on. Everything else is Testing Library's own.
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

type Target = Document | Element | Window | Node;

/**
 * A browser gives a disabled button, input, select or textarea (or what is inside one) no clicks, nor
 * presses (HTML's "disabled form control"; its click() does nothing). jsdom hands them to its listeners
 * all the same: React's event system held them back, Preact's native listeners hear them.
 */
// (Testing Library's names, lower-cased, and the events': dblClick/doubleClick fire `dblclick`.)
const NOT_FOR_DISABLED = new Set(['click', 'dblclick', 'doubleclick', 'mousedown', 'mouseup']);
const disabledControl = (target: Target, type: string) =>
  NOT_FOR_DISABLED.has(type) && target instanceof Element && target.closest(':disabled') !== null;

function dispatch(target: Target, event: Event): boolean {
  return disabledControl(target, event.type) ? true : preactFireEvent(target, event);
}

type Named = (target: Target, init?: object) => boolean;
const named = Object.fromEntries(
  Object.entries(preactFireEvent as unknown as Record<string, Named>).map(([key, fire]) => [
    key,
    (target: Target, init?: object) =>
      disabledControl(target, key.toLowerCase()) ? true : fire(target, init),
  ]),
);

/**
 * fireEvent, as a browser has it. Change is `input`, then `change`: @testing-library/preact fires `input`
 * alone on every element, since preact/compat hears a text field's onChange on `input`; but it leaves
 * onChange on `change` for a select, a checkbox, a radio and a file input, which then never heard a
 * thing (a chosen file, an option picked). React's heard `change` on all of them. And a disabled
 * control is not clicked (above).
 */
export const fireEvent = Object.assign((target: Target, event: Event) => dispatch(target, event), named, {
  change: (target: Target, init?: object): boolean => {
    let notCancelled = true;
    void preactAct(() => {
      preactFireEvent(target, createEvent.input(target, init));
      // The value (or files) is set once, with `input`: what its handler made of it (the code field
      // drops what is not a digit) stands when `change` follows.
      const { target: _set, ...eventInit } = (init ?? {}) as { target?: unknown };
      notCancelled = preactFireEvent(target, createEvent.change(target, eventInit));
    });
    return notCancelled;
  },
}) as unknown as typeof preactFireEvent;
