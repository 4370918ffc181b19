import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailingListSubscribers, users } from '#server/db/schema/index';
import {
  currentUser,
  setupTestApp,
  signIn,
  TEST_PUBLIC_URL,
  uniqueEmail,
  uniqueIp,
} from '#tests/support/test-app';

const t = setupTestApp();

async function userRow(uid: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, uid));
  return row;
}

describe('POST /api/user/register', () => {
  it("records the session's own user and answers the user", async () => {
    const email = uniqueEmail('reg');
    const { cookie, user } = await signIn(t.app, email, 'Grace Hopper');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { cookie, origin: TEST_PUBLIC_URL },
      payload: {
        userId: user.uid,
        email,
        firstName: ' Grace ',
        lastName: 'Brewster Hopper',
        profileImageUrl: 'https://images.example.com/grace.png',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user });
    const row = await userRow(user.uid);
    // The picture is the sign-in provider's alone (issue 18): the client's address is checked, not kept.
    expect(row).toMatchObject({
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      profileImageUrl: null,
      email,
    });
  });

  it("never erases the provider's picture: the client's null (sent on every sign-in) leaves it", async () => {
    const { cookie, user } = await signIn(t.app, uniqueEmail('picture'), 'Ada Lovelace');
    const picture = 'https://pictures.example.com/ada.png';
    await t.db.update(users).set({ profileImageUrl: picture }).where(eq(users.id, user.uid));
    for (const profileImageUrl of [null, '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        headers: { cookie },
        payload: { userId: user.uid, firstName: 'Ada', lastName: 'Lovelace', profileImageUrl },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.avatarUrl).toMatch(/^\/api\/user\/avatar\?v=[0-9a-f]{12}$/);
    }
    expect((await userRow(user.uid))?.profileImageUrl).toBe(picture);
  });

  it('keeps the verified e-mail: a different e-mail in the body does not change the account', async () => {
    const email = uniqueEmail('keep');
    const { cookie, user } = await signIn(t.app, email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { cookie },
      payload: { userId: user.uid, email: 'someone-else@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect((await userRow(user.uid))?.email).toBe(email);
    expect(await currentUser(t.app, cookie)).toEqual(user);
  });

  it("refuses another user's id with 403 forbidden and changes nothing", async () => {
    const victim = await signIn(t.app, uniqueEmail('victim'), 'Victim Person');
    const before = await userRow(victim.user.uid);
    const attacker = await signIn(t.app, uniqueEmail('attacker'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { cookie: attacker.cookie },
      payload: {
        userId: victim.user.uid,
        firstName: 'Hacked',
        profileImageUrl: 'https://evil.example/x.png',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'forbidden', message: 'You can only register your own account.' },
    });
    expect(await userRow(victim.user.uid)).toEqual(before);
  });

  it('refuses a request without a session with 401 unauthenticated', async () => {
    const { user } = await signIn(t.app, uniqueEmail('nosession'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { userId: user.uid, firstName: 'Nobody' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Please sign in to continue.' },
    });
    expect((await userRow(user.uid))?.firstName).toBe('');
  });

  it.each([
    ['no userId', {}, 'userId'],
    ['an empty userId', { userId: '' }, 'userId'],
    ['a userId that is not a string', { userId: 42 }, 'userId'],
    ['a bad e-mail', { userId: 'x', email: 'nope' }, 'email'],
    [
      'a javascript: profile image',
      { userId: 'x', profileImageUrl: 'javascript:alert(1)' },
      'profileImageUrl',
    ],
    [
      'a plain-http profile image',
      { userId: 'x', profileImageUrl: 'http://images.example.com/x.png' },
      'profileImageUrl',
    ],
    ['a first name over 100 characters', { userId: 'x', firstName: 'x'.repeat(101) }, 'firstName'],
  ])('refuses %s with 400 validation_failed naming the field', async (_label, payload, field) => {
    const { cookie } = await signIn(t.app, uniqueEmail('badbody'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { cookie },
      payload,
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(typeof error.message).toBe('string');
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('answers the message of the rule for an empty userId', async () => {
    const { cookie } = await signIn(t.app, uniqueEmail('emptyid'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { cookie },
      payload: { userId: '' },
    });
    expect(response.json().error.message).toBe('userId is required');
  });
});

describe('CSRF: cookie-carrying state changes accept only same-origin requests', () => {
  const subscribe = (headers: Record<string, string>, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mailing-list/subscribe',
      headers,
      payload: { email },
      remoteAddress: uniqueIp(),
    });

  async function subscriberCount(email: string): Promise<number> {
    const [row] = await t.db
      .select({ n: count() })
      .from(mailingListSubscribers)
      .where(eq(mailingListSubscribers.email, email));
    return row?.n ?? 0;
  }

  it.each([
    ['Origin: https://evil.example', { origin: 'https://evil.example' }],
    ['Origin: null (sandboxed frame)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    [
      'Sec-Fetch-Site: cross-site with a same-origin Origin',
      { 'sec-fetch-site': 'cross-site', origin: TEST_PUBLIC_URL },
    ],
    ['an Origin on another port', { origin: 'http://127.0.0.1:6000' }],
  ])('%s gets 403 cross_site_request and changes nothing', async (_label, headers) => {
    const email = uniqueEmail('csrf');
    const response = await subscribe(headers, email);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'cross_site_request', message: 'This request came from another site and was refused.' },
    });
    expect(await subscriberCount(email)).toBe(0);
  });

  it.each([
    ['Origin: the public URL', { origin: TEST_PUBLIC_URL }],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: TEST_PUBLIC_URL }],
    ['Sec-Fetch-Site: none (typed in the address bar)', { 'sec-fetch-site': 'none' }],
    ['no browser headers at all', {}],
  ])('%s passes', async (_label, headers) => {
    const email = uniqueEmail('csrf-ok');
    const response = await subscribe(headers, email);
    expect(response.statusCode).toBe(200);
    expect(await subscriberCount(email)).toBe(1);
  });

  it.each(['/%61pi/mailing-list/subscribe', '/%61%70%69/mailing-list/subscribe'])(
    'a percent-encoded spelling of the path (%s) is guarded too',
    async (url) => {
      const email = uniqueEmail('csrf-encoded');
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example' },
        payload: { email },
        remoteAddress: uniqueIp(),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('cross_site_request');
      expect(await subscriberCount(email)).toBe(0);
    },
  );

  it('a cross-site POST outside /api (the local account chooser) is refused too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oidc/interaction/some-interaction/login',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=victim%40example.com&displayName=Victim',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('cross_site_request');
  });

  it('a cross-site sign-out does not end the session', async () => {
    const { cookie, user } = await signIn(t.app, uniqueEmail('csrf-logout'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('cross_site_request');
    expect(await currentUser(t.app, cookie)).toEqual(user);
  });

  it("a cross-site registration with the victim's cookie changes nothing", async () => {
    const { cookie, user } = await signIn(t.app, uniqueEmail('csrf-reg'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { userId: user.uid, firstName: 'Forged' },
    });
    expect(response.statusCode).toBe(403);
    expect((await userRow(user.uid))?.firstName).toBe('');
  });

  it('a cross-site dev login signs nobody in and sets no cookie', async () => {
    const email = uniqueEmail('csrf-login');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      headers: { origin: 'https://evil.example' },
      payload: { email, displayName: 'Forced' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('reads (GET) are not blocked by a cross-site Origin', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
