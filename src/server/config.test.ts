import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Config, ConfigError, loadConfig, publicConfig, usesSecureCookies } from './config.ts';

const PRODUCTION = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://lists.example.com',
  DATABASE_URL: 'postgres://app:secret@db.internal:5432/listsync',
  OIDC_ISSUER: 'https://accounts.google.com',
  OIDC_CLIENT_ID: 'client-id.apps.googleusercontent.com',
  OIDC_CLIENT_SECRET: 'client-secret',
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected loadConfig to throw a ConfigError');
}

describe('loadConfig: local mode', () => {
  it('with nothing set, runs in local mode with both local services listed', () => {
    const config = loadConfig({});
    expect(config.appEnv).toBe('development');
    expect(config.port).toBe(5000);
    expect(config.publicUrl.href).toBe('http://localhost:5000/');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data', 'pglite') });
    expect(config.identity).toEqual({ kind: 'local' });
    expect(config.localServices).toEqual(['database (embedded PGlite)', 'sign-in (local account chooser)']);
    expect(config.siteName).toBe('ListSync');
    expect(config.session).toEqual({ idleMs: 14 * 24 * 3600_000, maxMs: 30 * 24 * 3600_000 });
  });

  it('uses PORT in the default public URL and DATA_DIR for PGlite', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/tmp/listsync-data' });
    expect(config.publicUrl.href).toBe('http://localhost:8080/');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/tmp/listsync-data/pglite' });
  });

  it('uses PostgreSQL when DATABASE_URL is set, and no longer lists the database as local', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://localhost/listsync' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgresql://localhost/listsync' });
    expect(config.localServices).toEqual(['sign-in (local account chooser)']);
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
    expect(config.localServices).toEqual(['database (embedded PGlite)']);
  });

  it('treats blank settings as unset', () => {
    const config = loadConfig({ DATABASE_URL: '  ', OIDC_ISSUER: '', PUBLIC_URL: ' ' });
    expect(config.database.kind).toBe('pglite');
    expect(config.identity.kind).toBe('local');
  });
});

describe('loadConfig: refusals', () => {
  it('production with nothing set names DATABASE_URL, OIDC_ISSUER and PUBLIC_URL', () => {
    const problems = problemsOf({ APP_ENV: 'production' });
    const text = problems.join('\n');
    expect(text).toContain('DATABASE_URL is required when APP_ENV=production');
    expect(text).toContain('OIDC_ISSUER is required when APP_ENV=production');
    expect(text).toContain('PUBLIC_URL is required when APP_ENV=production');
    expect(problems).toHaveLength(3);
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
        'localMode',
        'localServices',
        'siteName',
        'smsSenderNumber',
        'supportEmail',
      ].sort(),
    );
    const text = JSON.stringify(exposed);
    expect(text).not.toContain('client-secret');
    expect(text).not.toContain('postgres://');
    expect(exposed.siteName).toBe('Acme Lists');
    expect(exposed.supportEmail).toBe('help@acme.example');
  });

  it('says local mode and names the local services when a fallback is in use', () => {
    const exposed = publicConfig(loadConfig({}));
    expect(exposed.localMode).toBe(true);
    expect(exposed.localServices).toHaveLength(2);
  });
});
