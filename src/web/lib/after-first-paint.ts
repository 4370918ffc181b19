/** Should no paint be reported (a page with nothing contentful), `then` runs anyway after this long. */
export const LONGEST_WAIT_MS = 3000;

/**
 * Calls `then` once, after the page's first contentful paint is on screen (src/web/boot.ts):
 * - when the browser reports it (Paint Timing, after the frame was presented: when Largest
 *   Contentful Paint is timed too);
 * - after the next frame when the page painted already (a part, while its HTML was parsed) or the
 *   browser does not report paints;
 * - at once when the page is not on screen (it paints only when shown), or as soon as it is hidden
 *   or shown; and after LONGEST_WAIT_MS whatever happened.
 */
export function afterFirstPaint(then: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  if (document.visibilityState !== 'visible') {
    once();
    return;
  }
  document.addEventListener('visibilitychange', once, { once: true });
  setTimeout(once, LONGEST_WAIT_MS);
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (painted() || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(once));
    return;
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint' });
}
