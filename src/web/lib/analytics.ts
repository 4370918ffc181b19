/**
 * Named events (page views are counted by the server as it serves the app), sent to our own server (POST /api/analytics/events), which passes them
 * to the analytics adapter: no third-party script in the page, nothing personal in an event (the server
 * reduces paths to routes and drops personal-looking values). Fire and forget: a beacon survives the
 * page being left (a checkout redirect) and never delays what the user does. Its JSON goes as
 * text/plain, which the route reads. Kept this small on purpose: every page loads it.
 */

export type AnalyticsProps = Record<string, string | number | boolean>;

export function trackEvent(name: string, props?: AnalyticsProps): void {
  try {
    navigator.sendBeacon('/api/analytics/events', JSON.stringify({ name, path: location.pathname, props }));
  } catch {
    // No beacon (an old browser, a test page): analytics never gets in the way.
  }
}
