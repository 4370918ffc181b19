import Stripe from 'stripe';
import type { BillingInterval, PaidTier } from '#domain/billing';
import type { BillingConfig } from '../../config/billing.ts';
import type {
  BillingEvent,
  BillingProvider,
  CheckoutRequest,
  CreatedCheckout,
  ProviderSubscription,
} from './billing-provider.ts';
import { subscriptionFromStripe } from './stripe-objects.ts';
import { readStripeWebhook } from './stripe-webhook.ts';

type StripeSettings = Extract<BillingConfig, { kind: 'stripe' }>;

/** The Stripe SDK's client: Stripe itself, or the fake at STRIPE_API_BASE (tests). */
export function stripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe {
  const base = settings.apiBase;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'ListSync' },
    ...(base
      ? {
          host: base.hostname,
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          ...(base.port ? { port: base.port } : {}),
        }
      : {}),
  });
}

/** Checkout Sessions in subscription mode, the customer portal, and the current copy of a subscription. */
export class StripeBilling implements BillingProvider {
  readonly kind = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = stripeClient(settings);
  }

  async webhookSecret(): Promise<string> {
    return this.settings.webhookSecret;
  }

  readWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent> {
    return readStripeWebhook(rawBody, signature, () => this.webhookSecret());
  }

  priceFor(tier: PaidTier, interval: BillingInterval): string {
    return this.settings.prices[tier][interval];
  }

  planOfPrice(priceId: string): { tier: PaidTier; interval: BillingInterval } | null {
    for (const [tier, byInterval] of Object.entries(this.settings.prices) as [
      PaidTier,
      Record<BillingInterval, string>,
    ][]) {
      for (const [interval, id] of Object.entries(byInterval) as [BillingInterval, string][]) {
        if (id === priceId) return { tier, interval };
      }
    }
    return null;
  }

  async createCustomer({ teamId, email }: { teamId: string; email: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email, metadata: { teamId } },
      // Two racing first checkouts of one user make one customer.
      { idempotencyKey: `listsync-customer-${teamId}` },
    );
    return customer.id;
  }

  async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: request.customerId,
        client_reference_id: request.teamId,
        line_items: [{ price: request.priceId, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: { teamId: request.teamId, tier: request.tier, interval: request.interval },
        subscription_data: {
          metadata: { teamId: request.teamId, tier: request.tier },
          ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
        },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!session.url) throw new Error('Stripe answered a checkout session without a url');
    return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  async expireCheckout(id: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(id);
    } catch (error) {
      // Already paid or expired: nothing left to end.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw error;
    }
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    try {
      return subscriptionFromStripe(await this.stripe.subscriptions.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async createPortal({ customerId, returnUrl }: { customerId: string; returnUrl: string }): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    });
    return session.url;
  }
}
