/**
 * The pages served without the app (the code screen, decision 0061; the landing page, decision 0067)
 * fetch the files of the page that follows them once the visitor is on the way there (the first digit
 * of the code; signed in or signing in) and the browser is idle, so it opens from the HTTP cache. The server lists those files in a JSON block (not executed: the CSP allows no inline script).
 * The app imports nothing of this module: each of those two scripts has it in its own chunk.
 */

/** The files listed in the JSON block `elementId`, as `<link rel="prefetch">`; a malformed block adds none. */
export function prefetchNextPage(elementId: string): void {
  let files: unknown = [];
  try {
    files = JSON.parse(document.getElementById(elementId)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const href of files) {
    if (typeof href !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    // As the module scripts will ask for them (CORS, same-origin credentials), so the cache serves them.
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.append(link);
  }
}

/** Runs `run` once the page has loaded and the browser is idle (at most 3 s later). */
export function whenIdle(run: () => void): void {
  const later = () =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 1000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
