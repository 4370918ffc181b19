import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Config,
  ConfigError,
  fastifyTrustProxy,
  loadConfig,
  publicConfig,
  usesSecureCookies,
} from './config.ts';

const PRODUCTION = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://lists.example.com',
  DATABASE_URL: 'postgres://app:secret@db.internal:5432/listsync',
  OIDC_ISSUER: 'https://accounts.google.com',
  OIDC_CLIENT_ID: 'client-id.apps.googleusercontent.com',
  OIDC_CLIENT_SECRET: 'client-secret',
  SMTP_URL: 'smtps://mailer:smtp-password@smtp.example.com:465',
  MAIL_FROM: 'ListSync <no-reply@lists.example.com>',
  TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  TWILIO_FROM_NUMBER: '+14155550100',
  APP_SECRET: 'a-random-key-of-at-least-32-characters',
};

const LOCAL_OUTBOXES = ['e-mail (local outbox)', 'SMS (local outbox)', 'billing (test checkout)'];

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
  it('production with nothing set names DATABASE_URL, OIDC_ISSUER, PUBLIC_URL, SMTP_URL, TWILIO_ACCOUNT_SID and APP_SECRET', () => {
    const problems = problemsOf({ APP_ENV: 'production' });
    const text = problems.join('\n');
    expect(text).toContain('DATABASE_URL is required when APP_ENV=production');
    expect(text).toContain('OIDC_ISSUER is required when APP_ENV=production');
    expect(text).toContain('PUBLIC_URL is required when APP_ENV=production');
    expect(text).toContain('SMTP_URL is required when APP_ENV=production');
    expect(text).toContain('TWILIO_ACCOUNT_SID is required when APP_ENV=production');
    expect(text).toContain('APP_SECRET is required when APP_ENV=production');
    expect(problems).toHaveLength(6);
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

describe('loadConfig: e-mail and SMS', () => {
  const SID = PRODUCTION.TWILIO_ACCOUNT_SID;
  const SERVICE_SID = `MG${'fedcba9876543210'.repeat(2)}`;

  it('uses SMTP when SMTP_URL and MAIL_FROM are set, and no longer lists the e-mail outbox', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://u:p@smtp.example.com:587',
      MAIL_FROM: 'no-reply@example.com',
    });
    expect(config.email).toEqual({
      kind: 'smtp',
      url: 'smtp://u:p@smtp.example.com:587',
      from: 'no-reply@example.com',
    });
    expect(config.localServices).not.toContain('e-mail (local outbox)');
    expect(config.localServices).toContain('SMS (local outbox)');
  });

  it('uses Twilio from a number, at api.twilio.com unless TWILIO_BASE_URL says otherwise', () => {
    const env = { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM_NUMBER: '+14155550100' };
    expect(loadConfig(env).sms).toEqual({
      kind: 'twilio',
      accountSid: SID,
      authToken: 'token',
      sender: { from: '+14155550100' },
      baseUrl: 'https://api.twilio.com',
    });
    expect(loadConfig({ ...env, TWILIO_BASE_URL: 'http://127.0.0.1:4010/' }).sms).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010',
    });
    expect(loadConfig(env).localServices).not.toContain('SMS (local outbox)');
    // The consent page shows the number the messages really come from.
    expect(loadConfig(env).contact.smsSenderNumber).toBe('+14155550100');
  });

  it('uses Twilio through a messaging service, or an alphanumeric sender id', () => {
    const env = { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token' };
    expect(loadConfig({ ...env, TWILIO_MESSAGING_SERVICE_SID: SERVICE_SID }).sms).toMatchObject({
      sender: { messagingServiceSid: SERVICE_SID },
    });
    expect(loadConfig({ ...env, TWILIO_FROM_NUMBER: 'ListSync' }).sms).toMatchObject({
      sender: { from: 'ListSync' },
    });
  });

  it.each([
    ['MAIL_FROM', { SMTP_URL: 'smtp://smtp.example.com' }],
    ['SMTP_URL', { MAIL_FROM: 'no-reply@example.com' }],
    ['TWILIO_AUTH_TOKEN', { TWILIO_ACCOUNT_SID: SID, TWILIO_FROM_NUMBER: '+14155550100' }],
    ['TWILIO_ACCOUNT_SID', { TWILIO_AUTH_TOKEN: 'token', TWILIO_MESSAGING_SERVICE_SID: SERVICE_SID }],
    [
      'TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID',
      { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token' },
    ],
  ])('a half-configured service is a start-up error naming the missing %s (and only it)', (missing, env) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.startsWith(`${missing} is missing: `)).toBe(true);
  });

  it('in production too, a half-configured service names what is missing (not the outbox refusal)', () => {
    const problems = problemsOf({ ...PRODUCTION, MAIL_FROM: undefined, TWILIO_AUTH_TOKEN: ' ' });
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['MAIL_FROM', 'TWILIO_AUTH_TOKEN']);
  });

  it('a token alone names each of the other Twilio settings', () => {
    expect(problemsOf({ TWILIO_AUTH_TOKEN: 'token' }).map((p) => p.split(' is missing')[0])).toEqual([
      'TWILIO_ACCOUNT_SID',
      'TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID',
    ]);
  });

  it('refuses a number and a messaging service together', () => {
    expect(
      problemsOf({
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM_NUMBER: '+14155550100',
        TWILIO_MESSAGING_SERVICE_SID: SERVICE_SID,
      }),
    ).toEqual(['Set TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID, not both']);
  });

  it.each([
    ['SMTP_URL', 'with MAIL_FROM', { SMTP_URL: undefined, MAIL_FROM: undefined }],
    [
      'TWILIO_ACCOUNT_SID',
      'with TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID',
      { TWILIO_ACCOUNT_SID: undefined, TWILIO_AUTH_TOKEN: undefined, TWILIO_FROM_NUMBER: undefined },
    ],
  ])('production refuses the outbox, naming %s', (name, companions, unset) => {
    const problems = problemsOf({ ...PRODUCTION, ...unset });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(`^${name} is required when APP_ENV=production \\(${companions}, `),
    );
    expect(problems[0]).toContain('the local fallback (local outbox) is refused');
  });

  it('production refuses an http TWILIO_BASE_URL (the auth token would travel in clear)', () => {
    expect(problemsOf({ ...PRODUCTION, TWILIO_BASE_URL: 'http://twilio-proxy.internal' })).toEqual([
      'TWILIO_BASE_URL must be an https address when APP_ENV=production',
    ]);
  });
});

