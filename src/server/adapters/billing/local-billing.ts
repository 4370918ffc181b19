import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import {
  type BillingInterval,
  type PaidTier,
  planPrice,
  type TestCheckoutView,
  type TestPortalAction,
  type TestPortalView,
} from '#domain/billing';
import { AppError } from '#domain/errors';
import { PLAN_CARDS } from '#domain/plans';
import type { Database } from '../../db/client.ts';
import { localBillingObjects } from '../../db/schema/index.ts';
import type {
  BillingProvider,
  CheckoutRequest,
  CreatedCheckout,
  ProviderSubscription,
} from './billing-provider.ts';
import { subscriptionFromStripe } from './stripe-objects.ts';

/**
 * Local mode's billing provider: a small stand-in for Stripe's side that needs no account. It keeps
 * customers, checkout sessions, subscriptions and invoices as Stripe-shaped JSON in the database, and
 * whenever something changes it delivers Stripe-shaped events, signed with its own webhook secret by
 * the Stripe SDK, to this server's POST /api/billing/webhook over HTTP: the same verification and the
 * same webhook code as production run on every local purchase.
 */

type Json = Record<string, unknown>;
type Kind = (typeof localBillingObjects.$inferSelect)['kind'];

const WEBHOOK_SECRET_NAME = 'billing_webhook_secret';
const CHECKOUT_LIFETIME_S = 24 * 60 * 60;
const DAY_S = 24 * 60 * 60;

export interface LocalBillingOptions {
  /** Its own table (local_billing_objects): local mode's stand-in for Stripe's side. */
  db: Database;
  /** A secret kept in the database by name, made once (`made`) and then the same on every instance. */
  localSecret: (name: string, made: () => string) => Promise<string>;
  /** Where this server's own webhook route answers over HTTP (its listening address). */
  webhookUrl: () => string;
  log: FastifyBaseLogger;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

/** One interval after `from` (seconds), by the calendar: a month from Jan 31 is the end of February. */
function periodEnd(from: number, interval: BillingInterval): number {
  const date = new Date(from * 1000);
  const day = date.getUTCDate();
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1, 1);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  if (interval === 'month') date.setUTCDate(Math.min(day, last));
  return Math.floor(date.getTime() / 1000);
}

export class LocalBilling implements BillingProvider {
  readonly kind = 'local';
  private secret: Promise<string> | null = null;

  constructor(private readonly options: LocalBillingOptions) {}

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

  priceFor(tier: PaidTier, interval: BillingInterval): string {
    return `price_local_${tier}_${interval}`;
  }

  planOfPrice(priceId: string): { tier: PaidTier; interval: BillingInterval } | null {
    const match = /^price_local_(professional|enterprise)_(month|year)$/.exec(priceId);
    return match ? { tier: match[1] as PaidTier, interval: match[2] as BillingInterval } : null;
  }

  async createCustomer({ userId, email }: { userId: string; email: string }): Promise<string> {
    const existing = await this.customerOf(userId);
    if (existing) return existing;
    const id = newId('cus');
    await this.put('customer', {
      id,
      object: 'customer',
      email,
      metadata: { userId },
      created: nowSeconds(),
    });
    return id;
  }

