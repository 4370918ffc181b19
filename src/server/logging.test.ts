import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('hides the values of code, state, token and every other unknown query parameter', () => {
    const logged = redactUrl('/api/auth/callback?code=SECRET_CODE&state=SECRET_STATE&iss=https%3A%2F%2Fidp');
    expect(logged).toBe('/api/auth/callback?code=[redacted]&state=[redacted]&iss=[redacted]');
    expect(redactUrl('/api/x?token=abc&access_token=def&session=ghi')).toBe(
      '/api/x?token=[redacted]&access_token=[redacted]&session=[redacted]',
    );
  });

  it('keeps the values of harmless parameters', () => {
    expect(redactUrl('/shared/checklist/abc?lang=fr')).toBe('/shared/checklist/[redacted]?lang=fr');
    expect(redactUrl('/dashboard?checklist=cl_1&code=1')).toBe('/dashboard?checklist=cl_1&code=[redacted]');
  });

  it.each([
    ['/shared/s3cr3tT0ken', '/shared/[redacted]'],
    ['/shared/checklist/s3cr3tT0ken', '/shared/checklist/[redacted]'],
    ['/shared/s3cr3tT0ken/more', '/shared/[redacted]/more'],
    ['/api/verification/status/s3cr3tT0ken', '/api/verification/status/[redacted]'],
    ['/oidc/interaction/uid123', '/oidc/interaction/[redacted]'],
    ['/oidc/interaction/uid123/login', '/oidc/interaction/[redacted]/login'],
  ])('hides the secret path segment of %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(`${url}?code=123456`)).toBe(`${expected}?code=[redacted]`);
  });

  it('hides secret segments of percent-encoded spellings of those paths', () => {
    expect(redactUrl('/%73hared/s3cr3tT0ken')).toBe('/shared/[redacted]');
    expect(redactUrl('/api/verification/%73tatus/s3cr3tT0ken?x=1')).toBe(
      '/api/verification/status/[redacted]?x=[redacted]',
    );
  });

  it('leaves ordinary paths alone', () => {
    expect(redactUrl('/api/auth/me')).toBe('/api/auth/me');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});

describe('request logs', () => {
  it('contain neither cookies, headers, codes nor share tokens', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggerOptions({ logLevel: 'info' });
    const app = Fastify({ logger: { ...(options as object), stream } });
    app.get('/shared/:token', async () => ({ ok: true }));
    app.get('/api/auth/callback', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/shared/ShareTokenValue123',
      headers: { cookie: 'listsync_session=SessionSecretValue', authorization: 'Bearer AuthSecretValue' },
    });
    await app.inject({ method: 'GET', url: '/api/auth/callback?code=AuthCodeValue&state=StateValue' });
    await app.close();

    const log = lines.join('');
    expect(log).toContain('/shared/[redacted]');
    expect(log).toContain('/api/auth/callback?code=[redacted]&state=[redacted]');
    for (const secret of [
      'ShareTokenValue123',
      'SessionSecretValue',
      'AuthSecretValue',
      'AuthCodeValue',
      'StateValue',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
