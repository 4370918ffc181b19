import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authFlows, sessions, users } from '#server/db/schema/index';
import { hashSecret } from '#server/ids';
import { Browser, type BrowserResponse, popupData } from '#tests/support/browser';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { startTestProvider, type TestAccount, type TestProvider } from '#tests/support/oidc-provider';
import { buildTestApp, currentUser, TEST_PUBLIC_URL, type TestApp } from '#tests/support/test-app';

/**
 * The real OpenID Connect path: the app (configured with OIDC_ISSUER/CLIENT_ID/SECRET) against a
 * real OpenID provider on 127.0.0.1, driven like a browser would: login -> provider -> callback.
 */

const REDIRECT_URI = `${TEST_PUBLIC_URL}/api/auth/callback`;
const FLOW_COOKIE = 'listsync_auth_flow';

let database: TestDatabase;
let provider: TestProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startTestProvider({ redirectUri: REDIRECT_URI });
  database = await createTestDatabase();
  t = await buildTestApp(database, {
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    },
  });
});

afterAll(async () => {
  await t?.app.close();
  await database?.destroy();
  await provider?.close();
});

let accountCounter = 0;
function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  accountCounter += 1;
  return {
    sub: `subject-${accountCounter}-${Date.now()}`,
    email: `person${accountCounter}.${Date.now()}@idp.example`,
    emailVerified: true,
    name: `Person Number${accountCounter}`,
    ...overrides,
  };
}

beforeEach(() => {
  provider.tokenRequests.length = 0;
});

afterEach(() => {
  expect(provider.serverErrors).toEqual([]);
});

function newBrowser(): Browser {
  return new Browser().bind(TEST_PUBLIC_URL, t.app);
}

async function sessionCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(sessions);
  return row?.n ?? 0;
}

/** Opens the popup's first URL and goes through the provider until it sends the browser back to us. */
async function startSignIn(browser: Browser, account: TestAccount | 'cancel') {
  provider.nextSignIn = account;
  const login = await browser.request(`${TEST_PUBLIC_URL}/api/auth/login`);
  expect(login.status).toBe(302);
  expect(login.headers['cache-control']).toBe('no-store');
  const authorizationUrl = login.location;
  if (!authorizationUrl) throw new Error('login did not redirect');
  const flowKey = browser.jar.get(FLOW_COOKIE);
  if (!flowKey) throw new Error('login set no flow cookie');

  const trip = await browser.follow(authorizationUrl, {
    stopBefore: (url) => url.href.startsWith(REDIRECT_URI),
  });
  if (!trip.next)
    throw new Error(`the provider did not come back: ${trip.response?.status} ${trip.response?.body}`);
  return { login, authorizationUrl, flowKey, callbackUrl: trip.next };
}

function expectRefusedPopup(response: BrowserResponse, code: string, message: string) {
  expect(response.status).toBe(400);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(popupData(response.body)).toEqual({ ok: false, code, message });
  expect(response.body).toContain('Sign-in failed');
  // No session cookie was set; the flow cookie is cleared.
  expect(response.setCookies.some((c) => /^listsync_session=[^;]+/.test(c))).toBe(false);
}

const NOT_VERIFIED = 'The sign-in could not be verified. Please try again.';
const EXPIRED = 'This sign-in expired or was started in another browser. Please sign in again.';

