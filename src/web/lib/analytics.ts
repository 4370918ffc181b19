/**
 * Page views and named events, sent to our own server (POST /api/analytics/events), which passes them
 * to the analytics adapter: no third-party script in the page, nothing personal in an event (the server
 * scrubs paths and props again). Fire and forget: it never throws and never delays what the user does.
 */

export type AnalyticsProps = Record<string, string | number | boolean>;

const ENDPOINT = '/api/analytics/events';

export function trackEvent(name: string, props?: AnalyticsProps): void {
  send({
    name,
    path: typeof location === 'undefined' ? '/' : location.pathname,
    ...(props ? { props } : {}),
  });
}

export function trackPageView(path: string): void {
  send({ name: 'pageview', path });
}

function send(event: { name: string; path: string; props?: AnalyticsProps }): void {
  try {
    if (typeof navigator === 'undefined' || navigator.onLine === false) return;
    const body = JSON.stringify(event);
    // A Blob keeps the JSON content type; sendBeacon survives the page being left (a checkout redirect).
    if (navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
    void fetch(ENDPOINT, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {});
  } catch {
    // Analytics never gets in the way.
  }
}
