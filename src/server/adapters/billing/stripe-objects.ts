import type { BillingInterval, SubscriptionStatus } from '#domain/billing';
import type { ProviderSubscription } from './billing-provider.ts';

/**
 * Reading Stripe's JSON objects (API version 2025-03-31 and later: the period sits on the
 * subscription's items, an invoice names its subscription under parent.subscription_details; older
 * shapes are read too). Used for what the SDK answers and for the local checkout's objects alike.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** An expandable field: an id, or the expanded object carrying it. */
export function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value.id === 'string') return value.id;
  return null;
}

const dateOf = (seconds: unknown): Date | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;

/** Stripe's status words mapped to the product's: what the owner is entitled to is decided by these. */
export function productStatus(stripeStatus: string): SubscriptionStatus {
  switch (stripeStatus) {
    case 'trialing':
    case 'active':
    case 'past_due':
      return stripeStatus;
    // Stripe stopped retrying but did not cancel (the account's setting): the plan holds until it cancels.
    case 'unpaid':
      return 'past_due';
    // Payment never completed (3-D Secure abandoned): nothing was bought.
    case 'incomplete':
      return 'none';
    default:
      // canceled, incomplete_expired, paused (a trial ended with no card): not entitled.
      return 'canceled';
  }
}

export function subscriptionFromStripe(object: unknown): ProviderSubscription {
  if (!isObject(object) || typeof object.id !== 'string') throw new Error('not a subscription object');
  const items = isObject(object.items) && Array.isArray(object.items.data) ? object.items.data : [];
  const item = items.find(isObject) ?? {};
  const price = isObject(item.price) ? item.price : isObject(item.plan) ? item.plan : {};
  const recurring = isObject(price.recurring) ? price.recurring : price;
  const priceInterval = recurring.interval;
  const intervalCount = typeof recurring.interval_count === 'number' ? recurring.interval_count : 1;
  const interval: BillingInterval | null =
    (priceInterval === 'month' || priceInterval === 'year') && intervalCount === 1 ? priceInterval : null;
  const metadata: Record<string, string> = {};
  if (isObject(object.metadata)) {
    for (const [key, value] of Object.entries(object.metadata)) {
      if (typeof value === 'string') metadata[key] = value;
    }
  }
  const providerStatus = typeof object.status === 'string' ? object.status : 'incomplete';
  return {
    id: object.id,
    customerId: idOf(object.customer) ?? '',
    status: productStatus(providerStatus),
    providerStatus,
    priceId: idOf(price) ?? '',
    interval,
    currentPeriodEnd: dateOf(item.current_period_end ?? object.current_period_end),
    cancelAtPeriodEnd: object.cancel_at_period_end === true || typeof object.cancel_at === 'number',
    trialEnd: dateOf(object.trial_end),
    metadata,
  };
}

/** The subscription an invoice belongs to, in the current shape or the pre-2025 one. */
export function subscriptionIdOfInvoice(invoice: Json): string | null {
  const parent = isObject(invoice.parent) ? invoice.parent : null;
  const details = parent && isObject(parent.subscription_details) ? parent.subscription_details : null;
  return idOf(details?.subscription) ?? idOf(invoice.subscription);
}
