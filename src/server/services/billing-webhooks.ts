import type { FastifyBaseLogger } from 'fastify';
import { type PaidTier, SUBSCRIPTION_STATUSES } from '#domain/billing';
import type {
  BillingEvent,
  BillingProvider,
  ProviderSubscription,
} from '../adapters/billing/billing-provider.ts';
import type { Database } from '../db/client.ts';
import {
  billingEventSeen,
  completeCheckout,
  expireOpenCheckout,
  insertCustomerIfAbsent,
  recordBillingEvent,
  storeSubscription,
  subscriptionIn,
  teamOfCustomer,
} from '../repositories/billing.ts';
import { announce } from '../repositories/change-notices.ts';
import { teamExists } from '../repositories/teams.ts';
import { LIVE_STATUSES, recomputeTier } from './billing-state.ts';

/**
 * POST /api/billing/webhook: the only thing that changes a plan. The provider checks the raw body's
 * signature and reads the event (Stripe's deliveries and local mode's alike, adapters/billing); each
 * event id is applied once; and the event is never trusted for the subscription's state: the
 * provider's current copy is fetched and stored unless a copy fetched later is already stored. Events
 * may so arrive late, twice, or in any order and the stored state is still the provider's latest.
 * users.tier follows in the same transaction.
 */

export interface WebhookContext {
  db: Database;
  provider: BillingProvider;
  log: FastifyBaseLogger;
  /** Counts a subscription left unapplied (metrics: listsync_billing_subscriptions_refused_total). */
  refused?: (reason: RefusedSubscription) => void;
}

/** Why a subscription's copy was not applied: its price is not one this server sells, or whose it is. */
export type RefusedSubscription = 'unknown_price' | 'unknown_owner';

export type WebhookOutcome = 'applied' | 'replayed' | 'ignored';

type CheckoutCompleted = Extract<BillingEvent, { kind: 'checkout_completed' }>;
type CheckoutExpired = Extract<BillingEvent, { kind: 'checkout_expired' }>;
type SubscriptionChanged = Extract<BillingEvent, { kind: 'subscription_changed' }>;

export async function applyWebhookEvent(
  context: WebhookContext,
  event: BillingEvent,
): Promise<WebhookOutcome> {
  if (event.kind === 'ignored') return 'ignored';
  if (await billingEventSeen(context.db, event.id)) return 'replayed';
  switch (event.kind) {
    case 'checkout_expired':
      return applyCheckoutExpired(context.db, event);
    case 'checkout_completed':
    case 'subscription_changed':
      return applySubscription(context, event);
  }
}

/** An unpaid checkout ended (expired, or replaced by a newer one): it is no longer the owner's open one. */
function applyCheckoutExpired(db: Database, event: CheckoutExpired): Promise<WebhookOutcome> {
  return recordOnce(db, event, async (tx) => {
    if (event.checkoutId) await expireOpenCheckout(tx, event.checkoutId);
  });
}

/** Whose the subscription's current copy is, on which tier, and its price's plan (null: not one of ours). */
interface SubscriptionOwner {
  /** The team whose plan it is. */
  teamId: string;
  tier: PaidTier;
  plan: ReturnType<BillingProvider['planOfPrice']>;
}

/**
 * A checkout completed or a subscription changed: the subscription's current copy is fetched and
 * stored for its owner, whose tier follows; a completed checkout is marked so.
 */
async function applySubscription(
  context: WebhookContext,
  event: CheckoutCompleted | SubscriptionChanged,
): Promise<WebhookOutcome> {
  const { db, provider, log } = context;
  if (!event.subscriptionId) {
    // An invoice of no subscription, a payment-mode checkout: nothing of ours.
    return recordOnce(db, event, async () => {});
  }

  // The copy fetched now is at least as new as any event: it is what gets stored.
  const syncedAt = new Date();
  const current = await provider.retrieveSubscription(event.subscriptionId);
  if (!current) {
    log.warn(
      { eventId: event.id, type: event.providerType },
      'billing: the event names a subscription the provider does not know',
    );
    return recordOnce(db, event, async () => {});
  }

  const checkout = event.kind === 'checkout_completed' ? event : null;
  const owner = await ownerAndPlan(context, event, current, checkout?.teamId ?? null);
  if (!owner) return 'ignored';

  return recordOnce(db, event, async (tx) => {
    if (checkout?.teamId && checkout.teamId === owner.teamId) {
      // The checkout's owner now has a customer, if the session made one.
      await insertCustomerIfAbsent(tx, owner.teamId, current.customerId);
    }
    await storeSubscription(tx, {
      id: current.id,
      teamId: owner.teamId,
      customerId: current.customerId,
      tier: owner.tier,
      status: current.status,
      providerStatus: current.providerStatus,
      interval: owner.plan?.interval ?? current.interval ?? 'month',
      priceId: current.priceId,
      currentPeriodEnd: current.currentPeriodEnd,
      cancelAtPeriodEnd: current.cancelAtPeriodEnd,
      trialEnd: current.trialEnd,
      syncedAt,
      updatedAt: new Date(),
    });
    if (checkout?.checkoutId) await completeCheckout(tx, checkout.checkoutId, owner.teamId, current.id);
    await recomputeTier(tx, owner.teamId);
    // Sent at commit, like every realtime notice: the owner's open dashboards show the new plan.
    await announce(tx, { kind: 'plan', teamId: owner.teamId });
  });
}

