import { planPrice, type TestCheckoutView } from '#domain/billing';
import { AppError } from '#domain/errors';
import { PLAN_CARDS } from '#domain/plans';
import type { CheckoutRequest, CreatedCheckout } from './billing-provider.ts';
import type { LocalBillingStore, LocalObject } from './local-billing-store.ts';
import type { DeliverEvent } from './local-event-delivery.ts';
import {
  checkoutSessionObject,
  DAY_S,
  invoiceObject,
  localPlanOfPrice,
  newId,
  nowSeconds,
  periodEnd,
  subscriptionObject,
  unitAmountOf,
} from './local-stripe-objects.ts';

/**
 * Local mode's checkout sessions and the test checkout page at /billing/test-checkout/{id}: a session
 * is opened, shown to its owner, then completed ('Complete test payment': a subscription starts and
 * Stripe's events reach the webhook) or ended unpaid ('Cancel', or replaced by a newer checkout).
 */
export class LocalTestCheckout {
  constructor(
    private readonly store: LocalBillingStore,
    private readonly deliver: DeliverEvent,
  ) {}

  async create(request: CheckoutRequest): Promise<CreatedCheckout> {
    const session = checkoutSessionObject(request);
    await this.store.put('checkout.session', session);
    return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  /** Ends an open session unpaid, and says so to the webhook. */
  async expire(id: string): Promise<void> {
    const session = await this.store.get('checkout.session', id);
    if (session?.status !== 'open') return;
    await this.store.put('checkout.session', { ...session, status: 'expired' });
    await this.deliver('checkout.session.expired', { ...session, status: 'expired' });
  }

  /** The session as the test checkout page shows it; null when it is not this user's (or unknown). */
  async view(id: string, teamId: string, email: string): Promise<TestCheckoutView | null> {
    const session = await this.sessionOf(id, teamId);
    if (!session) return null;
    const plan = planOfSession(session);
    const status = sessionStatus(session);
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
  async complete(id: string, teamId: string): Promise<string> {
    const session = await this.sessionOf(id, teamId);
    if (!session) throw new AppError('not_found', 'This checkout does not exist.');
    const status = sessionStatus(session);
    const success = pathOf(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id));
    if (status === 'complete') return success;
    if (status === 'expired') {
      throw new AppError('not_found', 'This checkout has expired. Start again from the pricing page.');
    }

    const plan = planOfSession(session);
    const now = nowSeconds();
    const trialEnd = plan.trialDays > 0 ? now + plan.trialDays * DAY_S : null;
    const subscriptionId = newId('sub');
    const subscription = subscriptionObject({
      id: subscriptionId,
      customer: String(session.customer),
      priceId: plan.priceId,
      interval: plan.interval,
      status: trialEnd ? 'trialing' : 'active',
      periodStart: now,
      periodEnd: trialEnd ?? periodEnd(now, plan.interval),
      trialEnd,
      metadata: { teamId, tier: plan.tier },
    });
    const invoice = invoiceObject(subscription, trialEnd ? 0 : unitAmountOf(plan.priceId), 'paid');
    const completed = {
      ...session,
      status: 'complete',
      payment_status: trialEnd ? 'no_payment_required' : 'paid',
      subscription: subscriptionId,
    };
    await this.store.put('subscription', subscription);
    await this.store.put('invoice', invoice);
    await this.store.put('checkout.session', completed);

    await this.deliver('customer.subscription.created', subscription);
    await this.deliver('checkout.session.completed', completed);
    await this.deliver('invoice.paid', invoice);
    return success;
  }

  /** 'Cancel': the session ends unpaid; answers the cancel page's address. */
  async cancel(id: string, teamId: string): Promise<string> {
    const session = await this.sessionOf(id, teamId);
    if (!session) throw new AppError('not_found', 'This checkout does not exist.');
    if (sessionStatus(session) === 'open') await this.expire(id);
    return pathOf(String(session.cancel_url));
  }

  private async sessionOf(id: string, teamId: string): Promise<LocalObject | null> {
    const session = await this.store.get('checkout.session', id);
    return session && session.client_reference_id === teamId ? session : null;
  }
}

function sessionStatus(session: LocalObject): TestCheckoutView['status'] {
  if (session.status === 'open' && Number(session.expires_at) <= nowSeconds()) return 'expired';
  return session.status === 'complete' ? 'complete' : session.status === 'open' ? 'open' : 'expired';
}

function planOfSession(session: LocalObject) {
  const lineItems = session.line_items as { data: { price: { id: string } }[] };
  const priceId = lineItems.data[0]?.price.id ?? '';
  const plan = localPlanOfPrice(priceId);
  if (!plan) throw new Error(`local billing: unknown price ${priceId}`);
  const trialDays = Number((session.subscription_data as Record<string, unknown>).trial_period_days ?? 0);
  return { ...plan, priceId, trialDays };
}

/** '/subscription/success?session_id=…' of an absolute address: the browser stays on the origin it is on. */
function pathOf(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
}
