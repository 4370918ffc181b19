import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION, problemsOf } from '#tests/support/config-environments';
import { type Config, loadConfig, publicConfig, usesSecureCookies } from './index.ts';

const LOCAL_OUTBOXES = ['e-mail (local outbox)', 'SMS (local outbox)', 'billing (test checkout)'];

describe('loadConfig: local mode', () => {
  it('with nothing set, runs in local mode with every local service listed', () => {
    const config = loadConfig({});
    expect(config.appEnv).toBe('development');
    expect(config.port).toBe(5000);
    expect(config.publicUrl.href).toBe('http://localhost:5000/');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data', 'pglite') });
    expect(config.identity).toEqual({ kind: 'local' });
    expect(config.email).toEqual({ kind: 'outbox' });
    expect(config.sms).toEqual({ kind: 'outbox' });
    expect(config.photoStorage).toEqual({ kind: 'disk', dir: path.resolve('./data', 'photos') });
    expect(config.localServices).toEqual([
      'database (embedded PGlite)',
      'sign-in (local account chooser)',
      ...LOCAL_OUTBOXES,
    ]);
    expect(config.siteName).toBe('ListSync');
    expect(config.session).toEqual({ idleMs: 14 * 24 * 3600_000, maxMs: 30 * 24 * 3600_000 });
  });

  it('uses PORT in the default public URL and DATA_DIR for PGlite and photos', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/tmp/listsync-data' });
    expect(config.publicUrl.href).toBe('http://localhost:8080/');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/tmp/listsync-data/pglite' });
    expect(config.photoStorage).toEqual({ kind: 'disk', dir: '/tmp/listsync-data/photos' });
  });

  it('uses PostgreSQL when DATABASE_URL is set, and no longer lists the database as local', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://localhost/listsync' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgresql://localhost/listsync' });
    expect(config.localServices).toEqual(['sign-in (local account chooser)', ...LOCAL_OUTBOXES]);
  });

  it('uses the OpenID provider when all three settings are set', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://issuer.example',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(config.identity).toEqual({
      kind: 'oidc',
      issuer: 'https://issuer.example',
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(config.localServices).toEqual(['database (embedded PGlite)', ...LOCAL_OUTBOXES]);
  });

  it('treats blank settings as unset', () => {
    const config = loadConfig({ DATABASE_URL: '  ', OIDC_ISSUER: '', PUBLIC_URL: ' ' });
    expect(config.database.kind).toBe('pglite');
    expect(config.identity.kind).toBe('local');
  });
});

