import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { buildTestApp, setupTestApp } from '#tests/support/test-app';

const t = setupTestApp();

describe('health', () => {
  it('GET /healthz answers 200 {status: ok} without caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /readyz answers 200 and names the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: t.testDatabase.kind });
  });

  it('GET /readyz answers 503 service_unavailable JSON once the database is closed, while /healthz stays up', async () => {
    const handle = await openDatabase(t.testDatabase.config);
    const { app } = await buildTestApp(t.testDatabase, { handle });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await handle.close();

      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        error: { code: 'service_unavailable', message: 'The database is not reachable.' },
      });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers with security headers, including a Content-Security-Policy without inline scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Served over http here: no HSTS and no upgrade-insecure-requests.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('unknown routes and bad bodies', () => {
  it('an unknown /api path answers 404 not_found JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'Nothing here: GET /api/no-such-thing' },
    });
  });

  it('an unknown path answers JSON 404 when there is no client build', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('a body that is not valid JSON answers 400 validation_failed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/mailing-list/subscribe',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com"',
      remoteAddress: '198.51.100.201',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'validation_failed', message: 'The request body is not valid JSON.' },
    });
  });

  it('an empty JSON body answers 400 validation_failed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sms-consent',
      headers: { 'content-type': 'application/json' },
      payload: '',
      remoteAddress: '198.51.100.202',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('a body over 1 MiB answers 413 body_too_large', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/mailing-list/subscribe',
      payload: { email: `${'x'.repeat(1_100_000)}@example.com` },
      remoteAddress: '198.51.100.204',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'body_too_large', message: 'The request body is too large.' },
    });
  });

  it('a body in an unaccepted content type answers 415 unsupported_media_type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/mailing-list/subscribe',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a@example.com</email>',
      remoteAddress: '198.51.100.203',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });
});
