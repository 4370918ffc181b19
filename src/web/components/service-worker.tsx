import type { ReactNode } from 'react';
import { Workbox } from 'workbox-window';
import { useT } from '../i18n/i18n.tsx';
import { Button } from './ui/button.tsx';

/** Offers to reload into a new version of the app; never reloads on its own. */
function UpdateCard({ activate }: { activate(): void }) {
  const t = useT();
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-3 bottom-24 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border border-indigo-200 bg-white px-4 py-3 text-sm text-slate-800 shadow-lg sm:bottom-6"
    >
      <p className="min-w-0 flex-1">{t('update.ready')}</p>
      <Button size="sm" onClick={activate}>
        {t('update.reload')}
      </Button>
    </div>
  );
}

/**
 * Registers the service worker once the page has loaded and settled (precaching the shell must not
 * compete with the first visit); when a new version waits, `show` gets the card that offers it.
 */
export function registerServiceWorker(show: (card: ReactNode) => void): void {
  const register = () => {
    const workbox = new Workbox('/sw.js', { scope: '/' });
    workbox.addEventListener('waiting', () => {
      const activate = () => {
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      };
      show(<UpdateCard activate={activate} />);
    });
    workbox
      .register()
      .catch((error: unknown) => console.warn('The service worker could not be registered', error));
  };
  const settle = () => window.setTimeout(register, 2000);
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
}
