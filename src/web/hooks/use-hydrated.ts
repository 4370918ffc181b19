import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates a prerendered page (and in the prerender itself), true from the render
 * after: what must not work before the page's code does (a form whose native submission would
 * reload the page with its fields in the URL) is drawn disabled until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
