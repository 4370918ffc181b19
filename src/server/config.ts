import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { BillingInterval, BillingMode, PaidTier } from '#domain/billing';
import { SMS_LIMITS } from '#domain/sharing';
import { DEFAULT_SITE_NAME, type PublicConfig } from '#domain/site';
import { DEFAULT_SMS_ALLOWED_COUNTRIES, isPhoneCountry } from '#domain/sms-destinations';
import { type TranslationConfig, TranslationEnv, translationConfig } from './translation-config.ts';

/**
 * The one typed view of the environment. Parsed once at start-up; it fails fast and names every
 * missing or malformed setting. In APP_ENV=production every local fallback is refused.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const stripePriceId = z
  .string()
  .regex(/^price_[A-Za-z0-9]+$/, 'expected a Stripe price id (price_…)')
  .optional();

const EnvSchema = TranslationEnv.extend({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: optionalText,
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  SITE_NAME: z.string().trim().min(1).max(60).default(DEFAULT_SITE_NAME),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalText,
  OIDC_ISSUER: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24 * 14),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24 * 30),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  SUPPORT_EMAIL: optionalText.pipe(z.email().optional()),
  APP_SECRET: optionalText.pipe(
    z.string().min(32, { error: 'APP_SECRET must be at least 32 characters of random text' }).optional(),
  ),
  SMS_SENDER_NUMBER: optionalText,
  SMS_ALLOWED_COUNTRIES: optionalText,
  SMS_MAX_PER_HOUR: z.coerce
    .number({ error: 'SMS_MAX_PER_HOUR must be a whole number of text messages' })
    .int({ error: 'SMS_MAX_PER_HOUR must be a whole number of text messages' })
    .min(1)
    .max(1_000_000)
    .default(SMS_LIMITS.servicePerHourDefault),
  COMPANY_TRADE_NAME: optionalText,
  COMPANY_LEGAL_NAME: optionalText,
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .regex(
        /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        'expected an address, or a name and <address>',
      )
      .optional(),
  ),
  TWILIO_ACCOUNT_SID: optionalText.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'expected the account SID (AC followed by 32 hex digits)')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM_NUMBER: optionalText.pipe(
    z
      .string()
      .regex(
        /^(?:\+[1-9]\d{6,14}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
        'expected an E.164 number or a sender id',
      )
      .optional(),
  ),
  TWILIO_MESSAGING_SERVICE_SID: optionalText.pipe(
    z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/, 'expected the messaging service SID (MG followed by 32 hex digits)')
      .optional(),
  ),
  TWILIO_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PHOTO_STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'expected a secret or restricted key (sk_… or rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9]+$/, 'expected a webhook signing secret (whsec_…)')
      .optional(),
  ),
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: optionalText.pipe(stripePriceId),
  STRIPE_PRICE_PROFESSIONAL_YEARLY: optionalText.pipe(stripePriceId),
  STRIPE_PRICE_ENTERPRISE_MONTHLY: optionalText.pipe(stripePriceId),
  STRIPE_PRICE_ENTERPRISE_YEARLY: optionalText.pipe(stripePriceId),
  STRIPE_API_BASE: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ANALYTICS_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ANALYTICS_SITE_ID: optionalText.pipe(z.string().max(253).optional()),
  METRICS_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'expected a port number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(65535))
      .optional(),
  ),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(32, { error: 'METRICS_TOKEN must be at least 32 characters of random text' }).optional(),
  ),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
});

export type AppEnv = z.infer<typeof EnvSchema>['APP_ENV'];

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /** dataDir null: an in-memory database (tests). */
  | { kind: 'pglite'; dataDir: string | null };

export type IdentityConfig =
  | { kind: 'oidc'; issuer: string; clientId: string; clientSecret: string }
  /** The embedded OpenID provider at /oidc with a local account chooser. */
  | { kind: 'local' };

export type EmailConfig =
  | { kind: 'smtp'; url: string; from: string }
  /** Stored in the outbox_messages table and logged; readable at GET /api/dev/outbox. */
  | { kind: 'outbox' };

/** Twilio sends from a number (or alphanumeric sender id), or through a messaging service. */
export type TwilioSender = { from: string } | { messagingServiceSid: string };

export type SmsConfig =
  | { kind: 'twilio'; accountSid: string; authToken: string; sender: TwilioSender; baseUrl: string }
  | { kind: 'outbox' };

/** Where photo files live. Disk is allowed in production too (a mounted volume). */
export type PhotoStorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      /** Unset: AWS S3 itself. */
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

