import { describe, expect, it } from 'vitest';
import { isTrustedLocalHost, parseHostHeader } from '#server/http/plugins/local-only';
import { setupTestApp, signIn, uniqueEmail } from '#tests/support/test-app';

/**
 * Local mode's sign-in-as-anyone and outbox of live codes answer only a request whose Host is this
 * machine (or PUBLIC_URL's): a page on evil.example that re-points its name at 127.0.0.1 (DNS
 * rebinding) reaches the port but says `Host: evil.example`, and is refused (decision 0019).
 */

const t = setupTestApp();

const FOREIGN_HOSTS = [
  'evil.example',
  'evil.example:5000',
  '192.168.1.20:5000',
  '10.0.0.5',
  'localhost.evil.example',
  '127.0.0.1.nip.io:5000',
  'evil.example:5000@localhost',
  '[::1].evil.example',
];

const LOCAL_ROUTES = [
  { method: 'POST', url: '/api/dev/login', payload: { email: 'victim@example.com', displayName: 'V' } },
  { method: 'GET', url: '/api/dev/outbox' },
  { method: 'GET', url: '/api/dev/analytics' },
  { method: 'GET', url: '/oidc/.well-known/openid-configuration' },
  { method: 'GET', url: '/oidc/jwks' },
  // The router decodes percent-escapes before it matches: the guard judges the route, not the text.
  { method: 'GET', url: '/%61pi/dev/outbox' },
] as const;

describe('local-only routes under a foreign Host', () => {
  it.each(
    LOCAL_ROUTES.flatMap((route) =>
      FOREIGN_HOSTS.map((host) => [route.method, route.url, host, route] as const),
    ),
  )('%s %s with Host %j answers 403 forbidden and nothing else', async (_m, _u, host, route) => {
    const response = await t.app.inject({
      method: route.method,
      url: route.url,
      headers: { host },
      ...('payload' in route ? { payload: route.payload } : {}),
    });
    expect(response.statusCode).toBe(403);
    const body = response.json();
    expect(body.error.code).toBe('forbidden');
    expect(body.error.message).toContain('only at this computer’s own address (localhost) or PUBLIC_URL');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('a rebinding page cannot read live codes: the outbox answers nothing under its Host', async () => {
    const owner = await signIn(t.app, uniqueEmail('owner'));
    expect(owner.cookie).toBeTruthy();
    const local = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      headers: { host: 'localhost:5000' },
    });
    expect(local.statusCode).toBe(200);
    const rebound = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      headers: { host: 'evil.example:5000' },
    });
    expect(rebound.statusCode).toBe(403);
    expect(rebound.body).not.toContain('messages');
  });

  it('other routes answer whatever the Host (only local mode’s dangerous ones are guarded)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { host: 'evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('local-only routes under a loopback Host or PUBLIC_URL’s', () => {
  it.each([
    'localhost',
    'localhost:5000',
    'LOCALHOST:80',
    '127.0.0.1',
    '127.0.0.1:5173',
    '[::1]',
    '[::1]:5000',
  ])('POST /api/dev/login with Host %s signs in', async (host) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      headers: { host },
      payload: { email: uniqueEmail('local'), displayName: 'Local' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('PUBLIC_URL’s host (its port too) is accepted; another port of that name is not', async () => {
    const { app } = await t.buildApp({ env: { PUBLIC_URL: 'http://laptop.lan:8080' } });
    const login = (host: string) =>
      app.inject({
        method: 'POST',
        url: '/api/dev/login',
        headers: { host },
        payload: { email: uniqueEmail('lan'), displayName: 'Lan' },
      });
    expect((await login('laptop.lan:8080')).statusCode).toBe(200);
    expect((await login('Laptop.LAN:8080')).statusCode).toBe(200);
    expect((await login('laptop.lan:9090')).statusCode).toBe(403);
    expect((await login('laptop.lan')).statusCode).toBe(403);
  });
});

describe('parseHostHeader and isTrustedLocalHost', () => {
  const publicUrl = new URL('https://lists.example.com');
  it('reads names, IPv4 and bracketed IPv6 with and without a port, and nothing else', () => {
    expect(parseHostHeader('LocalHost:5000')).toEqual({ hostname: 'localhost', port: '5000' });
    expect(parseHostHeader('[::1]:5000')).toEqual({ hostname: '::1', port: '5000' });
    expect(parseHostHeader('localhost.')).toEqual({ hostname: 'localhost', port: '' });
    for (const bad of [undefined, '', 'a b', 'evil.example@localhost', '::1', 'localhost:5000:1', 'x/y']) {
      expect(parseHostHeader(bad)).toBeNull();
    }
  });
  it('takes the default port of PUBLIC_URL’s scheme as the same host', () => {
    expect(isTrustedLocalHost('lists.example.com', publicUrl)).toBe(true);
    expect(isTrustedLocalHost('lists.example.com:443', publicUrl)).toBe(true);
    expect(isTrustedLocalHost('lists.example.com:80', publicUrl)).toBe(false);
    expect(isTrustedLocalHost('example.com', publicUrl)).toBe(false);
  });
});
