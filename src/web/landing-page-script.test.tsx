import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { LANDING_NEXT_PAGE_ELEMENT_ID, LANDING_TEMPLATES } from '#domain/landing-page';
import { MAILING_LIST_SUCCESS } from '#domain/mailing-list';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { setLandingDrawnForScript } from './components/landing-templates.tsx';
import { ToastProvider } from './components/ui/toast.tsx';
import { AuthProvider } from './hooks/use-auth.tsx';
import { start } from './landing-page-script.ts';
import { prefetchNextPage } from './lib/prefetch-next-page.ts';
import LandingPage from './pages/landing.tsx';

/**
 * The landing page's own script (decision 0067) on the page as the prerender draws it for that script:
 * the app's components with their signed-in variants and the toast in templates, and no React running.
 */

const fetchMock = mockFetchEachTest();
let stop: () => void = () => undefined;

beforeAll(() => writePublicConfig({ localMode: true, siteName: 'ListSync' }));
afterEach(() => {
  stop();
  document.body.innerHTML = '';
  delete document.documentElement.dataset.landingRunning;
  // The banner's cookie (the page is drawn in this document, so a dismissal would hide the next one's).
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the one cookie a test set
  document.cookie = 'listsync_banner=; Max-Age=0; Path=/';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The landing page's #root as the prerender draws it (prerender.tsx sets the same flag). */
function drawnPage(forScript = true): string {
  setLandingDrawnForScript(forScript);
  try {
    return renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <AuthProvider>
            <Router ssrPath="/">
              <LandingPage />
            </Router>
          </AuthProvider>
        </ToastProvider>
      </QueryClientProvider>,
    );
  } finally {
    setLandingDrawnForScript(false);
  }
}

/** The page in the document and its script started, `me` the answer to GET /api/auth/me. */
async function open(me: Response | Error = jsonResponse(200, { user: null })) {
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/auth/me') {
      if (me instanceof Error) throw me;
      return me.clone();
    }
    return jsonResponse(404, {});
  });
  document.body.innerHTML = `<div id="root">${drawnPage()}</div>`;
  stop = start();
  await vi.waitFor(() => expect(document.documentElement.dataset.landingRunning).toBe(''));
}

const buttons = (name: string) =>
  [...document.querySelectorAll('button')].filter((button) => button.textContent?.trim() === name);
const header = () => document.querySelector('header') as HTMLElement;
const click = (element: Element | undefined) =>
  element?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
const NOTE = 'Free for up to 5 checklists. No card needed.';

describe('the landing page drawn for its own script', () => {
  it('carries the signed-in variants, the toast and the banner opened in templates', () => {
    const html = drawnPage();
    expect(html.match(/<template data-landing-swap="signed-in">/g)).toHaveLength(4);
    for (const name of LANDING_TEMPLATES) {
      expect(html).toContain(`<template data-landing-template="${name}">`);
    }
    expect(html).not.toMatch(/<script|<style| style="/);
  });

  it("draws none of them for the app's own landing page", () => {
    expect(drawnPage(false)).not.toContain('<template');
  });
});

describe("the landing page's script", () => {
  it('signed out, leaves the page as drawn and says it runs', async () => {
    await open();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/me',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    expect(buttons('Sign In')).toHaveLength(1);
    expect(buttons('Get Started')).toHaveLength(2);
    expect(document.body.textContent).toContain(NOTE);
  });

  it('signed in, shows the dashboard link with its icon and Go to Dashboard, without the note', async () => {
    await open(jsonResponse(200, { user: { uid: 'u1', email: 'a@example.com' } }));
    const link = header().querySelector('a[href="/dashboard"]');
    expect(link?.textContent).toBe('Dashboard');
    expect(link?.querySelector('svg')).not.toBeNull();
    expect(buttons('Sign In')).toHaveLength(0);
    expect(buttons('Go to Dashboard')).toHaveLength(2);
    expect(document.body.textContent).not.toContain(NOTE);
    expect(document.querySelectorAll('template[data-landing-swap]')).toHaveLength(0);
  });

  it('stays signed out when the server cannot be asked, and still runs', async () => {
    await open(new TypeError('Failed to fetch'));
    expect(buttons('Sign In')).toHaveLength(1);
    await open(jsonResponse(500, { error: { code: 'internal', message: 'x' } }));
    expect(buttons('Get Started')).toHaveLength(2);
  });

  it('a blocked popup shows the destructive toast, and the buttons come back', async () => {
    vi.stubGlobal('open', () => null);
    await open();
    click(buttons('Get Started')[0]);
    const toast = await vi.waitFor(() => {
      const shown = document.querySelector('[data-testid="toast"]');
      expect(shown).not.toBeNull();
      return shown as HTMLElement;
    });
    expect(toast.getAttribute('role')).toBe('status');
    expect(toast.textContent).toBe(
      'Sign-in failed Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.',
    );
    expect(toast.className).toContain('bg-red-600');
    expect(buttons('Get Started').every((button) => !button.disabled)).toBe(true);
    // Its close button, or Escape, takes it away.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(document.querySelector('[data-testid="toast"]')).toBeNull();
  });

  it('while the popup is open every sign-in button is busy; a success from the header shows the signed-in page', async () => {
    const popup = { closed: false, focus: vi.fn() };
    const opened = vi.fn(() => popup);
    vi.stubGlobal('open', opened);
    await open();
    click(buttons('Sign In')[0]);
    expect(opened).toHaveBeenCalledWith(
      '/api/auth/login',
      'listsync-sign-in',
      expect.stringContaining('width=500'),
    );
    const busy = buttons('Signing in...');
    expect(busy).toHaveLength(3);
    expect(busy.every((button) => button.disabled && button.getAttribute('aria-busy') === 'true')).toBe(true);
    // The header's icon stays; the calls to action lose their arrow, as in the app.
    expect(busy.map((button) => button.querySelectorAll('svg').length).sort()).toEqual([0, 0, 1]);
    // A second press while signing in opens nothing more.
    click(busy[1]);
    expect(opened).toHaveBeenCalledTimes(1);
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { type: 'listsync:auth', ok: true, code: null, message: null },
      }),
    );
    await vi.waitFor(() => expect(buttons('Go to Dashboard')).toHaveLength(2));
    expect(header().querySelector('a[href="/dashboard"]')).not.toBeNull();
  });

  it("a popup's failure message is the toast's words; a message from another origin is not heard", async () => {
    vi.stubGlobal('open', () => ({ closed: false, focus: vi.fn() }));
    await open();
    click(buttons('Sign In')[0]);
    const failed = {
      type: 'listsync:auth',
      ok: false,
      code: 'user-mismatch',
      message: 'Refused by the provider.',
    };
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: failed }));
    expect(document.querySelector('[data-testid="toast"]')).toBeNull();
    window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: failed }));
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="toast"]')?.textContent).toBe(
        'Sign-in failed Refused by the provider.',
      ),
    );
    expect(buttons('Sign In')).toHaveLength(1);
  });
});

