import { bigserial, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';
import { teams } from './teams.ts';

/**
 * What keeps the service running rather than what owners made: answers kept for Idempotency-Keys,
 * rate-limit counts, periodic jobs, local mode's secrets and analytics, and the machine translations
 * made once.
 */

/**
 * The answer given to each mutation that carried an Idempotency-Key, kept at least 24 hours so a
 * client replaying work it queued offline (or retrying after a lost answer) gets the same answer
 * and the change is applied once. Keys are per principal: the owner's user id, or 'recipient:' and
 * the recipient browser's hash. `requestHash` fingerprints method, path and body: the same key with
 * another request is refused. A row with no status is a request still in flight.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.principal, t.key] }),
    index('idempotency_keys_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * The shared per-key request counts of the rate limits (adapters/rate-limit/postgres-store.ts): one
 * row per key (route and client address) and fixed window. UNLOGGED (migration 0012): a count needs
 * no crash safety (a crash forgets at most one window), and its writes skip the write-ahead log.
 * Windows that ended are deleted by the periodic job (services/jobs.ts).
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('rate_limit_windows_expires_at_idx').on(t.expiresAt)],
);

/**
 * When each periodic job (services/jobs.ts) is next due, for every instance: the instance whose
 * statement moves `next_run_at` forward runs it, so a job runs once a period across instances.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamptz('next_run_at').notNull(),
  lastStartedAt: timestamptz('last_started_at').notNull(),
  /** Which instance ran it last (host and process id), for the logs. */
  lastRunner: text('last_runner').notNull(),
});

/** Secrets the server made itself in local mode (APP_SECRET unset), shared by every instance. */
export const localSecrets = pgTable('local_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Local mode's analytics: the events the analytics adapter recorded, listed at GET /api/dev/analytics. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    props: jsonb('props').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_created_at_idx').on(t.createdAt)],
);

/**
 * Machine translations, each made once per team, engine and pair of languages: keyed by the SHA-256
 * (hex) of the text, so an edited text is a new key and an unchanged one is never sent again. The
 * team is part of the key (migration 0023, decision 0044): a translation made for one team is never
 * seen by another, so whether a text is cached tells nobody about another team's texts. Rows are
 * never updated, and go with their team; nothing here is personal beyond the texts the team asked to
 * have translated.
 */
export const translations = pgTable(
  'translations',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    sourceLang: text('source_lang').notNull(),
    targetLang: text('target_lang').notNull(),
    textHash: text('text_hash').notNull(),
    translatedText: text('translated_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.provider, t.sourceLang, t.targetLang, t.textHash] })],
);
