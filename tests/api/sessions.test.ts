import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '#server/db/schema/index';
import { hashSecret } from '#server/ids';
import { closeSession, deleteExpiredSessions, openSession, resolveSession } from '#server/services/sessions';
import {
  currentUser,
  sessionCookieFrom,
  setupTestApp,
  signIn,
  TEST_PUBLIC_URL,
  uniqueEmail,
} from '#tests/support/test-app';

const t = setupTestApp();

const secretOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

async function sessionRowCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(sessions);
  return row?.n ?? 0;
}

describe('GET /api/auth/me', () => {
  it('answers {user: null} without a session, and is never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers {user: null} for a cookie that names no session', async () => {
    expect(await currentUser(t.app, 'listsync_session=not-a-real-session')).toBeNull();
  });

  it('answers the user after a dev login, with the normalised e-mail and the display name', async () => {
    const email = uniqueEmail('ada');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { email: `  ${email.toUpperCase()} `, displayName: '  Ada Lovelace ' },
    });
    expect(login.statusCode).toBe(200);
    const { user } = login.json();
    expect(user).toEqual({
      uid: expect.stringMatching(/^user_/),
      email,
      displayName: 'Ada Lovelace',
      language: 'en',
      // Local sign-in has no provider picture: the header shows the initials.
      avatarUrl: null,
    });

    expect(await currentUser(t.app, sessionCookieFrom(login))).toEqual(user);
  });

  it('signs the same person in as the same user every time', async () => {
    const email = uniqueEmail('same');
    const first = await signIn(t.app, email, 'First Name');
    const second = await signIn(t.app, email, 'Second Name');
    expect(second.user.uid).toBe(first.user.uid);
    expect(second.user.displayName).toBe('Second Name');
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/dev/login input', () => {
  it('refuses a bad e-mail with 400 validation_failed and sets no cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { email: 'not-an-address', displayName: 'X' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'Please enter a valid email address.',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a display name over 100 characters', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { email: uniqueEmail(), displayName: 'x'.repeat(101) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'Display name must be at most 100 characters',
    });
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, not Secure on http, and carries a long random id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { email: uniqueEmail(), displayName: '' },
    });
    const cookie = response.cookies.find((c) => c.name === 'listsync_session');
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.maxAge).toBe(t.config.session.maxMs / 1000);
    // 256 random bits, base64url: 43 characters.
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const raw = String(response.headers['set-cookie']);
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    expect(raw).not.toMatch(/Secure/);
  });

  it('stores only a hash of the cookie value in the database', async () => {
    const { cookie } = await signIn(t.app, uniqueEmail());
    const secret = secretOf(cookie);
    const byValue = await t.db.select().from(sessions).where(eq(sessions.idHash, secret));
    expect(byValue).toHaveLength(0);
    const byHash = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashSecret(secret)));
    expect(byHash).toHaveLength(1);
  });

  it('is Secure and __Host- prefixed when the public URL is https', async () => {
    const { app } = await t.buildApp({ env: { PUBLIC_URL: 'https://listsync.example' } });
    const response = await app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { email: uniqueEmail(), displayName: '' },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === '__Host-listsync_session');
    expect(cookie?.secure).toBe(true);
    expect(cookie?.path).toBe('/');
    expect(cookie?.httpOnly).toBe(true);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });
});

describe('sign-out', () => {
  it('ends the server session: the old cookie no longer works even when replayed', async () => {
    const { cookie, user } = await signIn(t.app, uniqueEmail('bye'), 'Bye');
    expect(await currentUser(t.app, cookie)).toEqual(user);
    const before = await sessionRowCount();

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: TEST_PUBLIC_URL },
    });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === 'listsync_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');

    expect(await sessionRowCount()).toBe(before - 1);
    expect(await currentUser(t.app, cookie)).toBeNull();
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { cookie },
      payload: { userId: user.uid },
    });
    expect(register.statusCode).toBe(401);
    expect(register.json().error.code).toBe('unauthenticated');
  });

  it('without a session answers 204 and changes nothing', async () => {
    const before = await sessionRowCount();
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(204);
    expect(await sessionRowCount()).toBe(before);
  });

  it('ends only its own session: the same user signed in elsewhere stays signed in', async () => {
    const email = uniqueEmail('two-devices');
    const laptop = await signIn(t.app, email);
    const phone = await signIn(t.app, email);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: laptop.cookie } });
    expect(await currentUser(t.app, laptop.cookie)).toBeNull();
    expect((await currentUser(t.app, phone.cookie))?.email).toBe(email);
  });
});

