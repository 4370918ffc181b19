import Stripe from 'stripe';
import { AppError } from '#domain/errors';
import type { BillingEvent } from './billing-provider.ts';
import { idOf, subscriptionIdOfInvoice } from './stripe-objects.ts';

/**
 * Reading a Stripe-shaped webhook delivery (Stripe's own, or local mode's): the raw body's signature
 * checked with the Stripe SDK, then the event told in the product's terms (BillingEvent). Nothing of
 * the body is read before its signature holds.
 */

/** Signatures older than this are refused (Stripe's own default): a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_S = 300;

/** A verified event: Stripe's id and type and the object it carries. */
interface StripeEvent {
  id: string;
  type: string;
  object: Record<string, unknown>;
}

/** The delivery's signature checked against its raw bytes with `secret`, then read as a BillingEvent. */
export async function readStripeWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secret: () => Promise<string>,
): Promise<BillingEvent> {
  return billingEventOf(await verifyStripeEvent(rawBody, signature, secret));
}

async function verifyStripeEvent(
  rawBody: Buffer,
  signature: string | undefined,
  secret: () => Promise<string>,
): Promise<StripeEvent> {
  if (!signature) throw new AppError('signature_invalid', 'The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, await secret(), SIGNATURE_TOLERANCE_S);
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

/** Stripe's event types the product acts on, and what each one names. */
export function billingEventOf({ id, type, object }: StripeEvent): BillingEvent {
  const event = { id, providerType: type };
  switch (type) {
    case 'checkout.session.completed':
      return {
        ...event,
        kind: 'checkout_completed',
        checkoutId: idOf(object),
        subscriptionId: idOf(object.subscription),
        teamId: idOf(object.client_reference_id),
      };
    case 'checkout.session.expired':
      return { ...event, kind: 'checkout_expired', checkoutId: idOf(object) };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...event, kind: 'subscription_changed', subscriptionId: idOf(object) };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { ...event, kind: 'subscription_changed', subscriptionId: subscriptionIdOfInvoice(object) };
    default:
      return { ...event, kind: 'ignored' };
  }
}