/**
 * How plans are sold: Stripe (all its settings set), the local test checkout (nothing set, outside
 * production), or off (production without Stripe: paid plans say 'Contact us').
 */
export type BillingConfig =
  | {
      kind: 'stripe';
      secretKey: string;
      webhookSecret: string;
      prices: Record<PaidTier, Record<BillingInterval, string>>;
      /** Where the Stripe API is reached (a test fake); unset: Stripe itself. */
      apiBase?: URL;
    }
  | { kind: 'local' }
  | { kind: 'off' };

/** Where page views and events go: a Plausible-compatible events API, the local table, or nowhere. */
export type AnalyticsConfig =
  | { kind: 'plausible'; url: string; siteId: string }
  | { kind: 'local' }
  | { kind: 'off' };

/**
 * Fastify's `trustProxy`, only in its safe forms: false (no proxy: the peer is the client), a hop
 * count (the right-most N addresses of X-Forwarded-For are our proxies, the next one is the client),
 * or the proxies' addresses and CIDR ranges (proxy-addr also knows loopback, linklocal, uniquelocal).
 * Never `true`, which believes any X-Forwarded-For a client writes.
 */
export type TrustProxy = false | number | string[];

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_HELP =
  'set the number of proxies in front of the app (TRUST_PROXY=1 for one reverse proxy) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1); see README, "Behind a proxy"';

/** A proxy address or range as proxy-addr takes it, or why not. */
function proxyAddressProblem(entry: string): string | null {
  if (PROXY_RANGE_NAMES.has(entry)) return null;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return `'${entry}' is not an IP address or a CIDR range`;
  if (prefix === undefined) return null;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  if (!(bits <= (family === 4 ? 32 : 128))) return `'${entry}' has an invalid prefix length`;
  if (bits === 0) return `'${entry}' is every address, which trusts any X-Forwarded-For`;
  return null;
}

/** TRUST_PROXY as Fastify's `trustProxy`; problems are pushed, named TRUST_PROXY. */
export function parseTrustProxy(value: string | undefined, problems: string[]): TrustProxy {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === 'no' || text === '0') return false;
  if (text === 'true' || text === 'yes') {
    problems.push(
      `TRUST_PROXY=${text} is refused: it believes any X-Forwarded-For, so a client can pick its own IP address and dodge per-IP limits; ${TRUST_PROXY_HELP}`,
    );
    return false;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10)
      problems.push(`TRUST_PROXY: ${hops} proxies is more than any real chain; ${TRUST_PROXY_HELP}`);
    return hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const problem = proxyAddressProblem(entry);
    if (problem) problems.push(`TRUST_PROXY: ${problem}; ${TRUST_PROXY_HELP}`);
  }
  return entries;
}

/**
 * The TrustProxy as Fastify takes it. Fastify answers a bare number with "trust nobody" (it cannot
 * check the peer), so a hop count is given as proxy-addr's function: the socket's peer and the N-1
 * addresses before it in X-Forwarded-For are proxies; the one before them is the client. That is
 * sound only when the app cannot be reached except through those proxies (README, "Behind a proxy").
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  if (trustProxy === 0) return false;
  return (_address, hop) => hop < trustProxy;
}

/** Where local mode listens when HOST is not set. */
export const LOOPBACK_HOST = '127.0.0.1';

export const TWILIO_DEFAULT_BASE_URL = 'https://api.twilio.com';

export interface Config {
  appEnv: AppEnv;
  port: number;
  host: string;
  /** Where browsers reach the app; cookies are Secure when it is https. */
  publicUrl: URL;
  dataDir: string;
  database: DatabaseConfig;
  identity: IdentityConfig;
  email: EmailConfig;
  sms: SmsConfig;
  /** Where codes may be texted (ISO 3166 alpha-2) and how many an hour the whole service may text. */
  smsLimits: { allowedCountries: string[]; maxPerHour: number };
  photoStorage: PhotoStorageConfig;
  billing: BillingConfig;
  analytics: AnalyticsConfig;
  /**
   * GET /metrics (docs/decisions/0022): on its own port (`port`, on `host`, loopback by default) and/or
   * on the main port for a bearer `token`; null and null: not served.
   */
  metrics: { port: number | null; host: string; token: string | null };
  /** The machine translation engine for the owner's texts (translation-config.ts). */
  translation: TranslationConfig;
  siteName: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Which proxies' X-Forwarded-* to believe: none, the nearest N hops, or these addresses (decision 0019). */
  trustProxy: TrustProxy;
  session: { idleMs: number; maxMs: number };
  shutdownTimeoutMs: number;
  /**
   * The key behind share-code hashes and sealed share links. Null in local mode: the server then
   * makes one and keeps it in the database (services/share-secrets.ts).
   */
  appSecret: string | null;
  contact: {
    supportEmail: string;
    smsSenderNumber: string;
    companyTradeName: string;
    companyLegalName: string;
  };
  /** The services running on a local fallback; empty when everything is configured. */
  localServices: string[];
  /** Where the rate limits count (docs/decisions/0020); null: in PostgreSQL. */
  redisUrl: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const localServices: string[] = [];
  const production = e.APP_ENV === 'production';

