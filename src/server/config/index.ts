import type { BillingMode } from '#domain/billing';
import type { PublicConfig } from '#domain/site';
import { type AnalyticsConfig, readAnalytics } from './analytics.ts';
import { type BillingConfig, readBilling } from './billing.ts';
import { type DatabaseConfig, readDatabase } from './database.ts';
import { parseEnvironment } from './environment.ts';
import { type GeocodingConfig, readGeocoding } from './geocoding.ts';
import { type IdentityConfig, readIdentity } from './identity.ts';
import {
  type EmailConfig,
  readEmail,
  readSms,
  readSmsLimits,
  type SmsConfig,
  type SmsLimits,
} from './messaging.ts';
import { type MetricsConfig, readMetrics } from './metrics.ts';
import { listenHost, parseTrustProxy, readPublicUrl, type TrustProxy } from './network.ts';
import { type PhotoStorageConfig, readPhotoStorage } from './photo-storage.ts';
import { type RequestTimeouts, readRequestTimeouts } from './request-timeouts.ts';
import type { AppEnv, LogLevel } from './runtime.ts';
import { readAppSecret, readSessionLifetimes } from './security.ts';
import type { SettingsCheck } from './settings-check.ts';
import { type Contact, readContact } from './site.ts';
import { type TranslationConfig, translationConfig } from './translation.ts';
import { readWorkers, type WorkersConfig } from './workers.ts';

/**
 * The one typed view of the environment. Parsed once at start-up; it fails fast and names every
 * missing or malformed setting. In APP_ENV=production every local fallback is refused. Each concern
 * (network, database, identity, messaging, photo storage, billing, analytics, translation, metrics,
 * rate limits, security, the site) has a module here with its settings and how they are read.
 */

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
  smsLimits: SmsLimits;
  /** How many mailing-list confirmation e-mails an hour the whole service may send (decision 0042). */
  mailingListConfirmationsPerHour: number;
  photoStorage: PhotoStorageConfig;
  billing: BillingConfig;
  analytics: AnalyticsConfig;
  /** Where a checklist's address is looked up (geocoding.ts). */
  geocoding: GeocodingConfig;
  /**
   * GET /metrics (docs/decisions/0022): on its own port (`port`, on `host`, loopback by default) and/or
   * on the main port for a bearer `token`; null and null: not served.
   */
  metrics: MetricsConfig;
  /** The machine translation engine for the owner's texts (translation.ts). */
  translation: TranslationConfig;
  siteName: string;
  logLevel: LogLevel;
  /** Which proxies' X-Forwarded-* to believe: none, the nearest N hops, or these addresses (decision 0019). */
  trustProxy: TrustProxy;
  session: { idleMs: number; maxMs: number };
  /** How long a client may take to send its headers, its body, its whole request (docs/security.md). */
  requestTimeouts: RequestTimeouts;
  shutdownTimeoutMs: number;
  /**
   * The key behind share-code hashes and sealed share links. Null in local mode: the server then
   * makes one and keeps it in the database (services/share-secrets.ts).
   */
  appSecret: string | null;
  contact: Contact;
  /** The services running on a local fallback; empty when everything is configured. */
  localServices: string[];
  /** Where the rate limits count (docs/decisions/0020); null: in PostgreSQL. */
  redisUrl: string | null;
  /**
   * How many leading bits of an IPv6 address every per-address limit counts a client by
   * (RATE_LIMIT_IPV6_PREFIX, 64 unless set; ip-addresses.ts addressKey, decision 0042).
   */
  rateLimitIpv6Prefix: number;
  /** Requests each API token may make per minute (API_TOKEN_RATE_LIMIT, 600 unless set; decision 0049). */
  apiTokenRequestsPerMinute: number;
  /** The worker threads of CPU-heavy work, and how many jobs may wait for one (decision 0041). */
  workers: WorkersConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Malformed values first, all together; then each concern is read in turn, and every problem found
 * (a half-configured service, a fallback production refuses…) is reported together, in that order.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = parseEnvironment(env);
  if (!parsed.ok) throw new ConfigError(parsed.problems);
  const e = parsed.settings;
  const check: SettingsCheck = { production: e.APP_ENV === 'production', problems: [], localServices: [] };

  const publicUrl = readPublicUrl(e, check);
  const appSecret = readAppSecret(e, check);
  const { dataDir, database } = readDatabase(e, check);
  const identity = readIdentity(e, check);
  const email = readEmail(e, check);
  const sms = readSms(e, check);
  const photoStorage = readPhotoStorage(e, dataDir, check);
  const billing = readBilling(e, check);
  const analytics = readAnalytics(e, check);
  const geocoding = readGeocoding(e, check);
  const translation = translationConfig(e, env.PATH, check.production, check.problems);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY, check.problems);
  const smsLimits = readSmsLimits(e, check);
  const session = readSessionLifetimes(e, check);
  const requestTimeouts = readRequestTimeouts(e, check);
  const workers = readWorkers(e, check);
  if (check.problems.length > 0) throw new ConfigError(check.problems);

  return {
    appEnv: e.APP_ENV,
    port: e.PORT,
    host: listenHost(e, check.localServices),
    publicUrl,
    dataDir,
    database,
    identity,
    email,
    sms,
    smsLimits,
    mailingListConfirmationsPerHour: e.MAILING_LIST_MAX_PER_HOUR,
    photoStorage,
    billing,
    analytics,
    geocoding,
    metrics: readMetrics(e),
    translation,
    siteName: e.SITE_NAME,
    logLevel: e.LOG_LEVEL,
    trustProxy,
    session,
    requestTimeouts,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    appSecret,
    contact: readContact(e, publicUrl, e.TWILIO_FROM_NUMBER),
    localServices: check.localServices,
    redisUrl: e.REDIS_URL ?? null,
    rateLimitIpv6Prefix: e.RATE_LIMIT_IPV6_PREFIX,
    apiTokenRequestsPerMinute: e.API_TOKEN_RATE_LIMIT,
    workers,
  };
}

export function publicConfig(config: Config): PublicConfig {
  return {
    siteName: config.siteName,
    localMode: config.localServices.length > 0,
    localServices: config.localServices,
    billing: billingMode(config),
    simulatedPayments: config.billing.kind === 'local' && config.billing.reach === 'anyone',
    translation: config.translation.kind !== 'none',
    ...config.contact,
  };
}

export function billingMode(config: Pick<Config, 'billing'>): BillingMode {
  return config.billing.kind;
}

export function usesSecureCookies(config: Config): boolean {
  return config.publicUrl.protocol === 'https:';
}