describe('session rotation', () => {
  it('a sign-in while holding a cookie issues a new id and kills the old one', async () => {
    const first = await signIn(t.app, uniqueEmail('rot'));
    const second = await signIn(t.app, uniqueEmail('rot2'), '', first.cookie);
    expect(second.cookie).not.toBe(first.cookie);
    expect(await currentUser(t.app, first.cookie)).toBeNull();
    expect((await currentUser(t.app, second.cookie))?.uid).toBe(second.user.uid);
  });

  it('a planted cookie never becomes an authenticated one', async () => {
    const planted = 'listsync_session=planted-by-an-attacker';
    const { cookie } = await signIn(t.app, uniqueEmail('victim'), '', planted);
    expect(cookie).not.toBe(planted);
    expect(await currentUser(t.app, planted)).toBeNull();
  });
});

describe('session expiry (service functions with an injected clock)', () => {
  const minute = 60_000;
  const policy = { idleMs: 60 * minute, maxMs: 180 * minute };
  const t0 = new Date('2030-01-01T00:00:00Z');
  const at = (minutes: number) => new Date(t0.getTime() + minutes * minute);

  async function newUserId(): Promise<string> {
    const { user } = await signIn(t.app, uniqueEmail('clock'));
    return user.uid;
  }

  it('a session unused for longer than the idle time is gone', async () => {
    const userId = await newUserId();
    const idle = await openSession(t.db, userId, policy, 'ua', t0);
    expect(idle.expiresAt).toEqual(at(60));
    expect(await resolveSession(t.db, idle.secret, policy, at(61))).toBeNull();
    // The same session used just before the idle limit is still alive.
    const used = await openSession(t.db, userId, policy, 'ua', t0);
    expect(await resolveSession(t.db, used.secret, policy, at(59))).not.toBeNull();
  });

  it('use slides the idle expiry forward', async () => {
    const { secret } = await openSession(t.db, await newUserId(), policy, 'ua', t0);
    const touched = await resolveSession(t.db, secret, policy, at(50));
    expect(touched?.expiresAt).toEqual(at(110));
    expect(await resolveSession(t.db, secret, policy, at(100))).not.toBeNull();
    expect(await resolveSession(t.db, secret, policy, at(171))).toBeNull();
  });

  it('reads within a minute of the last write do not move the expiry', async () => {
    const { secret } = await openSession(t.db, await newUserId(), policy, 'ua', t0);
    const soon = await resolveSession(t.db, secret, policy, new Date(t0.getTime() + 30_000));
    expect(soon?.expiresAt).toEqual(at(60));
  });

  it('even a session in constant use ends at the absolute maximum after its creation', async () => {
    const { secret } = await openSession(t.db, await newUserId(), policy, 'ua', t0);
    for (let minutes = 50; minutes < 180; minutes += 50) {
      const session = await resolveSession(t.db, secret, policy, at(minutes));
      expect(session, `at ${minutes} min`).not.toBeNull();
      expect(session?.expiresAt.getTime()).toBeLessThanOrEqual(at(180).getTime());
    }
    expect(await resolveSession(t.db, secret, policy, at(179))).not.toBeNull();
    expect(await resolveSession(t.db, secret, policy, at(180))).toBeNull();
    expect(await resolveSession(t.db, secret, policy, at(181))).toBeNull();
  });

  it('a session cut short by an idle time longer than the maximum still ends at the maximum', async () => {
    const short = { idleMs: 120 * minute, maxMs: 90 * minute };
    const { secret, expiresAt } = await openSession(t.db, await newUserId(), short, 'ua', t0);
    expect(expiresAt).toEqual(at(90));
    expect(await resolveSession(t.db, secret, short, at(91))).toBeNull();
  });

  it('a closed session is gone at once', async () => {
    const { secret } = await openSession(t.db, await newUserId(), policy, 'ua', t0);
    await closeSession(t.db, secret);
    expect(await resolveSession(t.db, secret, policy, at(1))).toBeNull();
  });

  it('the sweep deletes expired sessions and keeps live ones', async () => {
    const userId = await newUserId();
    const old = await openSession(t.db, userId, policy, 'ua', at(-120));
    const live = await openSession(t.db, userId, policy, 'ua', t0);
    await deleteExpiredSessions(t.db, at(1));
    const remaining = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(remaining.map((row) => row.idHash)).toEqual([hashSecret(live.secret)]);
    expect(remaining.map((row) => row.idHash)).not.toContain(hashSecret(old.secret));
  });

  it('over HTTP, a session whose expiry has passed answers as signed out', async () => {
    const { cookie } = await signIn(t.app, uniqueEmail('expired'));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hashSecret(secretOf(cookie))));
    expect(await currentUser(t.app, cookie)).toBeNull();
  });
});
