import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApiScope } from '#domain/api-access';
import type { WebhookDeliveryType, WebhookEvent } from '#domain/webhooks';
import { users } from './accounts.ts';
import { createdAt, timestamptz } from './columns.ts';
import { teams } from './teams.ts';

/**
 * API access and integrations (docs/integrations.md): a team's API tokens, its webhook endpoints, and
 * the durable queue of deliveries with each attempt made.
 */

/**
 * A team's API token. Only the SHA-256 of its secret is kept. A token is used through a row in
 * `sessions` (same id hash, `api_token_id` set, the token's team as its active team), so every route
 * that checks a session in its own statement checks a token the same way (decision 0049).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The member it acts as (who the activity trail names); their tokens go when they leave the team. */
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<ApiScope[]>().notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_tokens_secret_hash_key').on(t.secretHash),
    index('api_tokens_team_idx').on(t.teamId, t.createdAt),
  ],
);

/** A team's webhook endpoint. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    /** The signing secret (`whsec_…`), sealed with the server's key (never stored in clear). */
    sealedSecret: text('sealed_secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamptz('disabled_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhooks_team_idx').on(t.teamId, t.createdAt)],
);

export const WEBHOOK_DELIVERY_STATUS_VALUES = ['pending', 'succeeded', 'failed'] as const;

/**
 * One event for one endpoint: the durable queue. `id` is the `webhook-id` every attempt carries; the
 * body is fixed when the event happens, so each attempt sends the same bytes. An instance claims a
 * due delivery by moving `next_attempt_at` past its lease and raising `attempts` in one statement
 * (FOR UPDATE SKIP LOCKED), so no two instances send the same attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    teamId: text('team_id').notNull(),
    event: text('event').$type<WebhookDeliveryType>().notNull(),
    /** The JSON body, exactly as signed and sent. */
    body: text('body').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUS_VALUES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt may be claimed (while one is in flight: when its lease ends). */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** Past this, a failed attempt fails the delivery for good (3 days after it was made or retried). */
    giveUpAt: timestamptz('give_up_at').notNull(),
    lastAttemptAt: timestamptz('last_attempt_at'),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: createdAt(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
  ],
);

/** Each attempt of a delivery: the log's detail, and the proof that an attempt was made once. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    /** The instance that made it (host and process id). */
    instance: text('instance').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [uniqueIndex('webhook_attempts_key').on(t.deliveryId, t.attempt)],
);