/**
 * Whose subscription it is and on which plan; null (logged and counted) when the owner or the price
 * is unknown. Only the price decides the tier (decision 0008): the subscription's metadata is written
 * by whoever made it, so a price this server does not sell never gives a plan, whatever it says.
 * Such an event is not recorded: once the settings name the price, resending it from Stripe applies
 * it. One exception, which can only take a plan away: a subscription we hold that is no longer live.
 */
async function ownerAndPlan(
  context: WebhookContext,
  event: CheckoutCompleted | SubscriptionChanged,
  current: ProviderSubscription,
  checkoutUser: string | null,
): Promise<SubscriptionOwner | null> {
  const teamId = await teamOf(context.db, current, checkoutUser);
  const plan = context.provider.planOfPrice(current.priceId);
  if (teamId && plan) return { teamId, tier: plan.tier, plan };
  const ended = teamId ? await endedOnUnknownPrice(context.db, current, teamId) : null;
  if (ended) return ended;
  const reason: RefusedSubscription = teamId ? 'unknown_price' : 'unknown_owner';
  context.refused?.(reason);
  context.log.error(
    {
      eventId: event.id,
      type: event.providerType,
      subscriptionId: event.subscriptionId,
      priceId: current.priceId,
      reason,
    },
    teamId
      ? 'billing: a subscription on a price this server does not sell; the plan is left as it was'
      : 'billing: a subscription of no known owner; not applied',
  );
  return null;
}

/**
 * A subscription we hold that ended (canceled, unpaid…) on a price the settings no longer name: its
 * end is stored, on the tier we stored for it (which a subscription that is not live never gives), so
 * a plan nobody pays for does not stay. Null for a live one, or one we never stored.
 */
async function endedOnUnknownPrice(
  db: Database,
  current: ProviderSubscription,
  teamId: string,
): Promise<SubscriptionOwner | null> {
  if (LIVE_STATUSES.includes(current.status)) return null;
  const stored = await subscriptionIn(db, current.id, teamId, SUBSCRIPTION_STATUSES);
  return stored ? { teamId, tier: stored.tier, plan: null } : null;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Applies the event's changes and records its id in one transaction; a concurrent delivery of the
 * same event that recorded it first makes this one a replay (its changes roll back).
 */
async function recordOnce(
  db: Database,
  event: BillingEvent,
  apply: (tx: Transaction) => Promise<void>,
): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    if (!(await recordBillingEvent(tx, { id: event.id, type: event.providerType }))) return 'replayed';
    await apply(tx);
    return 'applied';
  });
}

/**
 * Whose subscription it is: the customer we made for a team decides; the subscription's metadata
 * (set at checkout) and the checkout's client_reference_id are read only when the customer is unknown.
 * Metadata written before teams names `userId`: the owner's id, which is their first team's id.
 */
async function teamOf(db: Database, subscription: ProviderSubscription, checkoutTeam: string | null) {
  const byCustomer = await teamOfCustomer(db, subscription.customerId);
  if (byCustomer) return byCustomer;
  const claimed = subscription.metadata.teamId ?? subscription.metadata.userId ?? checkoutTeam;
  if (!claimed) return null;
  return (await teamExists(db, claimed)) ? claimed : null;
}

/** POST /api/billing/webhook: the delivery's signature checked against its raw bytes, then applied once. */
export async function receiveWebhook(
  context: WebhookContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ event: BillingEvent; outcome: WebhookOutcome }> {
  const event = await context.provider.readWebhook(rawBody, signature);
  return { event, outcome: await applyWebhookEvent(context, event) };
}
