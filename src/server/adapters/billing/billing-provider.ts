import type { BillingInterval, PaidTier, SubscriptionStatus } from '#domain/billing';

/**
 * The billing provider behind one interface: Stripe (stripe-billing.ts) or local mode's test checkout
 * (local-billing.ts), chosen by config. Both deliver Stripe-shaped, signed webhooks and read them the
 * same way (stripe-webhook.ts) into a BillingEvent: the webhook service (services/billing-webhooks.ts)
 * applies those and never sees Stripe's shapes.
 */

/** A subscription as the provider holds it now, reduced to what the product reads. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  /** Stripe's own word: trialing, active, past_due, unpaid, canceled, incomplete, paused… */
  providerStatus: string;
  priceId: string;
  /** The price's billing interval, as the price says (null if it is not monthly or yearly). */
  interval: BillingInterval | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  metadata: Record<string, string>;
}

/**
 * A verified webhook delivery in the product's terms. It is a prompt, not the truth: it names what
 * changed, and the service fetches the subscription's current copy (retrieveSubscription) to store.
 */
export type BillingEvent = {
  /** The provider's event id: each one is applied once. */
  id: string;
  /** The provider's own name for the event (Stripe's `type`), kept with the record and in the log. */
  providerType: string;
} & (
  | {
      /** A checkout was paid: its subscription, and the user the checkout was made for. */
      kind: 'checkout_completed';
      checkoutId: string | null;
      /** null: a checkout of no subscription (not one of ours). */
      subscriptionId: string | null;
      teamId: string | null;
    }
  | { kind: 'checkout_expired'; checkoutId: string | null }
  | {
      /** A subscription was created, updated or deleted, or one of its invoices was paid or failed. */
      kind: 'subscription_changed';
      /** null: an invoice of no subscription. */
      subscriptionId: string | null;
    }
  /** An event the product does not act on (answered 200, never recorded). */
  | { kind: 'ignored' }
);

export interface CheckoutRequest {
  teamId: string;
  customerId: string;
  tier: PaidTier;
  interval: BillingInterval;
  priceId: string;
  /** 0: no trial (the owner had a subscription before). */
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
  /** Sent as Stripe's Idempotency-Key: a retried request creates one session. */
  idempotencyKey: string;
}

export interface CreatedCheckout {
  id: string;
  url: string;
  expiresAt: Date;
}

export interface BillingProvider {
  readonly kind: 'stripe' | 'local';
  /** The secret webhook deliveries are signed with (Stripe's whsec_…, or local mode's own). */
  webhookSecret(): Promise<string>;
  /**
   * A webhook delivery: its signature (the Stripe-Signature header) checked against the raw bytes
   * with webhookSecret(), then the event read. A bad, missing or stale signature throws
   * `signature_invalid`; a body that is not an event, `validation_failed`.
   */
  readWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent>;
  /** The provider's price for a plan and interval (from settings; local mode names its own). */
  priceFor(tier: PaidTier, interval: BillingInterval): string;
  /** The plan a price belongs to; null for a price this server does not sell. */
  planOfPrice(priceId: string): { tier: PaidTier; interval: BillingInterval } | null;
  createCustomer(input: { teamId: string; email: string }): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** Ends an open checkout so it can no longer be paid (a newer one replaced it). */
  expireCheckout(id: string): Promise<void>;
  /** The subscription as it is now; null when the provider does not know it. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** A link to manage the customer's billing (change plan, cancel, fix the card). */
  createPortal(input: { customerId: string; returnUrl: string }): Promise<string>;
}