  const refuseFallback = (setting: string, what: string, fallback: string) => {
    problems.push(
      `${setting} is required when APP_ENV=production (${what}); the local fallback (${fallback}) is refused`,
    );
  };

  /**
   * A messaging service is used when all its settings are set. Some but not all is a start-up error
   * naming each missing one; none means the local outbox, which production refuses.
   */
  const messagingService = <T>(spec: {
    settings: Record<string, string | undefined>;
    /** For the refusal in production: what the first setting comes with and what it is. */
    requiredWith: string;
    /** For the half-configured error: 'e-mail over SMTP'. */
    service: string;
    localName: string;
    configured: T | null;
  }): T | { kind: 'outbox' } => {
    if (spec.configured) return spec.configured;
    const names = Object.keys(spec.settings);
    const missing = names.filter((name) => !spec.settings[name]);
    if (missing.length < names.length) {
      for (const name of missing) {
        problems.push(`${name} is missing: ${spec.service} needs ${names.join(', ')} together`);
      }
    } else if (production) {
      refuseFallback(names[0] ?? spec.service, spec.requiredWith, 'local outbox');
    } else {
      localServices.push(spec.localName);
    }
    return { kind: 'outbox' };
  };

  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  if (production && !e.PUBLIC_URL)
    refuseFallback('PUBLIC_URL', 'the https address users reach', 'http://localhost');
  if (production && e.PUBLIC_URL && publicUrl.protocol !== 'https:') {
    problems.push('PUBLIC_URL must be an https address when APP_ENV=production');
  }

  if (production && !e.APP_SECRET) {
    refuseFallback('APP_SECRET', 'the key for share codes and links', 'a key kept in the database');
  }

