import { scrubPath } from '#domain/analytics-privacy';

/**
 * Page views and named events, sent to our own server (POST /api/analytics/events), which passes them
 * to the analytics adapter: no third-party script in the page (the CSP allows only our origin), and
 * nothing personal (the path goes as its route; the server scrubs path and props again). Fire and
 * forget: a beacon survives the page being left (a checkout redirect), it never throws and never
 * delays what the user does; offline, nothing is sent (and nothing is kept for later).
 * What people do (create, share, tick, submit...) is recorded by the server from its answers.
 */

export type AnalyticsProps = Record<string, string | number | boolean>;

const ENDPOINT = '/api/analytics/events';

export function trackEvent(name: string, props?: AnalyticsProps): void {
  send({ name, path: scrubPath(location.pathname), props });
}

let lastPage: string | undefined;

/** One view per route change: the same path again (React's strict mode runs effects twice) is not another. */
export function trackPageView(path: string): void {
  if (path === lastPage) return;
  lastPage = path;
  send({ name: 'pageview', path: scrubPath(path), referrer: document.referrer || undefined });
}

function send(event: { name: string; path: string; props?: AnalyticsProps; referrer?: string }): void {
  try {
    if (!navigator.onLine) return;
    // A string goes as text/plain: a simple request the route reads as JSON.
    const body = JSON.stringify(event);
    if (navigator.sendBeacon?.(ENDPOINT, body)) return;
    fetch(ENDPOINT, { method: 'POST', body, keepalive: true }).catch(() => {});
  } catch {
    // Analytics never gets in the way.
  }
}
