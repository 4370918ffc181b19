import { type ReactNode, useEffect, useState } from 'react';

/**
 * Registers the service worker (from here, not an inline script: CSP) and shows its update card when a
 * new version waits. Its code comes after the first render (the shared page's first load has a budget);
 * with no network and no worker yet there is nothing to do, and that is no error.
 */
export function UpdatePrompt() {
  const [card, setCard] = useState<ReactNode>(null);
  useEffect(() => {
    if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
    import('./service-worker.tsx')
      .then(({ registerServiceWorker }) => registerServiceWorker(setCard))
      .catch((error: unknown) => console.warn('The service worker code could not be loaded', error));
  }, []);
  return card;
}
