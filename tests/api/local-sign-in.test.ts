import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAccounts } from '#server/db/schema/index';
import { Browser, type BrowserResponse, popupData } from '#tests/support/browser';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { buildTestApp, currentUser, freePort, type TestApp } from '#tests/support/test-app';

/**
 * Local mode's sign-in, end to end over real HTTP: the app signs in against its own embedded OpenID
 * provider at /oidc, whose login step is the account chooser. The app fetches its own discovery
 * document, so it listens on a real port and PUBLIC_URL names it.
 */

let database: TestDatabase;
let t: TestApp;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  database = await createTestDatabase();
  t = await buildTestApp(database, { env: { PUBLIC_URL: origin } });
  await t.app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.app.close();
  await database?.destroy();
});

/** GET /api/auth/login and follow the redirects to the account chooser. */
async function openChooser(browser: Browser) {
  const login = await browser.request(`${origin}/api/auth/login`);
  expect(login.status).toBe(302);
  const authorizationUrl = login.location;
  expect(authorizationUrl?.href.startsWith(`${origin}/oidc/auth?`)).toBe(true);
  expect(authorizationUrl?.searchParams.get('prompt')).toBe('select_account');
  expect(authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
  const trip = await browser.follow(authorizationUrl as URL);
  const chooser = trip.response as BrowserResponse;
  expect(chooser.status).toBe(200);
  expect(chooser.url.pathname).toMatch(/^\/oidc\/interaction\/[^/]+$/);
  const action = /<form method="post" action="([^"]+)">\s*<label for="email">/.exec(chooser.body)?.[1];
  if (!action) throw new Error(`no chooser form in:\n${chooser.body}`);
  return { chooser, action: new URL(action.replaceAll('&amp;', '&'), origin) };
}

/** Submits the chooser form and follows the provider back to the app's callback. */
async function choose(browser: Browser, action: URL, form: Record<string, string>) {
  const submitted = await browser.request(action, { method: 'POST', form });
  if (!submitted.location) return { submitted, callback: null };
  const trip = await browser.follow(submitted.location);
  return { submitted, callback: trip.response as BrowserResponse, visited: trip.visited };
}

const meUrl = () => new URL(`${origin}/api/auth/me`);

describe('local mode sign-in through the embedded OpenID provider', () => {
  it('the embedded provider publishes its discovery document under /oidc', async () => {
    const response = await fetch(`${origin}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = await response.json();
    expect(discovery.issuer).toBe(`${origin}/oidc`);
    expect(discovery.code_challenge_methods_supported).toContain('S256');
  });

  it('shows the account chooser, and signs in the account entered there', async () => {
    const browser = new Browser();
    const { chooser, action } = await openChooser(browser);
    expect(chooser.headers['content-type']).toMatch(/^text\/html/);
    expect(chooser.headers['cache-control']).toBe('no-store');
    expect(chooser.body).toContain('<h1>Choose an account</h1>');
    expect(chooser.body).toContain('Local mode');
    expect(chooser.headers['content-security-policy']).toContain("form-action 'self'");
    expect(action.origin).toBe(origin);

    const { callback, visited } = await choose(browser, action, {
      email: ' Grace@Example.com ',
      displayName: 'Grace Hopper',
    });
    expect(visited?.at(-1)?.pathname).toBe('/api/auth/callback');
    expect(callback?.status).toBe(200);
    expect(popupData(callback?.body ?? '')).toEqual({ ok: true });
    expect(callback?.setCookies.some((c) => c.startsWith('listsync_session='))).toBe(true);

    expect(await currentUser(t.app, browser.jar.header(meUrl()))).toEqual({
      uid: expect.stringMatching(/^user_/),
      email: 'grace@example.com',
      displayName: 'Grace Hopper',
      language: 'en',
      avatarUrl: null,
    });
    const [account] = await t.db
      .select()
      .from(localAccounts)
      .where(eq(localAccounts.email, 'grace@example.com'));
    expect(account?.displayName).toBe('Grace Hopper');
  });

  it('offers accounts used before, and picking one signs in as the same user as POST /api/dev/login', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { email: 'linus@example.com', displayName: 'Linus' },
    });
    const devUser = login.json().user;

    const browser = new Browser();
    const { chooser, action } = await openChooser(browser);
    expect(chooser.body).toContain('aria-label="Accounts used on this machine"');
    expect(chooser.body).toContain('linus@example.com');

    const { callback } = await choose(browser, action, { email: 'linus@example.com', displayName: 'Linus' });
    expect(callback?.status).toBe(200);
    expect(await currentUser(t.app, browser.jar.header(meUrl()))).toEqual(devUser);
  });

  it('a bad e-mail in the chooser answers 400 with the message, and signs nobody in', async () => {
    const browser = new Browser();
    const { action } = await openChooser(browser);
    const { submitted, callback } = await choose(browser, action, {
      email: 'not-an-email',
      displayName: 'X',
    });
    expect(callback).toBeNull();
    expect(submitted.status).toBe(400);
    expect(submitted.body).toContain(
      '<div class="error" role="alert">Please enter a valid email address.</div>',
    );
    expect(await currentUser(t.app, browser.jar.header(meUrl()))).toBeNull();

    // The same chooser still works after the mistake.
    const retry = await choose(browser, action, { email: 'fixed@example.com', displayName: '' });
    expect(retry.callback?.status).toBe(200);
    expect((await currentUser(t.app, browser.jar.header(meUrl())))?.email).toBe('fixed@example.com');
  });

  it('escapes what users typed when the chooser lists their accounts', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { email: 'xss@example.com', displayName: '<img src=x onerror=alert(1)>' },
    });
    const { chooser } = await openChooser(new Browser());
    expect(chooser.body).not.toContain('<img src=x');
    expect(chooser.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('a chooser interaction that does not exist is refused without signing anyone in', async () => {
    const browser = new Browser();
    const response = await browser.request(`${origin}/oidc/interaction/does-not-exist/login`, {
      method: 'POST',
      form: { email: 'ghost@example.com', displayName: 'Ghost' },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await currentUser(t.app, browser.jar.header(meUrl()))).toBeNull();
  });
});
