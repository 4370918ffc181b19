import { useEffect, useState } from 'react';
import { Button } from './ui/button.tsx';

type WaitingWorker = { activate(): void };

/**
 * Registers the service worker (from here, not an inline script: CSP) and, when a new version of the
 * app is waiting, offers to reload into it. Never reloads on its own: nothing is lost either way
 * (changes are stored before they are sent), but a reload in the middle of typing is rude.
 */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<WaitingWorker | null>(null);

  useEffect(() => {
    if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    // After the page has loaded and settled: precaching the shell must not compete with the first visit.
    const afterLoad = new Promise<void>((resolve) => {
      const settle = () => window.setTimeout(resolve, 2000);
      if (document.readyState === 'complete') settle();
      else window.addEventListener('load', settle, { once: true });
    });
    void afterLoad
      .then(() => import('workbox-window'))
      .then(({ Workbox }) => {
        if (cancelled) return;
        const workbox = new Workbox('/sw.js', { scope: '/' });
        workbox.addEventListener('waiting', () => {
          setWaiting({
            activate: () => {
              workbox.addEventListener('controlling', () => window.location.reload());
              workbox.messageSkipWaiting();
            },
          });
        });
        return workbox.register();
      })
      .catch((error: unknown) => console.warn('The service worker could not be registered', error));
    return () => {
      cancelled = true;
    };
  }, []);

  if (!waiting) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-3 bottom-24 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border border-indigo-200 bg-white px-4 py-3 text-sm text-slate-800 shadow-lg sm:bottom-6"
    >
      <p className="min-w-0 flex-1">A new version of ListSync is ready.</p>
      <Button size="sm" onClick={() => waiting.activate()}>
        Reload
      </Button>
    </div>
  );
}

/** For React.lazy. */
export default UpdatePrompt;
