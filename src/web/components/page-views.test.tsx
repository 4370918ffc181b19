import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { act, cleanup, render, waitFor } from '#tests/support/preact-testing-library';
import { trackEvent, trackPageView } from '../lib/analytics.ts';
import { PageViews } from './page-views.tsx';

/** The client's tracker: one beacon per event to our own server, the path as its route, never an error. */

const ENDPOINT = '/api/analytics/events';
let sendBeacon: Mock<(url: string, body: string) => boolean>;
let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  sendBeacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
  fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 202 })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

/** What each beacon carried, as JSON. */
const beacons = () =>
  sendBeacon.mock.calls.map(([url, body]) => {
    expect(url).toBe(ENDPOINT);
    return JSON.parse(body);
  });

describe('trackPageView and trackEvent', () => {
  it('send a beacon with the route, never the token or the query string', () => {
    trackPageView('/shared/AbCdEf0123456789xyzQ');
    window.history.replaceState(null, '', '/checklist/checklist_17?tab=photos');
    trackEvent('upgrade_clicked', { source: 'plan_card', tier: 'professional' });
    expect(beacons()).toEqual([
      { name: 'pageview', path: '/shared/:token' },
      {
        name: 'upgrade_clicked',
        path: '/checklist/:id',
        props: { source: 'plan_card', tier: 'professional' },
      },
    ]);
    // A string body: the browser sends it as text/plain, which the route reads as JSON.
    expect(typeof sendBeacon.mock.calls[0]?.[1]).toBe('string');
  });

  it('counts a page once when the same path comes again (strict mode runs effects twice)', () => {
    trackPageView('/pricing');
    trackPageView('/pricing');
    trackPageView('/dashboard');
    expect(beacons().map((beacon) => beacon.path)).toEqual(['/pricing', '/dashboard']);
  });

  it('falls back to a keepalive fetch without sendBeacon, and never throws', () => {
    Reflect.deleteProperty(navigator, 'sendBeacon');
    expect(() => trackEvent('subscription_cancelled')).not.toThrow();
    expect(fetchMock).toHaveBeenCalledWith(
      ENDPOINT,
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );

    fetchMock.mockImplementation(() => {
      throw new TypeError('fetch is not allowed here');
    });
    expect(() => trackEvent('subscription_cancelled')).not.toThrow();
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(() => trackEvent('subscription_cancelled')).not.toThrow();
  });

  it('sends nothing while offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    trackPageView('/offline-page');
    trackEvent('upgrade_clicked');
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('<PageViews />', () => {
  it('sends a page view for the first route and for each route change after it', async () => {
    const { hook, navigate } = memoryLocation({ path: '/shared/ZyXwVu9876543210abcd' });
    render(
      <Router hook={hook}>
        <PageViews />
      </Router>,
    );
    await waitFor(() => expect(beacons()).toEqual([{ name: 'pageview', path: '/shared/:token' }]));
    act(() => navigate('/sms-consent'));
    await waitFor(() => expect(beacons()).toHaveLength(2));
    expect(beacons()[1]).toEqual({ name: 'pageview', path: '/sms-consent' });
  });
});
