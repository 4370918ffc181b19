import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';

/**
 * What the public pages collect without an account (repositories/public-forms.ts): mailing-list
 * signups and SMS consent records.
 */

/** Mailing-list signups, one row per normalised address. */
export const mailingListSubscribers = pgTable(
  'mailing_list_subscribers',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    lastRequestedAt: timestamptz('last_requested_at').notNull().defaultNow(),
    requestCount: integer('request_count').notNull().default(1),
    /**
     * Double opt-in (issue 18): an address is a subscriber only once its owner confirmed it from the
     * e-mail sent to it, and until they leave. `confirmation_sent_at` spaces confirmation e-mails (one
     * a day) and counts them (the hourly ceiling).
     */
    confirmationSentAt: timestamptz('confirmation_sent_at'),
    confirmedAt: timestamptz('confirmed_at'),
    unsubscribedAt: timestamptz('unsubscribed_at'),
  },
  (t) => [
    uniqueIndex('mailing_list_subscribers_email_key').on(t.email),
    // The hourly ceiling of confirmation e-mails counts the recent ones (decision 0042).
    index('mailing_list_subscribers_confirmation_sent_idx').on(t.confirmationSentAt),
  ],
);

/** SMS consent records: each submission is kept as evidence (append-only). */
export const smsConsents = pgTable(
  'sms_consents',
  {
    id: text('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    consent: boolean('consent').notNull(),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    consentedAt: timestamptz('consented_at').notNull().default(sql`now()`),
  },
  (t) => [index('sms_consents_phone_number_idx').on(t.phoneNumber)],
);
