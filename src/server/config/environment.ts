import { z } from 'zod';
import { AnalyticsEnv } from './analytics.ts';
import { BillingEnv } from './billing.ts';
import { DatabaseEnv } from './database.ts';
import { GeocodingEnv } from './geocoding.ts';
import { IdentityEnv } from './identity.ts';
import { MessagingEnv } from './messaging.ts';
import { MetricsEnv } from './metrics.ts';
import { NetworkEnv } from './network.ts';
import { PhotoStorageEnv } from './photo-storage.ts';
import { RateLimitsEnv } from './rate-limits.ts';
import { RequestTimeoutsEnv } from './request-timeouts.ts';
import { RuntimeEnv } from './runtime.ts';
import { SecurityEnv } from './security.ts';
import { SiteEnv } from './site.ts';
import { TranslationEnv } from './translation.ts';
import { WorkersEnv } from './workers.ts';

/**
 * The whole environment, from each concern's part (its module holds the settings' schema and how they
 * are read), parsed at once so that every malformed value is reported together.
 */
export const EnvSchema = z.object({
  ...TranslationEnv.shape,
  ...RuntimeEnv.shape,
  ...NetworkEnv.shape,
  ...DatabaseEnv.shape,
  ...SiteEnv.shape,
  ...IdentityEnv.shape,
  ...SecurityEnv.shape,
  ...MessagingEnv.shape,
  ...PhotoStorageEnv.shape,
  ...BillingEnv.shape,
  ...AnalyticsEnv.shape,
  ...GeocodingEnv.shape,
  ...MetricsEnv.shape,
  ...RateLimitsEnv.shape,
  ...RequestTimeoutsEnv.shape,
  ...WorkersEnv.shape,
});
export type Env = z.infer<typeof EnvSchema>;

/**
 * The order malformed settings are reported in: that of the one schema these parts were split from,
 * so start-up output reads as it did. environment.test.ts checks that it names every setting once.
 */
export const REPORT_ORDER = [
  'TRANSLATION_PROVIDER',
  'LIBRETRANSLATE_URL',
  'LIBRETRANSLATE_API_KEY',
  'DEEPL_AUTH_KEY',
  'DEEPL_API_URL',
  'GOOGLE_TRANSLATE_API_KEY',
  'GOOGLE_TRANSLATE_URL',
  'APERTIUM_MODES_DIR',
  'APP_ENV',
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATA_DIR',
  'DATABASE_URL',
  'SITE_NAME',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'SESSION_IDLE_HOURS',
  'SESSION_MAX_HOURS',
  'SHUTDOWN_TIMEOUT_MS',
  'SUPPORT_EMAIL',
  'APP_SECRET',
  'SMS_SENDER_NUMBER',
  'SMS_ALLOWED_COUNTRIES',
  'SMS_MAX_PER_HOUR',
  'SMS_RESERVED_PERCENT',
  'MAILING_LIST_MAX_PER_HOUR',
  'COMPANY_TRADE_NAME',
  'COMPANY_LEGAL_NAME',
  'SMTP_URL',
  'MAIL_FROM',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM_NUMBER',
  'TWILIO_MESSAGING_SERVICE_SID',
  'TWILIO_BASE_URL',
  'PHOTO_STORAGE',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_PROFESSIONAL_MONTHLY',
  'STRIPE_PRICE_PROFESSIONAL_YEARLY',
  'STRIPE_PRICE_ENTERPRISE_MONTHLY',
  'STRIPE_PRICE_ENTERPRISE_YEARLY',
  'STRIPE_API_BASE',
  'BILLING_TEST_CHECKOUT',
  'ANALYTICS_URL',
  'ANALYTICS_SITE_ID',
  'GEOCODER_URL',
  'METRICS_PORT',
  'METRICS_HOST',
  'METRICS_TOKEN',
  'REDIS_URL',
  'HEADERS_TIMEOUT_MS',
  'BODY_TIMEOUT_MS',
  'REQUEST_TIMEOUT_MS',
  'RATE_LIMIT_IPV6_PREFIX',
  'API_TOKEN_RATE_LIMIT',
  'WORKER_THREADS',
  'WORKER_QUEUE_MAX',
] as const satisfies readonly (keyof Env)[];

const reportRank = new Map<PropertyKey | undefined, number>(REPORT_ORDER.map((name, rank) => [name, rank]));

/** The settings, or one problem per malformed value ('PORT: …'), in REPORT_ORDER. */
export function parseEnvironment(
  env: Record<string, string | undefined>,
): { ok: true; settings: Env } | { ok: false; problems: string[] } {
  const parsed = EnvSchema.safeParse(env);
  if (parsed.success) return { ok: true, settings: parsed.data };
  // A stable sort: a setting's own issues stay in the order its schema found them.
  const issues = [...parsed.error.issues].sort(
    (a, b) => (reportRank.get(a.path[0]) ?? -1) - (reportRank.get(b.path[0]) ?? -1),
  );
  return {
    ok: false,
    problems: issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
  };
}