describe('the development banner without React', () => {
  it('Dismiss removes it and remembers it in the cookie the server reads', async () => {
    await open();
    click(document.querySelector('button[aria-label="Dismiss"]') ?? undefined);
    expect(document.querySelector('[data-testid="development-banner"]')).toBeNull();
    expect(document.cookie).toContain('listsync_banner=dismissed');
  });

  it('Sign up opens the form; the mailing list refuses a blank or malformed address, then signs up', async () => {
    await open();
    click(buttons('Sign up')[0]);
    const field = document.querySelector<HTMLInputElement>(
      '[data-testid="development-banner"] input[type="email"]',
    );
    expect(field?.closest('.hidden')).toBeNull();
    expect(document.activeElement).toBe(field);
    expect(buttons('Sign up')).toHaveLength(0);
    const form = field?.form as HTMLFormElement;
    const submit = () => form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    const alert = () => form.querySelector('[role="alert"]')?.textContent;

    submit();
    expect(alert()).toBe('Please enter your email address.');
    expect(field?.getAttribute('aria-invalid')).toBe('true');
    (field as HTMLInputElement).value = 'not-an-email';
    field?.dispatchEvent(new Event('input', { bubbles: true }));
    expect(alert()).toBeUndefined();
    submit();
    expect(alert()).toBe('Please enter a valid email address.');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/mailing-list/subscribe', expect.anything());

    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        error: { code: 'validation_failed', message: 'That address cannot receive mail.' },
      }),
    );
    (field as HTMLInputElement).value = ' Pat@Example.com ';
    submit();
    await vi.waitFor(() => expect(alert()).toBe('That address cannot receive mail.'));

    fetchMock.mockResolvedValueOnce(jsonResponse(503, {}));
    submit();
    await vi.waitFor(() => expect(alert()).toBe('Could not sign you up right now. Please try again later.'));
    expect(field?.hasAttribute('aria-invalid')).toBe(false);

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    submit();
    await vi.waitFor(() =>
      expect(
        document.querySelector('[data-testid="development-banner"] [role="status"]')?.textContent,
      ).toContain(MAILING_LIST_SUCCESS),
    );
    const [, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'pat@example.com' });
  });
});

describe("the dashboard's files", () => {
  it('are prefetched from the block the server lists; a malformed block fetches nothing', () => {
    for (const link of document.head.querySelectorAll('link[rel="prefetch"]')) link.remove();
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = LANDING_NEXT_PAGE_ELEMENT_ID;
    block.textContent = '["/assets/index-a.js", 3, "/assets/dashboard-b.js"]';
    document.body.append(block);
    prefetchNextPage(LANDING_NEXT_PAGE_ELEMENT_ID);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    expect(links.map((link) => [link.getAttribute('href'), link.as, link.crossOrigin])).toEqual([
      ['/assets/index-a.js', 'script', 'anonymous'],
      ['/assets/dashboard-b.js', 'script', 'anonymous'],
    ]);
    for (const link of links) link.remove();
    block.textContent = '{not json';
    prefetchNextPage(LANDING_NEXT_PAGE_ELEMENT_ID);
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
  });
});