  const dataDir = path.resolve(e.DATA_DIR);
  let database: DatabaseConfig;
  if (e.DATABASE_URL) {
    database = { kind: 'postgres', url: e.DATABASE_URL };
  } else {
    database = { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
    localServices.push('database (embedded PGlite)');
    if (production) refuseFallback('DATABASE_URL', 'the PostgreSQL connection string', 'embedded PGlite');
  }

  let identity: IdentityConfig;
  const oidcSettings = {
    OIDC_ISSUER: e.OIDC_ISSUER,
    OIDC_CLIENT_ID: e.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET,
  };
  const setOidc = Object.entries(oidcSettings).filter(([, value]) => value);
  if (e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET) {
    identity = {
      kind: 'oidc',
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
    };
  } else {
    identity = { kind: 'local' };
    if (setOidc.length > 0) {
      for (const [name, value] of Object.entries(oidcSettings)) {
        if (!value)
          problems.push(
            `${name} is missing: OpenID Connect sign-in needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together`,
          );
      }
    } else if (production) {
      refuseFallback(
        'OIDC_ISSUER',
        'with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, the OpenID Connect provider',
        'local account chooser',
      );
    } else {
      localServices.push('sign-in (local account chooser)');
    }
  }

  const email = messagingService<EmailConfig>({
    settings: { SMTP_URL: e.SMTP_URL, MAIL_FROM: e.MAIL_FROM },
    service: 'e-mail over SMTP',
    requiredWith: 'with MAIL_FROM, the SMTP server that sends e-mail',
    localName: 'e-mail (local outbox)',
    configured: e.SMTP_URL && e.MAIL_FROM ? { kind: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM } : null,
  });

  const twilioSender: TwilioSender | null = e.TWILIO_MESSAGING_SERVICE_SID
    ? { messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID }
    : e.TWILIO_FROM_NUMBER
      ? { from: e.TWILIO_FROM_NUMBER }
      : null;
  if (e.TWILIO_MESSAGING_SERVICE_SID && e.TWILIO_FROM_NUMBER) {
    problems.push('Set TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID, not both');
  }
  const twilioBaseUrl = e.TWILIO_BASE_URL ?? TWILIO_DEFAULT_BASE_URL;
  if (production && new URL(twilioBaseUrl).protocol !== 'https:') {
    problems.push('TWILIO_BASE_URL must be an https address when APP_ENV=production');
  }
  const sms = messagingService<SmsConfig>({
    settings: {
      TWILIO_ACCOUNT_SID: e.TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: e.TWILIO_AUTH_TOKEN,
      'TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID': twilioSender ? 'set' : undefined,
    },
    service: 'SMS through Twilio',
    requiredWith:
      'with TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID, the Twilio account that sends SMS',
    localName: 'SMS (local outbox)',
    configured:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && twilioSender
        ? {
            kind: 'twilio',
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            sender: twilioSender,
            baseUrl: twilioBaseUrl.replace(/\/+$/, ''),
          }
        : null,
  });

  let photoStorage: PhotoStorageConfig = { kind: 'disk', dir: path.join(dataDir, 'photos') };
  const s3Settings = {
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  if (e.PHOTO_STORAGE === 's3') {
    for (const [name, value] of Object.entries(s3Settings)) {
      if (!value)
        problems.push(`${name} is missing: PHOTO_STORAGE=s3 needs ${Object.keys(s3Settings).join(', ')}`);
    }
    if (e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY) {
      photoStorage = {
        kind: 's3',
        ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      };
    }
  } else {
    // Photos on the disk while a bucket is set up is a fallback nobody chose: say so rather than lose them.
    const setS3 = Object.entries({ S3_ENDPOINT: e.S3_ENDPOINT, ...s3Settings }).filter(([, value]) => value);
    if (setS3.length > 0) {
      problems.push(
        `${setS3.map(([name]) => name).join(', ')} set but PHOTO_STORAGE is disk: set PHOTO_STORAGE=s3 to use the bucket, or unset them`,
      );
    }
  }

  const stripeSettings = {
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_PROFESSIONAL_MONTHLY: e.STRIPE_PRICE_PROFESSIONAL_MONTHLY,
    STRIPE_PRICE_PROFESSIONAL_YEARLY: e.STRIPE_PRICE_PROFESSIONAL_YEARLY,
    STRIPE_PRICE_ENTERPRISE_MONTHLY: e.STRIPE_PRICE_ENTERPRISE_MONTHLY,
    STRIPE_PRICE_ENTERPRISE_YEARLY: e.STRIPE_PRICE_ENTERPRISE_YEARLY,
  };
  let billing: BillingConfig;
  const missingStripe = Object.entries(stripeSettings).filter(([, value]) => !value);
  if (
    e.STRIPE_SECRET_KEY &&
    e.STRIPE_WEBHOOK_SECRET &&
    e.STRIPE_PRICE_PROFESSIONAL_MONTHLY &&
    e.STRIPE_PRICE_PROFESSIONAL_YEARLY &&
    e.STRIPE_PRICE_ENTERPRISE_MONTHLY &&
    e.STRIPE_PRICE_ENTERPRISE_YEARLY
  ) {
    billing = {
      kind: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      prices: {
        professional: {
          month: e.STRIPE_PRICE_PROFESSIONAL_MONTHLY,
          year: e.STRIPE_PRICE_PROFESSIONAL_YEARLY,
        },
        enterprise: { month: e.STRIPE_PRICE_ENTERPRISE_MONTHLY, year: e.STRIPE_PRICE_ENTERPRISE_YEARLY },
      },
      ...(e.STRIPE_API_BASE ? { apiBase: new URL(e.STRIPE_API_BASE) } : {}),
    };
    const prices = Object.values(billing.prices).flatMap((byInterval) => Object.values(byInterval));
    if (new Set(prices).size !== prices.length) {
      problems.push('The four STRIPE_PRICE_* settings must name four different prices');
    }
    if (production && billing.apiBase && billing.apiBase.protocol !== 'https:') {
      problems.push('STRIPE_API_BASE must be an https address when APP_ENV=production');
    }
  } else {
    if (missingStripe.length < Object.keys(stripeSettings).length) {
      for (const [name] of missingStripe) {
        problems.push(
          `${name} is missing: billing through Stripe needs ${Object.keys(stripeSettings).join(', ')}`,
        );
      }
    }
    if (production) {
      // Not a fallback: a server may sell nothing by card (tiers set with `npm run admin -- set-tier`).
      billing = { kind: 'off' };
    } else {
      billing = { kind: 'local' };
      localServices.push('billing (test checkout)');
    }
  }

  let analytics: AnalyticsConfig;
  if (e.ANALYTICS_URL && e.ANALYTICS_SITE_ID) {
    analytics = { kind: 'plausible', url: e.ANALYTICS_URL.replace(/\/+$/, ''), siteId: e.ANALYTICS_SITE_ID };
    if (production && new URL(e.ANALYTICS_URL).protocol !== 'https:') {
      problems.push('ANALYTICS_URL must be an https address when APP_ENV=production');
    }
  } else {
    if (e.ANALYTICS_URL || e.ANALYTICS_SITE_ID) {
      problems.push(
        `${e.ANALYTICS_URL ? 'ANALYTICS_SITE_ID' : 'ANALYTICS_URL'} is missing: analytics needs ANALYTICS_URL and ANALYTICS_SITE_ID together`,
      );
    }
    analytics = production ? { kind: 'off' } : { kind: 'local' };
  }

  const translation = translationConfig(e, env.PATH, production, problems);

  const trustProxy = parseTrustProxy(e.TRUST_PROXY, problems);
  const allowedCountries = smsAllowedCountries(e.SMS_ALLOWED_COUNTRIES, problems);

  if (e.SESSION_MAX_HOURS < e.SESSION_IDLE_HOURS) {
    problems.push('SESSION_MAX_HOURS must not be shorter than SESSION_IDLE_HOURS');
  }

  if (problems.length > 0) throw new ConfigError(problems);

  const hour = 60 * 60 * 1000;
  return {
    appEnv: e.APP_ENV,
    port: e.PORT,
    // Local mode (sign-in as anyone, codes in the outbox) stays on this machine unless HOST says otherwise.
    host: e.HOST ?? (localServices.length > 0 ? LOOPBACK_HOST : '0.0.0.0'),
    publicUrl,
    dataDir,
    database,
    identity,
    email,
    sms,
    smsLimits: { allowedCountries, maxPerHour: e.SMS_MAX_PER_HOUR },
    photoStorage,
    billing,
    analytics,
    metrics: { port: e.METRICS_PORT ?? null, host: e.METRICS_HOST, token: e.METRICS_TOKEN ?? null },
    translation,
    siteName: e.SITE_NAME,
    logLevel: e.LOG_LEVEL,
    trustProxy,
    session: { idleMs: e.SESSION_IDLE_HOURS * hour, maxMs: e.SESSION_MAX_HOURS * hour },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    appSecret: e.APP_SECRET ?? null,
    contact: {
      supportEmail:
        e.SUPPORT_EMAIL ??
        `support@${publicUrl.hostname === 'localhost' ? 'listsync.example' : publicUrl.hostname}`,
      smsSenderNumber: e.SMS_SENDER_NUMBER ?? e.TWILIO_FROM_NUMBER ?? '+1 (555) 010-0199',
      companyTradeName: e.COMPANY_TRADE_NAME ?? `${e.SITE_NAME} Consulting`,
      companyLegalName: e.COMPANY_LEGAL_NAME ?? `${e.SITE_NAME} Labs LLC`,
    },
    localServices,
    redisUrl: e.REDIS_URL ?? null,
  };
}

/**
 * SMS_ALLOWED_COUNTRIES: a comma list of ISO 3166 alpha-2 codes ('US,CA,GB'), any case; unset means
 * the default (decision 0017). Each unknown code, or an empty list, is a start-up problem.
 */
function smsAllowedCountries(setting: string | undefined, problems: string[]): string[] {
  if (setting === undefined) return [...DEFAULT_SMS_ALLOWED_COUNTRIES];
  const codes = setting
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  const unknown = codes.filter((code) => !/^[A-Z]{2}$/.test(code) || !isPhoneCountry(code));
  if (unknown.length > 0) {
    problems.push(
      `SMS_ALLOWED_COUNTRIES: ${unknown.map((code) => `'${code}'`).join(', ')} ${unknown.length === 1 ? 'is not an ISO 3166 alpha-2 country code' : 'are not ISO 3166 alpha-2 country codes'} with phone numbers (expected a comma list such as US,CA,GB)`,
    );
  } else if (codes.length === 0) {
    problems.push(
      'SMS_ALLOWED_COUNTRIES is empty: name at least one country (such as US,CA), or leave it unset',
    );
  }
  return [...new Set(codes)];
}

export function publicConfig(config: Config): PublicConfig {
  return {
    siteName: config.siteName,
    localMode: config.localServices.length > 0,
    localServices: config.localServices,
    billing: billingMode(config),
    ...config.contact,
  };
}

export function billingMode(config: Pick<Config, 'billing'>): BillingMode {
  return config.billing.kind;
}

export function usesSecureCookies(config: Config): boolean {
  return config.publicUrl.protocol === 'https:';
}