describe('OpenID Connect sign-in against a real provider', () => {
  it('login -> provider -> callback signs the user in with the provider e-mail and name', async () => {
    const browser = newBrowser();
    const account = newAccount({ email: 'Ada.Lovelace@IDP.example', name: 'Ada Lovelace' });
    const before = await sessionCount();
    const { login, authorizationUrl, callbackUrl } = await startSignIn(browser, account);

    // The authorization request: code flow with PKCE (S256), state, nonce and forced account selection.
    expect(authorizationUrl.origin).toBe(provider.issuer);
    const params = authorizationUrl.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(provider.clientId);
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get('prompt')).toBe('select_account');

    // The flow cookie: HttpOnly, SameSite=Lax, scoped to /api/auth, short-lived; its row holds the checks.
    const flowCookie = login.setCookies.find((c) => c.startsWith(`${FLOW_COOKIE}=`)) ?? '';
    expect(flowCookie).toMatch(/HttpOnly/);
    expect(flowCookie).toMatch(/SameSite=Lax/);
    expect(flowCookie).toMatch(/Path=\/api\/auth/);
    expect(flowCookie).toMatch(/Max-Age=600/);

    expect(callbackUrl.searchParams.get('code')).toBeTruthy();
    expect(callbackUrl.searchParams.get('state')).toBe(params.get('state'));

    const callback = await browser.request(callbackUrl);
    expect(callback.status).toBe(200);
    expect(callback.headers['content-type']).toMatch(/^text\/html/);
    expect(callback.headers['cache-control']).toBe('no-store');
    expect(popupData(callback.body)).toEqual({ ok: true });
    expect(callback.body).toContain('You are signed in');
    expect(callback.body).toContain('<script src="/api/auth/popup.js"></script>');
    const sessionCookie = callback.setCookies.find((c) => c.startsWith('listsync_session=')) ?? '';
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    expect(sessionCookie).toMatch(/Path=\//);
    expect(browser.jar.get(FLOW_COOKIE)).toBeUndefined();

    const me = await currentUser(t.app, browser.jar.header(new URL(`${TEST_PUBLIC_URL}/api/auth/me`)));
    expect(me).toEqual({
      uid: expect.stringMatching(/^user_/),
      email: 'ada.lovelace@idp.example',
      displayName: 'Ada Lovelace',
      language: 'en',
      avatarUrl: null,
    });
    expect(await sessionCount()).toBe(before + 1);
    expect(provider.tokenRequests).toEqual([{ ok: true }]);

    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, me?.uid ?? ''));
    expect(row).toMatchObject({
      oidcIssuer: provider.issuer,
      oidcSubject: account.sub,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('signing in again as the same provider account is the same user, with the name the provider says now', async () => {
    const account = newAccount({ name: 'Old Name' });
    const first = newBrowser();
    await first.request((await startSignIn(first, account)).callbackUrl);
    const firstUser = await currentUser(t.app, first.jar.header(new URL(`${TEST_PUBLIC_URL}/api/auth/me`)));

    const second = newBrowser();
    await second.request((await startSignIn(second, { ...account, name: 'New Name' })).callbackUrl);
    const secondUser = await currentUser(t.app, second.jar.header(new URL(`${TEST_PUBLIC_URL}/api/auth/me`)));
    expect(secondUser?.uid).toBe(firstUser?.uid);
    expect(secondUser?.displayName).toBe('New Name');
  });

  it('refuses to link an existing e-mail to another identity when the provider did not verify it', async () => {
    const owner = newAccount();
    const ownerBrowser = newBrowser();
    await ownerBrowser.request((await startSignIn(ownerBrowser, owner)).callbackUrl);

    const impostor = newBrowser();
    const before = await sessionCount();
    const { callbackUrl } = await startSignIn(
      impostor,
      newAccount({ email: owner.email, emailVerified: false }),
    );
    const callback = await impostor.request(callbackUrl);
    expectRefusedPopup(
      callback,
      'user-mismatch',
      'An account with this e-mail already exists, and the provider did not confirm you own the address.',
    );
    expect(await sessionCount()).toBe(before);
  });

  it('a user who cancels at the provider sees "Sign-in was cancelled." and gets no session', async () => {
    const browser = newBrowser();
    const before = await sessionCount();
    const { callbackUrl } = await startSignIn(browser, 'cancel');
    expect(callbackUrl.searchParams.get('error')).toBe('access_denied');
    const callback = await browser.request(callbackUrl);
    expectRefusedPopup(callback, 'cancelled-popup-request', 'Sign-in was cancelled.');
    expect(await sessionCount()).toBe(before);
  });

  it('POST /api/dev/login does not exist when a real provider is configured', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { email: 'dev@example.com', displayName: 'Dev' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('the embedded provider is not mounted when a real provider is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(404);
  });
});

describe('OpenID Connect refusals, each leaving no session', () => {
  async function expectNoSession(browser: Browser, sessionsBefore: number) {
    expect(
      await currentUser(t.app, browser.jar.header(new URL(`${TEST_PUBLIC_URL}/api/auth/me`))),
    ).toBeNull();
    expect(await sessionCount()).toBe(sessionsBefore);
  }

  it('a forged state is refused before any code is exchanged', async () => {
    const browser = newBrowser();
    const before = await sessionCount();
    const { callbackUrl } = await startSignIn(browser, newAccount());
    callbackUrl.searchParams.set('state', 'forged-by-an-attacker');
    const callback = await browser.request(callbackUrl);
    expectRefusedPopup(callback, 'user-mismatch', NOT_VERIFIED);
    expect(provider.tokenRequests).toEqual([]);
    await expectNoSession(browser, before);
  });

  it('a callback without state is refused', async () => {
    const browser = newBrowser();
    const before = await sessionCount();
    const { callbackUrl } = await startSignIn(browser, newAccount());
    callbackUrl.searchParams.delete('state');
    expectRefusedPopup(await browser.request(callbackUrl), 'user-mismatch', NOT_VERIFIED);
    expect(provider.tokenRequests).toEqual([]);
    await expectNoSession(browser, before);
  });

  it('a wrong nonce is refused: the ID token was issued for another sign-in', async () => {
    const browser = newBrowser();
    const before = await sessionCount();
    const { flowKey, callbackUrl } = await startSignIn(browser, newAccount());
    const tampered = await t.db
      .update(authFlows)
      .set({ nonce: 'a-nonce-this-sign-in-never-sent' })
      .where(eq(authFlows.idHash, hashSecret(flowKey)))
      .returning();
    expect(tampered).toHaveLength(1);

    const callback = await browser.request(callbackUrl);
    expectRefusedPopup(callback, 'user-mismatch', NOT_VERIFIED);
    // The code was exchanged, and the ID token it brought was then rejected.
    expect(provider.tokenRequests).toEqual([{ ok: true }]);
    await expectNoSession(browser, before);
  });

  it.each([
    ['a wrong PKCE verifier', 'x'.repeat(43)],
    ['a missing PKCE verifier', ''],
  ])('%s is refused by the provider at the token endpoint', async (_label, codeVerifier) => {
    const browser = newBrowser();
    const before = await sessionCount();
    const { flowKey, callbackUrl } = await startSignIn(browser, newAccount());
    await t.db
      .update(authFlows)
      .set({ codeVerifier })
      .where(eq(authFlows.idHash, hashSecret(flowKey)));

    const callback = await browser.request(callbackUrl);
    expectRefusedPopup(callback, 'user-mismatch', NOT_VERIFIED);
    expect(provider.tokenRequests).toHaveLength(1);
    expect(provider.tokenRequests[0]).toMatchObject({ ok: false, error: 'invalid_grant' });
    await expectNoSession(browser, before);
  });

  it('a replayed callback is refused: the flow is single use', async () => {
    const browser = newBrowser();
    const { flowKey, callbackUrl } = await startSignIn(browser, newAccount());
    const first = await browser.request(callbackUrl);
    expect(first.status).toBe(200);
    expect(
      await t.db
        .select()
        .from(authFlows)
        .where(eq(authFlows.idHash, hashSecret(flowKey))),
    ).toEqual([]);
    const before = await sessionCount();
    provider.tokenRequests.length = 0;

    // An attacker who captured the whole request (callback URL and flow cookie) replays it.
    const attacker = newBrowser();
    attacker.jar.store(new URL(`${TEST_PUBLIC_URL}/api/auth/login`), [
      `${FLOW_COOKIE}=${flowKey}; Path=/api/auth`,
    ]);
    const replay = await attacker.request(callbackUrl);
    expectRefusedPopup(replay, 'internal-error', EXPIRED);
    expect(provider.tokenRequests).toEqual([]);
    await expectNoSession(attacker, before);
  });

  it('a callback without the flow cookie (another browser) is refused', async () => {
    const browser = newBrowser();
    const { callbackUrl } = await startSignIn(browser, newAccount());
    const before = await sessionCount();
    const otherBrowser = newBrowser();
    const callback = await otherBrowser.request(callbackUrl);
    expectRefusedPopup(callback, 'internal-error', EXPIRED);
    expect(provider.tokenRequests).toEqual([]);
    await expectNoSession(otherBrowser, before);
  });

  it('a callback with an unknown flow cookie is refused', async () => {
    const browser = newBrowser();
    const { callbackUrl } = await startSignIn(browser, newAccount());
    const before = await sessionCount();
    const other = newBrowser();
    other.jar.store(new URL(`${TEST_PUBLIC_URL}/api/auth/login`), [`${FLOW_COOKIE}=made-up; Path=/api/auth`]);
    expectRefusedPopup(await other.request(callbackUrl), 'internal-error', EXPIRED);
    await expectNoSession(other, before);
  });

  it('an expired flow is refused', async () => {
    const browser = newBrowser();
    const before = await sessionCount();
    const { flowKey, callbackUrl } = await startSignIn(browser, newAccount());
    await t.db
      .update(authFlows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authFlows.idHash, hashSecret(flowKey)));
    expectRefusedPopup(await browser.request(callbackUrl), 'internal-error', EXPIRED);
    expect(provider.tokenRequests).toEqual([]);
    await expectNoSession(browser, before);
  });
});

describe('a provider that puts the e-mail and name in the ID token', () => {
  it('signs the user in from the ID token claims', async () => {
    const idTokenProvider = await startTestProvider({
      redirectUri: REDIRECT_URI,
      conformIdTokenClaims: false,
    });
    const other = await buildTestApp(database, {
      env: {
        OIDC_ISSUER: idTokenProvider.issuer,
        OIDC_CLIENT_ID: idTokenProvider.clientId,
        OIDC_CLIENT_SECRET: idTokenProvider.clientSecret,
      },
    });
    try {
      idTokenProvider.nextSignIn = newAccount({ email: 'claims@idp.example', name: 'Claire Claims' });
      const browser = new Browser().bind(TEST_PUBLIC_URL, other.app);
      const login = await browser.request(`${TEST_PUBLIC_URL}/api/auth/login`);
      const trip = await browser.follow(login.location as URL, {
        stopBefore: (url) => url.href.startsWith(REDIRECT_URI),
      });
      const callback = await browser.request(trip.next as URL);
      expect(callback.status).toBe(200);
      expect(popupData(callback.body)).toEqual({ ok: true });
      const me = await currentUser(other.app, browser.jar.header(new URL(`${TEST_PUBLIC_URL}/api/auth/me`)));
      expect(me).toMatchObject({ email: 'claims@idp.example', displayName: 'Claire Claims' });
      expect(idTokenProvider.serverErrors).toEqual([]);
    } finally {
      await other.app.close();
      await idTokenProvider.close();
    }
  });
});

describe('an unreachable provider', () => {
  it('answers the popup with a clear network message instead of failing silently', async () => {
    const closed = await startTestProvider({ redirectUri: REDIRECT_URI });
    await closed.close();
    const app = await buildTestApp(database, {
      env: { OIDC_ISSUER: closed.issuer, OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' },
    });
    try {
      const response = await app.app.inject({ method: 'GET', url: '/api/auth/login' });
      expect(response.statusCode).toBe(400);
      expect(popupData(response.body)).toEqual({
        ok: false,
        code: 'network-request-failed',
        message: 'The sign-in provider could not be reached. Check your connection and try again.',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    } finally {
      await app.app.close();
    }
  });
});
