import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { BILLING_INTERVALS, PAID_TIERS, SUBSCRIPTION_STATUSES } from '#domain/billing';
import { createdAt, timestamptz } from './columns.ts';
import { teams } from './teams.ts';

/**
 * Paid plans (services/billing-state.ts): the team's customer at the billing provider, checkouts,
 * subscriptions as the provider last described them, the webhook events applied, and local mode's
 * stand-in for the provider.
 */

/** The team's customer at the billing provider (Stripe's `cus_…`), made once and reused for every checkout. */
export const billingCustomers = pgTable('billing_customers', {
  teamId: text('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A checkout the owner started. At most one is open per owner: a new one replaces (expires) the
 * last, unless it is for the same plan and interval and still open, which is then answered again.
 */
export const billingCheckouts = pgTable(
  'billing_checkouts',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: PAID_TIERS }).notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    url: text('url').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    subscriptionId: text('subscription_id'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('billing_checkouts_one_open_key').on(t.teamId).where(sql`${t.status} = 'open'`),
    index('billing_checkouts_team_idx').on(t.teamId),
  ],
);

/**
 * A paid subscription as the billing provider last described it. Only webhooks write here, from the
 * provider's current copy of the subscription (fetched, never taken from the event alone), and a
 * copy fetched earlier than the one stored is never written over it (`synced_at`).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    tier: text('tier', { enum: PAID_TIERS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    /** The provider's own status word (incomplete, unpaid, paused…), kept for support. */
    providerStatus: text('provider_status').notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    priceId: text('price_id').notNull(),
    currentPeriodEnd: timestamptz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    trialEnd: timestamptz('trial_end'),
    /** When the copy stored here was fetched from the provider. */
    syncedAt: timestamptz('synced_at').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_team_idx').on(t.teamId)],
);

/** Every webhook event applied, by its id: a replay (Stripe retries, an attacker's copy) changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

/**
 * Local mode's stand-in for Stripe's side: its customers, checkout sessions, subscriptions and
 * invoices as Stripe-shaped JSON (adapters/billing/local-billing.ts). Never used with Stripe configured.
 */
export const localBillingObjects = pgTable(
  'local_billing_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['customer', 'checkout.session', 'subscription', 'invoice'] }).notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('local_billing_objects_kind_idx').on(t.kind)],
);
