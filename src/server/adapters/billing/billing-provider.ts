import type { BillingInterval, PaidTier, SubscriptionStatus } from '#domain/billing';

/**
 * The billing provider behind one interface: Stripe (stripe-billing.ts) or local mode's test checkout
 * (local-billing.ts), chosen by config. Both speak Stripe's shapes: the same webhook code reads the
 * events either one delivers (services/billing-webhooks.ts).
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

export interface CheckoutRequest {
  userId: string;
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
  /** The provider's price for a plan and interval (from settings; local mode names its own). */
  priceFor(tier: PaidTier, interval: BillingInterval): string;
  /** The plan a price belongs to; null for a price this server does not sell. */
  planOfPrice(priceId: string): { tier: PaidTier; interval: BillingInterval } | null;
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** Ends an open checkout so it can no longer be paid (a newer one replaced it). */
  expireCheckout(id: string): Promise<void>;
  /** The subscription as it is now; null when the provider does not know it. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** A link to manage the customer's billing (change plan, cancel, fix the card). */
  createPortal(input: { customerId: string; returnUrl: string }): Promise<string>;
}