describe('loadConfig: where and how many codes are texted', () => {
  it('texts the United States and Canada, at most 200 an hour, when nothing is set', () => {
    expect(loadConfig({}).smsLimits).toEqual({ allowedCountries: ['US', 'CA'], maxPerHour: 200 });
  });

  it('reads SMS_ALLOWED_COUNTRIES as a comma list in any case and spacing, and SMS_MAX_PER_HOUR', () => {
    const config = loadConfig({ SMS_ALLOWED_COUNTRIES: ' gb, ie,GB ,de ', SMS_MAX_PER_HOUR: '50' });
    expect(config.smsLimits).toEqual({ allowedCountries: ['GB', 'IE', 'DE'], maxPerHour: 50 });
  });

  it('refuses a code that is no country with phone numbers, naming each, with an example', () => {
    expect(problemsOf({ SMS_ALLOWED_COUNTRIES: 'US,UK,EU,USA' })).toEqual([
      "SMS_ALLOWED_COUNTRIES: 'UK', 'EU', 'USA' are not ISO 3166 alpha-2 country codes with phone numbers (expected a comma list such as US,CA,GB)",
    ]);
    expect(problemsOf({ SMS_ALLOWED_COUNTRIES: 'XX' })[0]).toMatch(
      /^SMS_ALLOWED_COUNTRIES: 'XX' is not an ISO/,
    );
  });

  it('refuses a list of nothing (set but empty is not unset)', () => {
    expect(problemsOf({ SMS_ALLOWED_COUNTRIES: ' , ' })).toEqual([
      'SMS_ALLOWED_COUNTRIES is empty: name at least one country (such as US,CA), or leave it unset',
    ]);
  });

  it('refuses an SMS_MAX_PER_HOUR that is not a whole number of at least 1', () => {
    for (const value of ['0', '-5', '2.5', 'lots']) {
      expect(problemsOf({ SMS_MAX_PER_HOUR: value })[0], value).toMatch(/^SMS_MAX_PER_HOUR: /);
    }
  });
});

