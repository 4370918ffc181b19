import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { PAID_TIERS, type PaidTier } from '#domain/billing';
import { AppError } from '#domain/errors';
import type { BillingProvider, ProviderSubscription } from '../adapters/billing/billing-provider.ts';
import { idOf, subscriptionIdOfInvoice } from '../adapters/billing/stripe-objects.ts';
import type { Database } from '../db/client.ts';
import {
  billingEventSeen,
  completeCheckout,
  expireOpenCheckout,
  insertCustomerIfAbsent,
  ownerOfCustomer,
  recordBillingEvent,
  storeSubscription,
} from '../repositories/billing.ts';
import { announce } from '../repositories/change-notices.ts';
import { existingUserId } from '../repositories/users.ts';
import { recomputeTier } from './billing-state.ts';

/**
 * POST /api/billing/webhook: the only thing that changes a plan. The raw body's signature is checked
 * with the Stripe SDK (Stripe's deliveries and local mode's alike); each event id is applied once; and
 * the event is never trusted for the subscription's state: the provider's current copy is fetched and
 * stored unless a copy fetched later is already stored. Events may so arrive late, twice, or in any
 * order and the stored state is still the provider's latest. users.tier follows in the same transaction.
 */

/** Signatures older than this are refused (Stripe's own default): a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_S = 300;

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export interface WebhookContext {
  db: Database;
  provider: BillingProvider;
  log: FastifyBaseLogger;
}

export type WebhookOutcome = 'applied' | 'replayed' | 'ignored';

interface VerifiedEvent {
  id: string;
  type: string;
  object: Record<string, unknown>;
}

export async function verifyWebhook(
  provider: BillingProvider,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<VerifiedEvent> {
  if (!signature) throw new AppError('signature_invalid', 'The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      await provider.webhookSecret(),
      SIGNATURE_TOLERANCE_S,
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new AppError('signature_invalid', 'The webhook signature is not valid.');
    }
    // A body that verified but is not an event (not JSON).
    throw new AppError('validation_failed', 'The webhook body is not a Stripe event.');
  }
  const object = (event as { data?: { object?: unknown } }).data?.object;
  if (
    typeof event.id !== 'string' ||
    typeof event.type !== 'string' ||
    typeof object !== 'object' ||
    !object
  ) {
    throw new AppError('validation_failed', 'The webhook body is not a Stripe event.');
  }
  return { id: event.id, type: event.type, object: object as Record<string, unknown> };
}

export async function applyWebhookEvent(
  context: WebhookContext,
  event: VerifiedEvent,
): Promise<WebhookOutcome> {
  const { db, provider, log } = context;
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return 'ignored';
  if (await billingEventSeen(db, event.id)) return 'replayed';

  const object = event.object;
  if (event.type === 'checkout.session.expired') {
    return recordOnce(db, event, async (tx) => {
      const id = idOf(object);
      if (id) await expireOpenCheckout(tx, id);
    });
  }

  const subscriptionId = event.type.startsWith('invoice.')
    ? subscriptionIdOfInvoice(object)
    : event.type === 'checkout.session.completed'
      ? idOf(object.subscription)
      : idOf(object);
  if (!subscriptionId) {
    // An invoice of no subscription, a payment-mode checkout: nothing of ours.
    return recordOnce(db, event, async () => {});
  }

  // The copy fetched now is at least as new as any event: it is what gets stored.
  const syncedAt = new Date();
  const current = await provider.retrieveSubscription(subscriptionId);
  if (!current) {
    log.warn(
      { eventId: event.id, type: event.type },
      'billing: the event names a subscription the provider does not know',
    );
    return recordOnce(db, event, async () => {});
  }

  const checkoutUser = event.type === 'checkout.session.completed' ? idOf(object.client_reference_id) : null;
  const userId = await ownerOf(db, current, checkoutUser);
  const plan = provider.planOfPrice(current.priceId);
  const tier = plan?.tier ?? tierOfMetadata(current.metadata.tier);
  if (!userId || !tier) {
    log.error(
      {
        eventId: event.id,
        type: event.type,
        subscriptionId,
        priceId: current.priceId,
        knownUser: Boolean(userId),
      },
      'billing: a subscription of no known owner or price; not applied',
    );
    // Not recorded: once the settings name the price, resending the event from Stripe applies it.
    return 'ignored';
  }

  return recordOnce(db, event, async (tx) => {
    if (checkoutUser && checkoutUser === userId) {
      // The checkout's owner now has a customer, if the session made one.
      await insertCustomerIfAbsent(tx, userId, current.customerId);
    }
    await storeSubscription(tx, {
      id: current.id,
      userId,
      customerId: current.customerId,
      tier,
      status: current.status,
      providerStatus: current.providerStatus,
      interval: plan?.interval ?? current.interval ?? 'month',
      priceId: current.priceId,
      currentPeriodEnd: current.currentPeriodEnd,
      cancelAtPeriodEnd: current.cancelAtPeriodEnd,
      trialEnd: current.trialEnd,
      syncedAt,
      updatedAt: new Date(),
    });
    if (event.type === 'checkout.session.completed') {
      const checkoutId = idOf(object);
      if (checkoutId) await completeCheckout(tx, checkoutId, userId, current.id);
    }
    await recomputeTier(tx, userId);
    // Sent at commit, like every realtime notice: the owner's open dashboards show the new plan.
    await announce(tx, { kind: 'plan', userId });
  });
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Applies the event's changes and records its id in one transaction; a concurrent delivery of the
 * same event that recorded it first makes this one a replay (its changes roll back).
 */
async function recordOnce(
  db: Database,
  event: VerifiedEvent,
  apply: (tx: Transaction) => Promise<void>,
): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    if (!(await recordBillingEvent(tx, { id: event.id, type: event.type }))) return 'replayed';
    await apply(tx);
    return 'applied';
  });
}

/**
 * Whose subscription it is: the customer we made for an owner decides; the subscription's metadata
 * (set at checkout) and the checkout's client_reference_id are read only when the customer is unknown.
 */
async function ownerOf(db: Database, subscription: ProviderSubscription, checkoutUser: string | null) {
  const byCustomer = await ownerOfCustomer(db, subscription.customerId);
  if (byCustomer) return byCustomer;
  const claimed = subscription.metadata.userId ?? checkoutUser;
  if (!claimed) return null;
  return existingUserId(db, claimed);
}

function tierOfMetadata(value: string | undefined): PaidTier | null {
  return (PAID_TIERS as readonly string[]).includes(value ?? '') ? (value as PaidTier) : null;
}

/** POST /api/billing/webhook: the delivery's signature checked against its raw bytes, then applied once. */
export async function receiveWebhook(
  context: WebhookContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ event: VerifiedEvent; outcome: WebhookOutcome }> {
  const event = await verifyWebhook(context.provider, rawBody, signature);
  return { event, outcome: await applyWebhookEvent(context, event) };
}
