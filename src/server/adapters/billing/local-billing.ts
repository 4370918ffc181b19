import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  BillingInterval,
  PaidTier,
  TestCheckoutView,
  TestPortalAction,
  TestPortalView,
} from '#domain/billing';
import type { Database } from '../../db/client.ts';
import type {
  BillingEvent,
  BillingProvider,
  CheckoutRequest,
  CreatedCheckout,
  ProviderSubscription,
} from './billing-provider.ts';
import { LocalBillingStore } from './local-billing-store.ts';
import { type DeliverEvent, deliverEvent } from './local-event-delivery.ts';
import { customerObject, localPlanOfPrice, localPriceId } from './local-stripe-objects.ts';
import { LocalTestCheckout } from './local-test-checkout.ts';
import { LocalTestPortal } from './local-test-portal.ts';
import { subscriptionFromStripe } from './stripe-objects.ts';
import { readStripeWebhook } from './stripe-webhook.ts';

/**
 * Local mode's billing provider: a small stand-in for Stripe's side that needs no account. It keeps
 * customers, checkout sessions, subscriptions and invoices as Stripe-shaped JSON in the database, and
 * whenever something changes it delivers Stripe-shaped events, signed with its own webhook secret by
 * the Stripe SDK, to this server's POST /api/billing/webhook over HTTP: the same verification and the
 * same webhook code as production run on every local purchase.
 */

const WEBHOOK_SECRET_NAME = 'billing_webhook_secret';

export interface LocalBillingOptions {
  /** Its own table (local_billing_objects): local mode's stand-in for Stripe's side. */
  db: Database;
  /** A secret kept in the database by name, made once (`made`) and then the same on every instance. */
  localSecret: (name: string, made: () => string) => Promise<string>;
  /** Where this server's own webhook route answers over HTTP (its listening address). */
  webhookUrl: () => string;
  log: FastifyBaseLogger;
}

export class LocalBilling implements BillingProvider {
  readonly kind = 'local';
  private secret: Promise<string> | null = null;
  private readonly store: LocalBillingStore;
  private readonly checkouts: LocalTestCheckout;
  private readonly portal: LocalTestPortal;

  constructor(private readonly options: LocalBillingOptions) {
    this.store = new LocalBillingStore(options.db);
    const deliver: DeliverEvent = (type, object) =>
      deliverEvent(
        { webhookUrl: options.webhookUrl, secret: () => this.webhookSecret(), log: options.log },
        type,
        object,
      );
    this.checkouts = new LocalTestCheckout(this.store, deliver);
    this.portal = new LocalTestPortal(this.store, deliver);
  }

  webhookSecret(): Promise<string> {
    this.secret ??= this.loadSecret().catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return this.secret;
  }

  private loadSecret(): Promise<string> {
    return this.options.localSecret(WEBHOOK_SECRET_NAME, () => `whsec_${randomBytes(24).toString('hex')}`);
  }

  readWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent> {
    return readStripeWebhook(rawBody, signature, () => this.webhookSecret());
  }

  priceFor(tier: PaidTier, interval: BillingInterval): string {
    return localPriceId(tier, interval);
  }

  planOfPrice(priceId: string): { tier: PaidTier; interval: BillingInterval } | null {
    return localPlanOfPrice(priceId);
  }

  async createCustomer({ teamId, email }: { teamId: string; email: string }): Promise<string> {
    const existing = await this.store.customerOf(teamId);
    if (existing) return existing;
    const customer = customerObject(teamId, email);
    await this.store.put('customer', customer);
    return customer.id;
  }

  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    return this.checkouts.create(request);
  }

  expireCheckout(id: string): Promise<void> {
    return this.checkouts.expire(id);
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const object = await this.store.get('subscription', id);
    return object ? subscriptionFromStripe(object) : null;
  }

  async createPortal(): Promise<string> {
    return '/billing/test-portal';
  }

  // The test checkout page and the test portal (http/routes/billing.ts) ------------------------------

  /** The session as the test checkout page shows it; null when it is not this user's (or unknown). */
  checkoutView(id: string, teamId: string, email: string): Promise<TestCheckoutView | null> {
    return this.checkouts.view(id, teamId, email);
  }

  /** 'Complete test payment': the subscription starts and its events reach the webhook; answers where the browser goes. */
  completeCheckout(id: string, teamId: string): Promise<string> {
    return this.checkouts.complete(id, teamId);
  }

  /** 'Cancel': the session ends unpaid; answers the cancel page's address. */
  cancelCheckout(id: string, teamId: string): Promise<string> {
    return this.checkouts.cancel(id, teamId);
  }

  portalView(teamId: string, returnUrl: string): Promise<TestPortalView> {
    return this.portal.view(teamId, returnUrl);
  }

  /** What the customer portal lets an owner do, and a failed renewal to try past_due with. */
  portalAction(teamId: string, action: TestPortalAction): Promise<void> {
    return this.portal.act(teamId, action);
  }
}