describe('loadConfig: photo storage', () => {
  const S3 = {
    PHOTO_STORAGE: 's3',
    S3_BUCKET: 'listsync-photos',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 's3-secret-access-key',
  };

  it('uses the bucket when PHOTO_STORAGE=s3 and its settings are set: AWS in us-east-1 by default', () => {
    expect(loadConfig(S3).photoStorage).toEqual({
      kind: 's3',
      region: 'us-east-1',
      bucket: 'listsync-photos',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 's3-secret-access-key',
      forcePathStyle: false,
    });
  });

  it('reaches another S3-compatible server through S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE', () => {
    const config = loadConfig({
      ...S3,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.photoStorage).toMatchObject({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
    });
    // The bucket is not a local service, and the disk never was one: the list does not change.
    expect(config.localServices).toEqual(loadConfig({}).localServices);
  });

  it.each(['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])(
    'PHOTO_STORAGE=s3 without %s is a start-up error naming it (and only it)',
    (missing) => {
      const problems = problemsOf({ ...S3, [missing]: ' ' });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^${missing} is missing: PHOTO_STORAGE=s3 needs `));
    },
  );

  it('PHOTO_STORAGE=s3 alone names each of its settings, in production too', () => {
    const names = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    expect(problemsOf({ PHOTO_STORAGE: 's3' }).map((p) => p.split(' ')[0])).toEqual(names);
    expect(problemsOf({ ...PRODUCTION, PHOTO_STORAGE: 's3' }).map((p) => p.split(' ')[0])).toEqual(names);
  });

  it('bucket settings without PHOTO_STORAGE=s3 are refused, not silently left for the disk', () => {
    const { PHOTO_STORAGE: _kind, ...settings } = S3;
    expect(problemsOf({ ...settings, S3_ENDPOINT: 'https://s3.example.com' })).toEqual([
      'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set but PHOTO_STORAGE is disk: set PHOTO_STORAGE=s3 to use the bucket, or unset them',
    ]);
  });

  it('the S3 secret never reaches the browser', () => {
    expect(JSON.stringify(publicConfig(loadConfig(S3)))).not.toContain('s3-secret-access-key');
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
        'siteName',
        'smsSenderNumber',
        'supportEmail',
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

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_51Habc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: 'price_1ProM',
  STRIPE_PRICE_PROFESSIONAL_YEARLY: 'price_1ProY',
  STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_1EntM',
  STRIPE_PRICE_ENTERPRISE_YEARLY: 'price_1EntY',
};

describe('loadConfig: billing and analytics', () => {
  it('sells through Stripe when every Stripe setting is set, and keeps the secrets from the browser', () => {
    const config = loadConfig({ ...PRODUCTION, ...STRIPE });
    expect(config.billing).toEqual({
      kind: 'stripe',
      secretKey: 'sk_live_51Habc',
      webhookSecret: 'whsec_abc123',
      prices: {
        professional: { month: 'price_1ProM', year: 'price_1ProY' },
        enterprise: { month: 'price_1EntM', year: 'price_1EntY' },
      },
    });
    const exposed = JSON.stringify(publicConfig(config));
    expect(publicConfig(config).billing).toBe('stripe');
    expect(exposed).not.toContain('sk_live');
    expect(exposed).not.toContain('whsec_');
  });

  it('uses the local test checkout with nothing set, and turns billing off in production without Stripe', () => {
    expect(loadConfig({}).billing).toEqual({ kind: 'local' });
    const production = loadConfig(PRODUCTION);
    expect(production.billing).toEqual({ kind: 'off' });
    expect(publicConfig(production).billing).toBe('off');
    expect(production.localServices).not.toContain('billing (test checkout)');
  });

  it('names each missing Stripe setting when only some are set', () => {
    const problems = problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' });
    expect(problems).toEqual(
      [
        'STRIPE_PRICE_PROFESSIONAL_MONTHLY',
        'STRIPE_PRICE_PROFESSIONAL_YEARLY',
        'STRIPE_PRICE_ENTERPRISE_MONTHLY',
        'STRIPE_PRICE_ENTERPRISE_YEARLY',
      ].map((name) => expect.stringContaining(`${name} is missing: billing through Stripe needs`)),
    );
  });

  it('refuses malformed keys, a price named twice, and a plain-http API base in production', () => {
    expect(problemsOf({ ...STRIPE, STRIPE_SECRET_KEY: 'pk_live_abc' })).toEqual([
      expect.stringContaining('STRIPE_SECRET_KEY: expected a secret or restricted key'),
    ]);
    expect(problemsOf({ ...STRIPE, STRIPE_WEBHOOK_SECRET: 'abc' })).toEqual([
      expect.stringContaining('STRIPE_WEBHOOK_SECRET: expected a webhook signing secret'),
    ]);
    expect(problemsOf({ ...STRIPE, STRIPE_PRICE_ENTERPRISE_YEARLY: 'price_1ProM' })).toEqual([
      'The four STRIPE_PRICE_* settings must name four different prices',
    ]);
    expect(problemsOf({ ...PRODUCTION, ...STRIPE, STRIPE_API_BASE: 'http://stripe-fake:12111' })).toEqual([
      'STRIPE_API_BASE must be an https address when APP_ENV=production',
    ]);
    expect(loadConfig({ ...STRIPE, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).billing).toMatchObject({
      apiBase: new URL('http://127.0.0.1:12111'),
    });
  });

  it('sends analytics to a Plausible-compatible API when both settings are set; local or off otherwise', () => {
    expect(
      loadConfig({ ANALYTICS_URL: 'https://plausible.example.com/', ANALYTICS_SITE_ID: 'lists.example.com' })
        .analytics,
    ).toEqual({ kind: 'plausible', url: 'https://plausible.example.com', siteId: 'lists.example.com' });
    expect(loadConfig({}).analytics).toEqual({ kind: 'local' });
    expect(loadConfig(PRODUCTION).analytics).toEqual({ kind: 'off' });
    expect(problemsOf({ ANALYTICS_URL: 'https://plausible.example.com' })).toEqual([
      'ANALYTICS_SITE_ID is missing: analytics needs ANALYTICS_URL and ANALYTICS_SITE_ID together',
    ]);
  });
});

describe('loadConfig: translation', () => {
  /** A PATH holding an executable named apertium (nothing runs it here). */
  function pathWithApertium(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'listsync-path-'));
    writeFileSync(path.join(dir, 'apertium'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    return dir;
  }

  it('with nothing set and no apertium on PATH, translates nothing', () => {
    expect(loadConfig({}).translation).toEqual({ kind: 'none' });
    expect(loadConfig({ PATH: '/nonexistent' }).translation).toEqual({ kind: 'none' });
  });

  it('uses the apertium command found on PATH when nothing else is configured', () => {
    const dir = pathWithApertium();
    expect(loadConfig({ PATH: `/nonexistent${path.delimiter}${dir}` }).translation).toEqual({
      kind: 'apertium',
      command: path.join(dir, 'apertium'),
      modesDir: '/usr/share/apertium/modes',
    });
    // Named none, nothing is used even so.
    expect(loadConfig({ PATH: dir, TRANSLATION_PROVIDER: 'none' }).translation).toEqual({ kind: 'none' });
  });

  it('picks the engine whose settings are present, before apertium', () => {
    const PATH = pathWithApertium();
    expect(loadConfig({ PATH, LIBRETRANSLATE_URL: 'http://mt.internal:5000/' }).translation).toEqual({
      kind: 'libretranslate',
      url: 'http://mt.internal:5000',
    });
    expect(loadConfig({ PATH, GOOGLE_TRANSLATE_API_KEY: 'AIza-key' }).translation).toEqual({
      kind: 'google',
      apiKey: 'AIza-key',
      url: 'https://translation.googleapis.com/language/translate/v2',
    });
  });

  it("sends a DeepL Free key (':fx') to api-free.deepl.com and any other to api.deepl.com", () => {
    expect(loadConfig({ DEEPL_AUTH_KEY: 'abc-123:fx' }).translation).toEqual({
      kind: 'deepl',
      authKey: 'abc-123:fx',
      apiUrl: 'https://api-free.deepl.com',
    });
    expect(loadConfig({ DEEPL_AUTH_KEY: 'abc-123' }).translation).toMatchObject({
      apiUrl: 'https://api.deepl.com',
    });
    expect(
      loadConfig({ DEEPL_AUTH_KEY: 'abc-123:fx', DEEPL_API_URL: 'http://127.0.0.1:9/' }).translation,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:9' });
  });

  it('keeps an optional LibreTranslate key', () => {
    expect(
      loadConfig({
        TRANSLATION_PROVIDER: 'libretranslate',
        LIBRETRANSLATE_URL: 'https://mt.example.com',
        LIBRETRANSLATE_API_KEY: 'k',
      }).translation,
    ).toEqual({ kind: 'libretranslate', url: 'https://mt.example.com', apiKey: 'k' });
  });

  it('a named engine without its required setting stops start-up naming the setting', () => {
    expect(problemsOf({ TRANSLATION_PROVIDER: 'libretranslate' })).toEqual([
      'LIBRETRANSLATE_URL is missing: TRANSLATION_PROVIDER=libretranslate needs it',
    ]);
    expect(problemsOf({ TRANSLATION_PROVIDER: 'deepl' })[0]).toMatch(/^DEEPL_AUTH_KEY is missing/);
    expect(problemsOf({ TRANSLATION_PROVIDER: 'google' })[0]).toMatch(/^GOOGLE_TRANSLATE_API_KEY is missing/);
    expect(problemsOf({ TRANSLATION_PROVIDER: 'apertium', PATH: '/nonexistent' })[0]).toMatch(
      /apertium command on PATH/,
    );
    expect(problemsOf({ TRANSLATION_PROVIDER: 'bing' })[0]).toMatch(/^TRANSLATION_PROVIDER/);
  });

  it('production refuses a plain-http DeepL or Google address (the key would travel in clear)', () => {
    const problems = problemsOf({
      ...PRODUCTION,
      DEEPL_AUTH_KEY: 'abc',
      DEEPL_API_URL: 'http://deepl.internal',
    });
    expect(problems).toEqual(['DEEPL_API_URL must be an https address when APP_ENV=production']);
    expect(loadConfig({ ...PRODUCTION, TRANSLATION_PROVIDER: 'none' }).translation).toEqual({ kind: 'none' });
  });

  it('no translation key ever reaches the browser', () => {
    const config = loadConfig({ DEEPL_AUTH_KEY: 'deepl-secret:fx' });
    expect(JSON.stringify(publicConfig(config))).not.toContain('deepl-secret');
  });
});

describe('loadConfig: metrics', () => {
  it('serves no metrics unless asked; the port listens on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: ' ' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      token: null,
    });
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token }).metrics).toEqual({
      port: null,
      host: '0.0.0.0',
      token,
    });
  });

  it('refuses a short token and a port that is not one', () => {
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN: METRICS_TOKEN must be at least 32 characters of random text',
    ]);
    for (const port of ['0', '65536', 'abc', '94 64', '-1']) {
      expect(problemsOf({ METRICS_PORT: port }), port).toHaveLength(1);
      expect(problemsOf({ METRICS_PORT: port })[0], port).toMatch(/^METRICS_PORT: /);
    }
  });
});

describe('loadConfig: where it listens and which proxies it believes (decision 0019)', () => {
  it('local mode listens on loopback unless HOST is set; a configured server on every interface', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
    expect(loadConfig(PRODUCTION).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('trusts no proxy by default or when told false/0/no', () => {
    for (const value of [undefined, '', 'false', '0', 'no', 'FALSE']) {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(false);
    }
  });

  it('takes a hop count or a list of addresses, CIDR ranges and proxy-addr range names', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses TRUST_PROXY=true at start-up, saying what to set instead', () => {
    for (const value of ['true', 'yes', 'TRUE']) {
      const problems = problemsOf({ TRUST_PROXY: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^TRUST_PROXY=(true|yes) is refused: it believes any X-Forwarded-For/);
      expect(problems[0]).toContain('TRUST_PROXY=1 for one reverse proxy');
      expect(problems[0]).toContain('TRUST_PROXY=10.0.0.0/8,127.0.0.1');
    }
  });

  it.each([
    ['maybe', "'maybe' is not an IP address or a CIDR range"],
    ['10.0.0.0/33', "'10.0.0.0/33' has an invalid prefix length"],
    ['10.0.0.1/8/1', "'10.0.0.1/8/1' is not an IP address or a CIDR range"],
    ['0.0.0.0/0', "'0.0.0.0/0' is every address"],
    ['::/0', "'::/0' is every address"],
    ['11', '11 proxies is more than any real chain'],
  ])('refuses TRUST_PROXY=%s by name', (value, text) => {
    const problems = problemsOf({ TRUST_PROXY: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY: /);
    expect(problems[0]).toContain(text);
  });

  it('gives Fastify a hop count as a function of the hop (a bare number means "trust nobody" there)', () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    const trust = fastifyTrustProxy(2);
    if (typeof trust !== 'function') throw new Error('expected a function');
    expect([0, 1, 2, 3].map((hop) => trust('203.0.113.9', hop))).toEqual([true, true, false, false]);
  });
});
