import { z } from 'zod';
import { MAILING_LIST_LIMITS } from '#domain/mailing-list';
import { SMS_LIMITS } from '#domain/sharing';
import { DEFAULT_SMS_ALLOWED_COUNTRIES, isPhoneCountry } from '#domain/sms-destinations';
import { optionalHttpUrl, optionalText } from './env-fields.ts';
import { refuseFallback, requireHttpsInProduction, type SettingsCheck } from './settings-check.ts';

/**
 * How codes and notices leave: e-mail over SMTP and SMS through Twilio, each to the local outbox when
 * not configured; where codes may be texted and how many an hour (decision 0017).
 */

const CONFIRMATIONS_PROBLEM = 'MAILING_LIST_MAX_PER_HOUR must be a whole number of e-mails from 1 to 1000000';
const RESERVED_PERCENT_PROBLEM = 'SMS_RESERVED_PERCENT must be a whole percentage from 0 to 100';

export const MessagingEnv = z.object({
  SMS_ALLOWED_COUNTRIES: optionalText,
  SMS_MAX_PER_HOUR: z.coerce
    .number({ error: 'SMS_MAX_PER_HOUR must be a whole number of text messages' })
    .int({ error: 'SMS_MAX_PER_HOUR must be a whole number of text messages' })
    .min(1)
    .max(1_000_000)
    .default(SMS_LIMITS.servicePerHourDefault),
  SMS_RESERVED_PERCENT: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,3}$/, RESERVED_PERCENT_PROBLEM)
      .transform(Number)
      .pipe(z.number().max(100, RESERVED_PERCENT_PROBLEM))
      .default(SMS_LIMITS.reservedPercentDefault),
  ),
  MAILING_LIST_MAX_PER_HOUR: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,7}$/, CONFIRMATIONS_PROBLEM)
      .transform(Number)
      .pipe(z.number().min(1, CONFIRMATIONS_PROBLEM).max(1_000_000, CONFIRMATIONS_PROBLEM))
      .default(MAILING_LIST_LIMITS.confirmationsPerHourDefault),
  ),
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
  TWILIO_BASE_URL: optionalHttpUrl,
});
export type MessagingEnv = z.infer<typeof MessagingEnv>;

export type EmailConfig =
  | { kind: 'smtp'; url: string; from: string }
  /** Stored in the outbox_messages table and logged; readable at GET /api/dev/outbox. */
  | { kind: 'outbox' };

/** Twilio sends from a number (or alphanumeric sender id), or through a messaging service. */
export type TwilioSender = { from: string } | { messagingServiceSid: string };

export type SmsConfig =
  | { kind: 'twilio'; accountSid: string; authToken: string; sender: TwilioSender; baseUrl: string }
  | { kind: 'outbox' };

/**
 * Where codes may be texted (ISO 3166 alpha-2), how many an hour the whole service may text, and the
 * part of those (percent) only established senders may use (decision 0042).
 */
export interface SmsLimits {
  allowedCountries: string[];
  maxPerHour: number;
  reservedPercent: number;
}

export const TWILIO_DEFAULT_BASE_URL = 'https://api.twilio.com';

/**
 * A messaging service is used when all its settings are set. Some but not all is a start-up error
 * naming each missing one; none means the local outbox, which production refuses.
 */
function messagingService<T>(
  check: SettingsCheck,
  spec: {
    settings: Record<string, string | undefined>;
    /** For the refusal in production: what the first setting comes with and what it is. */
    requiredWith: string;
    /** For the half-configured error: 'e-mail over SMTP'. */
    service: string;
    localName: string;
    configured: T | null;
  },
): T | { kind: 'outbox' } {
  if (spec.configured) return spec.configured;
  const names = Object.keys(spec.settings);
  const missing = names.filter((name) => !spec.settings[name]);
  if (missing.length < names.length) {
    for (const name of missing) {
      check.problems.push(`${name} is missing: ${spec.service} needs ${names.join(', ')} together`);
    }
  } else if (check.production) {
    refuseFallback(check, names[0] ?? spec.service, spec.requiredWith, 'local outbox');
  } else {
    check.localServices.push(spec.localName);
  }
  return { kind: 'outbox' };
}

export function readEmail(e: MessagingEnv, check: SettingsCheck): EmailConfig {
  return messagingService<EmailConfig>(check, {
    settings: { SMTP_URL: e.SMTP_URL, MAIL_FROM: e.MAIL_FROM },
    service: 'e-mail over SMTP',
    requiredWith: 'with MAIL_FROM, the SMTP server that sends e-mail',
    localName: 'e-mail (local outbox)',
    configured: e.SMTP_URL && e.MAIL_FROM ? { kind: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM } : null,
  });
}

export function readSms(e: MessagingEnv, check: SettingsCheck): SmsConfig {
  const twilioSender: TwilioSender | null = e.TWILIO_MESSAGING_SERVICE_SID
    ? { messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID }
    : e.TWILIO_FROM_NUMBER
      ? { from: e.TWILIO_FROM_NUMBER }
      : null;
  if (e.TWILIO_MESSAGING_SERVICE_SID && e.TWILIO_FROM_NUMBER) {
    check.problems.push('Set TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID, not both');
  }
  const twilioBaseUrl = e.TWILIO_BASE_URL ?? TWILIO_DEFAULT_BASE_URL;
  requireHttpsInProduction(check, 'TWILIO_BASE_URL', twilioBaseUrl);
  return messagingService<SmsConfig>(check, {
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
}

export function readSmsLimits(e: MessagingEnv, check: SettingsCheck): SmsLimits {
  return {
    allowedCountries: smsAllowedCountries(e.SMS_ALLOWED_COUNTRIES, check.problems),
    maxPerHour: e.SMS_MAX_PER_HOUR,
    reservedPercent: e.SMS_RESERVED_PERCENT,
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
