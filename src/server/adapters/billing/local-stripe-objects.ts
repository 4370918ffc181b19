import { randomBytes } from 'node:crypto';
import { type BillingInterval, type PaidTier, planPrice } from '#domain/billing';
import type { CheckoutRequest } from './billing-provider.ts';
import type { LocalObject } from './local-billing-store.ts';

/**
 * The Stripe-shaped objects local mode makes (customers, checkout sessions, subscriptions, invoices),
 * with its own prices and ids: what stripe-objects.ts reads, in the current API's shapes.
 */

const CHECKOUT_LIFETIME_S = 24 * 60 * 60;
export const DAY_S = 24 * 60 * 60;

export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

/** Local mode's price for a plan and interval: it names its own. */
export function localPriceId(tier: PaidTier, interval: BillingInterval): string {
  return `price_local_${tier}_${interval}`;
}

/** The plan of one of local mode's prices; null for any other price. */
export function localPlanOfPrice(priceId: string): { tier: PaidTier; interval: BillingInterval } | null {
  const match = /^price_local_(professional|enterprise)_(month|year)$/.exec(priceId);
  return match ? { tier: match[1] as PaidTier, interval: match[2] as BillingInterval } : null;
}

/** What one period of a local price costs, in cents (0 for a price that is not local mode's). */
export function unitAmountOf(priceId: string): number {
  const plan = localPlanOfPrice(priceId);
  return plan ? planPrice(plan.tier, plan.interval) * 100 : 0;
}

/** One interval after `from` (seconds), by the calendar: a month from Jan 31 is the end of February. */
export function periodEnd(from: number, interval: BillingInterval): number {
  const date = new Date(from * 1000);
  const day = date.getUTCDate();
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1, 1);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  if (interval === 'month') date.setUTCDate(Math.min(day, last));
  return Math.floor(date.getTime() / 1000);
}

export function customerObject(teamId: string, email: string): LocalObject {
  return { id: newId('cus'), object: 'customer', email, metadata: { teamId }, created: nowSeconds() };
}

/** An open subscription-mode session for the request, its page at /billing/test-checkout/{id}. */
export function checkoutSessionObject(
  request: CheckoutRequest,
): LocalObject & { url: string; expires_at: number } {
  const id = newId('cs');
  const created = nowSeconds();
  return {
    id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'open',
    payment_status: 'unpaid',
    customer: request.customerId,
    client_reference_id: request.teamId,
    url: `/billing/test-checkout/${id}`,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    created,
    expires_at: created + CHECKOUT_LIFETIME_S,
    subscription: null,
    metadata: { teamId: request.teamId, tier: request.tier, interval: request.interval },
    // What Stripe keeps of the request's line item and subscription_data, for the completion.
    line_items: { object: 'list', data: [{ price: { id: request.priceId }, quantity: 1 }] },
    subscription_data: {
      trial_period_days: request.trialDays || null,
      metadata: { teamId: request.teamId, tier: request.tier },
    },
  };
}

export interface SubscriptionFields {
  id: string;
  customer: string;
  priceId: string;
  interval: BillingInterval;
  status: string;
  periodStart: number;
  periodEnd: number;
  trialEnd: number | null;
  metadata: Record<string, string>;
  created?: number;
  cancelAtPeriodEnd?: boolean;
}

export function subscriptionObject(input: SubscriptionFields): LocalObject {
  const created = input.created ?? nowSeconds();
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customer,
    status: input.status,
    created,
    start_date: created,
    trial_start: input.trialEnd ? created : null,
    trial_end: input.trialEnd,
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    cancel_at: input.cancelAtPeriodEnd ? input.periodEnd : null,
    canceled_at: null,
    ended_at: null,
    livemode: false,
    metadata: input.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${input.id.slice(4)}`,
          object: 'subscription_item',
          quantity: 1,
          current_period_start: input.periodStart,
          current_period_end: input.periodEnd,
          price: {
            id: input.priceId,
            object: 'price',
            currency: 'usd',
            unit_amount: unitAmountOf(input.priceId),
            recurring: { interval: input.interval, interval_count: 1 },
          },
        },
      ],
    },
  };
}

export function invoiceObject(
  subscription: Record<string, unknown>,
  amountCents: number,
  status: 'paid' | 'open',
): LocalObject {
  return {
    id: newId('in'),
    object: 'invoice',
    customer: subscription.customer,
    status,
    amount_due: amountCents,
    amount_paid: status === 'paid' ? amountCents : 0,
    currency: 'usd',
    created: nowSeconds(),
    attempted: true,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
  };
}
