import { type ReactNode, useEffect, useState } from 'react';
import { whenIdle } from '../lib/lazy-chunk.tsx';

/**
 * Registers the service worker (from here, not an inline script: CSP) once the browser is idle, and
 * shows its update card when a new version waits. Its code comes after the first render (the shared
 * page's first load has a budget); with no network and no worker yet there is nothing to do, and that
 * is no error.
 */
export function UpdatePrompt() {
  const [card, setCard] = useState<ReactNode>(null);
  useEffect(() => {
    if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
    // When the browser is first idle: in the page's first effects it was part of one long task.
    return whenIdle(() => {
      import('./service-worker.tsx')
        .then(({ registerServiceWorker }) => registerServiceWorker(setCard))
        .catch((error: unknown) => console.warn('The service worker code could not be loaded', error));
    });
  }, []);
  return card;
}
