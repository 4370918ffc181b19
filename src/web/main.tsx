import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app.tsx';
import { intlWarmers, loadUiLanguage, startUiLanguage, uiLanguage } from './i18n/i18n.tsx';
import { setHydrating, whenHydrated } from './lib/hydration-pieces.tsx';
import { preloadPageOf } from './routes.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Root element not found');

// The catalog of the link's language is on its way while the page's own code loads. A page the server
// drew is in the language it says (a verified recipient's: the share's, when the link names none).
startUiLanguage(window.location, root.dataset.firstScreen ? document.documentElement.lang : undefined);

/**
 * Says on <html data-app-running> that the page's code runs (hydrated, every piece of it, or drawn).
 * A press on the prerendered HTML before then does nothing; the browser tests wait for it before
 * pressing. It wraps the tree with one child and draws nothing, so the HTML and React's ids (useId)
 * stay as prerendered.
 */
function AppRunning({ children }: { children: ReactNode }) {
  useEffect(
    () =>
      whenHydrated(() => {
        document.documentElement.dataset.appRunning = '';
      }),
    [],
  );
  return children;
}

// The same tree as the prerender (src/web/prerender.tsx), whose Router is given the path.
const app = (
  <AppRunning>
    <StrictMode>
      <Router>
        <App />
      </Router>
    </StrictMode>
  </AppRunning>
);

// A public page came drawn (the server prerenders them): it is hydrated, not drawn again. A page
// the server could not match draws from nothing (the service worker's shell has an empty root).
// Preact (decision 0070) hydrates in one synchronous task: the parts inside `HydrateLater`
// (lib/hydration-pieces.tsx) are hydrated each in a task of their own after it, so a phone answers a
// tap between them.
if (root.firstElementChild) {
  // Hydration waits for the page's words and code (both preloaded beside the entry, so here or nearly):
  // without the catalog its first render would say raw keys where the HTML has words, and a page
  // still downloading would be drawn again from nothing (routes.tsx, preloadPageOf).
  // A promise, not a top-level await: that would make the bundler wrap every module of the entry
  // chunk for async loading (measured: +7 KiB gzipped on every page).
  const hydrate = () => {
    setHydrating(true);
    try {
      hydrateRoot(root, app);
    } finally {
      setHydrating(false);
    }
  };
  // In a task of its own: the page's chunk is evaluated in the task that settles this promise. Asked
  // for in a task after the entry's evaluation, and before the Intl warmers' (the page's files are
  // already on their way: the server names them in the head).
  const hydrateNext = () => void setTimeout(hydrate, 0);
  setTimeout(() => {
    Promise.all([loadUiLanguage(uiLanguage()), preloadPageOf(window.location.pathname)]).then(
      hydrateNext,
      hydrateNext,
    );
  }, 0);
} else {
  createRoot(root).render(app);
}

// Each in a task of its own, while the rest of the page's code downloads.
for (const warm of intlWarmers(uiLanguage())) setTimeout(warm, 0);