describe('loadConfig: refusals', () => {
  it('production with nothing set names DATABASE_URL, OIDC_ISSUER, PUBLIC_URL, SMTP_URL, TWILIO_ACCOUNT_SID, APP_SECRET and the translation engine', () => {
    const problems = problemsOf({ APP_ENV: 'production' });
    const text = problems.join('\n');
    expect(text).toContain('DATABASE_URL is required when APP_ENV=production');
    expect(text).toContain('OIDC_ISSUER is required when APP_ENV=production');
    expect(text).toContain('PUBLIC_URL is required when APP_ENV=production');
    expect(text).toContain('SMTP_URL is required when APP_ENV=production');
    expect(text).toContain('TWILIO_ACCOUNT_SID is required when APP_ENV=production');
    expect(text).toContain('APP_SECRET is required when APP_ENV=production');
    expect(text).toContain('No translation engine:');
    expect(problems).toHaveLength(7);
  });

  it('a short APP_SECRET is refused, and a good one is used as it is', () => {
    expect(problemsOf({ APP_SECRET: 'short' }).join('\n')).toContain(
      'APP_SECRET must be at least 32 characters',
    );
    expect(loadConfig(PRODUCTION).appSecret).toBe(PRODUCTION.APP_SECRET);
    expect(loadConfig({}).appSecret).toBeNull();
  });

  it('the error message lists every problem, so start-up output names them', () => {
    try {
      loadConfig({ APP_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/^Invalid configuration:\n {2}- /);
      expect((error as Error).message).toContain('DATABASE_URL');
      expect((error as Error).message).toContain('OIDC_ISSUER');
      expect((error as Error).message).toContain('PUBLIC_URL');
    }
  });

  it.each([
    ['OIDC_ISSUER', { OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' }],
    ['OIDC_CLIENT_ID', { OIDC_ISSUER: 'https://issuer.example', OIDC_CLIENT_SECRET: 'secret' }],
    ['OIDC_CLIENT_SECRET', { OIDC_ISSUER: 'https://issuer.example', OIDC_CLIENT_ID: 'id' }],
  ])('partial OpenID settings name the missing %s (and only it)', (missing, env) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${missing} is missing`));
  });

  it('partial OpenID settings are refused in production too, naming each missing one', () => {
    const { OIDC_CLIENT_ID: _id, OIDC_CLIENT_SECRET: _secret, ...env } = PRODUCTION;
    const problems = problemsOf(env);
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']);
  });

  it('production with everything set passes, with no local service left', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.appEnv).toBe('production');
    expect(config.localServices).toEqual([]);
    expect(config.database.kind).toBe('postgres');
    expect(config.identity.kind).toBe('oidc');
    expect(config.email.kind).toBe('smtp');
    expect(config.sms.kind).toBe('twilio');
    // Photos on disk are allowed in production (a mounted volume) and are no local fallback.
    expect(config.photoStorage.kind).toBe('disk');
    expect(usesSecureCookies(config)).toBe(true);
    expect(publicConfig(config).localMode).toBe(false);
  });

  it('production refuses an http PUBLIC_URL', () => {
    const problems = problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://lists.example.com' });
    expect(problems).toEqual(['PUBLIC_URL must be an https address when APP_ENV=production']);
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['APP_ENV', { APP_ENV: 'staging' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://lists.example.com' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/listsync' }],
    ['OIDC_ISSUER', { OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['SUPPORT_EMAIL', { SUPPORT_EMAIL: 'nobody' }],
    ['SMTP_URL', { SMTP_URL: 'https://smtp.example.com', MAIL_FROM: 'a@example.com' }],
    ['MAIL_FROM', { SMTP_URL: 'smtp://smtp.example.com', MAIL_FROM: 'nobody' }],
    ['TWILIO_ACCOUNT_SID', { TWILIO_ACCOUNT_SID: `SK${'0'.repeat(32)}` }],
    ['TWILIO_FROM_NUMBER', { TWILIO_FROM_NUMBER: '555-0100' }],
    ['TWILIO_MESSAGING_SERVICE_SID', { TWILIO_MESSAGING_SERVICE_SID: 'MG123' }],
    ['TWILIO_BASE_URL', { TWILIO_BASE_URL: 'ftp://api.twilio.example' }],
    ['PHOTO_STORAGE', { PHOTO_STORAGE: 'ftp' }],
    ['S3_ENDPOINT', { PHOTO_STORAGE: 's3', S3_ENDPOINT: 'minio:9000' }],
    ['S3_FORCE_PATH_STYLE', { S3_FORCE_PATH_STYLE: 'maybe' }],
  ])('a malformed %s is refused by name', (name, env) => {
    const problems = problemsOf(env);
    expect(problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
  });

  it('refuses a maximum session age shorter than the idle time', () => {
    expect(problemsOf({ SESSION_IDLE_HOURS: '48', SESSION_MAX_HOURS: '24' })).toEqual([
      'SESSION_MAX_HOURS must not be shorter than SESSION_IDLE_HOURS',
    ]);
  });
});

describe('publicConfig', () => {
  it('exposes only what the browser may see', () => {
    const config: Config = loadConfig({
      ...PRODUCTION,
      SITE_NAME: 'Acme Lists',
      SUPPORT_EMAIL: 'help@acme.example',
    });
    const exposed = publicConfig(config);
    expect(Object.keys(exposed).sort()).toEqual(
      [
        'companyLegalName',
        'companyTradeName',
        'billing',
        'localMode',
        'localServices',
        'simulatedPayments',
        'siteName',
        'smsSenderNumber',
        'supportEmail',
        'translation',
      ].sort(),
    );
    const text = JSON.stringify(exposed);
    expect(text).not.toContain('client-secret');
    expect(text).not.toContain('postgres://');
    expect(text).not.toContain('smtp-password');
    expect(text).not.toContain('twilio-auth-token');
    expect(exposed.siteName).toBe('Acme Lists');
    expect(exposed.supportEmail).toBe('help@acme.example');
  });

  it('says local mode and names the local services when a fallback is in use', () => {
    const exposed = publicConfig(loadConfig({}));
    expect(exposed.localMode).toBe(true);
    expect(exposed.localServices).toHaveLength(5);
  });
});