  async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    const id = newId('cs');
    const created = nowSeconds();
    const session = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: request.customerId,
      client_reference_id: request.userId,
      url: `/billing/test-checkout/${id}`,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      created,
      expires_at: created + CHECKOUT_LIFETIME_S,
      subscription: null,
      metadata: { userId: request.userId, tier: request.tier, interval: request.interval },
      // What Stripe keeps of the request's line item and subscription_data, for the completion.
      line_items: { object: 'list', data: [{ price: { id: request.priceId }, quantity: 1 }] },
      subscription_data: {
        trial_period_days: request.trialDays || null,
        metadata: { userId: request.userId, tier: request.tier },
      },
    };
    await this.put('checkout.session', session);
    return { id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  async expireCheckout(id: string): Promise<void> {
    const session = await this.get('checkout.session', id);
    if (session?.status !== 'open') return;
    await this.put('checkout.session', { ...session, status: 'expired' });
    await this.deliver('checkout.session.expired', { ...session, status: 'expired' });
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const object = await this.get('subscription', id);
    return object ? subscriptionFromStripe(object) : null;
  }

  async createPortal(): Promise<string> {
    return '/billing/test-portal';
  }

  // The test checkout page --------------------------------------------------------------------------

  /** The session as the test checkout page shows it; null when it is not this user's (or unknown). */
  async checkoutView(id: string, userId: string, email: string): Promise<TestCheckoutView | null> {
    const session = await this.sessionOf(id, userId);
    if (!session) return null;
    const plan = this.planOfSession(session);
    const status = this.sessionStatus(session);
    return {
      id,
      tier: plan.tier,
      planName: PLAN_CARDS.find((card) => card.id === plan.tier)?.name ?? plan.tier,
      interval: plan.interval,
      amount: planPrice(plan.tier, plan.interval),
      trialDays: plan.trialDays,
      email,
      status,
    };
  }

  /**
   * 'Complete test payment': the subscription starts (trialing when the plan has a trial), the
   * session completes, and Stripe's three events reach the webhook. Answers where the browser goes.
   */
  async completeCheckout(id: string, userId: string): Promise<string> {
    const session = await this.sessionOf(id, userId);
    if (!session) throw new AppError('not_found', 'This checkout does not exist.');
    const status = this.sessionStatus(session);
    if (status === 'complete')
      return pathOf(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id));
    if (status === 'expired') {
      throw new AppError('not_found', 'This checkout has expired. Start again from the pricing page.');
    }

    const plan = this.planOfSession(session);
    const now = nowSeconds();
    const trialEnd = plan.trialDays > 0 ? now + plan.trialDays * DAY_S : null;
    const subscriptionId = newId('sub');
    const subscription = this.subscriptionObject({
      id: subscriptionId,
      customer: String(session.customer),
      priceId: plan.priceId,
      interval: plan.interval,
      status: trialEnd ? 'trialing' : 'active',
      periodStart: now,
      periodEnd: trialEnd ?? periodEnd(now, plan.interval),
      trialEnd,
      metadata: { userId, tier: plan.tier },
    });
    const invoice = this.invoiceObject(
      subscription,
      trialEnd ? 0 : planPrice(plan.tier, plan.interval) * 100,
      'paid',
    );
    const completed = {
      ...session,
      status: 'complete',
      payment_status: trialEnd ? 'no_payment_required' : 'paid',
      subscription: subscriptionId,
    };
    await this.put('subscription', subscription);
    await this.put('invoice', invoice);
    await this.put('checkout.session', completed);

    await this.deliver('customer.subscription.created', subscription);
    await this.deliver('checkout.session.completed', completed);
    await this.deliver('invoice.paid', invoice);
    return pathOf(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id));
  }

  /** 'Cancel': the session ends unpaid; answers the cancel page's address. */
  async cancelCheckout(id: string, userId: string): Promise<string> {
    const session = await this.sessionOf(id, userId);
    if (!session) throw new AppError('not_found', 'This checkout does not exist.');
    if (this.sessionStatus(session) === 'open') await this.expireCheckout(id);
    return pathOf(String(session.cancel_url));
  }

  // The test portal ---------------------------------------------------------------------------------

  async portalView(userId: string, returnUrl: string): Promise<TestPortalView> {
    const subscription = await this.currentSubscription(userId);
    if (!subscription) return { subscription: null, returnUrl };
    const view = subscriptionFromStripe(subscription);
    const plan = this.planOfPrice(view.priceId);
    return {
      subscription: {
        id: view.id,
        tier: plan?.tier ?? 'professional',
        interval: plan?.interval ?? 'month',
        status: view.status === 'none' ? 'canceled' : view.status,
        currentPeriodEnd: view.currentPeriodEnd?.toISOString() ?? null,
        trialEnd: view.status === 'trialing' ? (view.trialEnd?.toISOString() ?? null) : null,
        cancelAtPeriodEnd: view.cancelAtPeriodEnd,
      },
      returnUrl,
    };
  }

  /** What the customer portal lets an owner do, and a failed renewal to try past_due with. */
  async portalAction(userId: string, action: TestPortalAction): Promise<void> {
    const subscription = await this.currentSubscription(userId);
    if (!subscription || subscription.status === 'canceled') {
      throw new AppError('not_found', 'There is no subscription to change.');
    }
    const now = nowSeconds();
    const item = (subscription.items as { data: Json[] }).data[0] as Json;
    let next: Json & { id: string } = subscription;
    const events: [string, Json][] = [];
    switch (action.action) {
      case 'switch': {
        const priceId = this.priceFor(action.tier, action.interval);
        const oldInterval = (item.price as { recurring: { interval: string } }).recurring.interval;
        // A new interval starts a new period now (Stripe resets the billing anchor); a new tier keeps it.
        const restart = oldInterval !== action.interval && subscription.status !== 'trialing';
        next = this.subscriptionObject({
          id: String(subscription.id),
          customer: String(subscription.customer),
          priceId,
          interval: action.interval,
          status: String(subscription.status),
          periodStart: restart ? now : Number(item.current_period_start),
          periodEnd: restart ? periodEnd(now, action.interval) : Number(item.current_period_end),
          trialEnd: (subscription.trial_end as number | null) ?? null,
          metadata: { ...(subscription.metadata as Record<string, string>), tier: action.tier },
          created: Number(subscription.created),
          cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
        });
        events.push(['customer.subscription.updated', next]);
        break;
      }
      case 'cancel_at_period_end':
      case 'resume': {
        const cancel = action.action === 'cancel_at_period_end';
        next = {
          ...subscription,
          cancel_at_period_end: cancel,
          cancel_at: cancel ? item.current_period_end : null,
          canceled_at: cancel ? now : null,
        };
        events.push(['customer.subscription.updated', next]);
        break;
      }
      case 'cancel_now':
        next = {
          ...subscription,
          status: 'canceled',
          canceled_at: now,
          ended_at: now,
          cancel_at_period_end: false,
        };
        events.push(['customer.subscription.deleted', next]);
        break;
      case 'fail_payment':
      case 'fix_payment': {
        const fail = action.action === 'fail_payment';
        next = { ...subscription, status: fail ? 'past_due' : 'active' };
        const price = this.planOfPrice(String((item.price as Json).id));
        const amount = price ? planPrice(price.tier, price.interval) * 100 : 0;
        const invoice = this.invoiceObject(next, amount, fail ? 'open' : 'paid');
        await this.put('invoice', invoice);
        events.push([fail ? 'invoice.payment_failed' : 'invoice.paid', invoice]);
        events.push(['customer.subscription.updated', next]);
        break;
      }
    }
    await this.put('subscription', next);
    for (const [type, object] of events) await this.deliver(type, object);
  }

  // Storage and delivery ----------------------------------------------------------------------------

  private async put(kind: Kind, data: Json & { id: string }): Promise<void> {
    await this.options.db
      .insert(localBillingObjects)
      .values({ id: data.id, kind, data })
      .onConflictDoUpdate({ target: localBillingObjects.id, set: { data, updatedAt: new Date() } });
  }

  private async get(kind: Kind, id: string): Promise<(Json & { id: string }) | null> {
    const [row] = await this.options.db
      .select({ data: localBillingObjects.data })
      .from(localBillingObjects)
      .where(and(eq(localBillingObjects.id, id), eq(localBillingObjects.kind, kind)));
    return (row?.data as (Json & { id: string }) | undefined) ?? null;
  }

  private async customerOf(userId: string): Promise<string | null> {
    const [row] = await this.options.db
      .select({ id: localBillingObjects.id })
      .from(localBillingObjects)
      .where(
        and(
          eq(localBillingObjects.kind, 'customer'),
          sql`${localBillingObjects.data}->'metadata'->>'userId' = ${userId}`,
        ),
      );
    return row?.id ?? null;
  }

  private async sessionOf(id: string, userId: string): Promise<(Json & { id: string }) | null> {
    const session = await this.get('checkout.session', id);
    return session && session.client_reference_id === userId ? session : null;
  }

  private sessionStatus(session: Json): TestCheckoutView['status'] {
    if (session.status === 'open' && Number(session.expires_at) <= nowSeconds()) return 'expired';
    return session.status === 'complete' ? 'complete' : session.status === 'open' ? 'open' : 'expired';
  }

  private planOfSession(session: Json) {
    const lineItems = session.line_items as { data: { price: { id: string } }[] };
    const priceId = lineItems.data[0]?.price.id ?? '';
    const plan = this.planOfPrice(priceId);
    if (!plan) throw new Error(`local billing: unknown price ${priceId}`);
    const trialDays = Number((session.subscription_data as Json).trial_period_days ?? 0);
    return { ...plan, priceId, trialDays };
  }

  /** The user's subscription the portal acts on: the newest that has not ended, else the newest. */
  private async currentSubscription(userId: string): Promise<(Json & { id: string }) | null> {
    const customer = await this.customerOf(userId);
    if (!customer) return null;
    const rows = await this.options.db
      .select({ data: localBillingObjects.data })
      .from(localBillingObjects)
      .where(
        and(
          eq(localBillingObjects.kind, 'subscription'),
          sql`${localBillingObjects.data}->>'customer' = ${customer}`,
        ),
      )
      .orderBy(desc(localBillingObjects.createdAt));
    const all = rows.map((row) => row.data as Json & { id: string });
    return all.find((s) => s.status !== 'canceled') ?? all[0] ?? null;
  }

  private subscriptionObject(input: {
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
  }): Json & { id: string } {
    const plan = this.planOfPrice(input.priceId);
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
              unit_amount: plan ? planPrice(plan.tier, plan.interval) * 100 : 0,
              recurring: { interval: input.interval, interval_count: 1 },
            },
          },
        ],
      },
    };
  }

  private invoiceObject(
    subscription: Json,
    amountCents: number,
    status: 'paid' | 'open',
  ): Json & { id: string } {
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

  /** One signed event to our own webhook over HTTP, as Stripe would send it; a refusal is an error. */
  private async deliver(type: string, object: Json): Promise<void> {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: await this.webhookSecret(),
    });
    const response = await fetch(this.options.webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) {
      this.options.log.error(
        { type, status: response.status },
        'local billing: the webhook refused an event',
      );
      throw new Error(`the webhook answered ${response.status} to ${type}`);
    }
  }
}

/** '/subscription/success?session_id=…' of an absolute address: the browser stays on the origin it is on. */
function pathOf(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
}
