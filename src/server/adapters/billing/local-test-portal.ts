import type { TestPortalAction, TestPortalView } from '#domain/billing';
import { AppError } from '#domain/errors';
import type { LocalBillingStore, LocalObject } from './local-billing-store.ts';
import type { DeliverEvent } from './local-event-delivery.ts';
import {
  invoiceObject,
  localPlanOfPrice,
  localPriceId,
  nowSeconds,
  periodEnd,
  subscriptionObject,
  unitAmountOf,
} from './local-stripe-objects.ts';
import { subscriptionFromStripe } from './stripe-objects.ts';

/**
 * Local mode's customer portal at /billing/test-portal: the owner's current subscription, and what
 * Stripe's portal lets them do to it (switch plan, cancel at period end and resume, cancel now), plus
 * a failed renewal and its fix to try past_due with. Each change is stored, then its events delivered.
 */
export class LocalTestPortal {
  constructor(
    private readonly store: LocalBillingStore,
    private readonly deliver: DeliverEvent,
  ) {}

  async view(teamId: string, returnUrl: string): Promise<TestPortalView> {
    const subscription = await this.store.currentSubscription(teamId);
    if (!subscription) return { subscription: null, returnUrl };
    const view = subscriptionFromStripe(subscription);
    const plan = localPlanOfPrice(view.priceId);
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
  async act(teamId: string, action: TestPortalAction): Promise<void> {
    const subscription = await this.store.currentSubscription(teamId);
    if (!subscription || subscription.status === 'canceled') {
      throw new AppError('not_found', 'There is no subscription to change.');
    }
    const change = portalChange(subscription, action, nowSeconds());
    if (change.invoice) await this.store.put('invoice', change.invoice);
    await this.store.put('subscription', change.next);
    for (const [type, object] of change.events) await this.deliver(type, object);
  }
}

interface PortalChange {
  /** The subscription after the action. */
  next: LocalObject;
  /** An invoice the action made (a renewal paid or failed). */
  invoice?: LocalObject;
  /** Stripe's events for it, in the order Stripe sends them. */
  events: [string, LocalObject][];
}

/** The subscription as Stripe would leave it after the portal's action, at `now` (seconds). */
function portalChange(subscription: LocalObject, action: TestPortalAction, now: number): PortalChange {
  const item = (subscription.items as { data: Record<string, unknown>[] }).data[0] as Record<string, unknown>;
  switch (action.action) {
    case 'switch': {
      const oldInterval = (item.price as { recurring: { interval: string } }).recurring.interval;
      // A new interval starts a new period now (Stripe resets the billing anchor); a new tier keeps it.
      const restart = oldInterval !== action.interval && subscription.status !== 'trialing';
      const next = subscriptionObject({
        id: String(subscription.id),
        customer: String(subscription.customer),
        priceId: localPriceId(action.tier, action.interval),
        interval: action.interval,
        status: String(subscription.status),
        periodStart: restart ? now : Number(item.current_period_start),
        periodEnd: restart ? periodEnd(now, action.interval) : Number(item.current_period_end),
        trialEnd: (subscription.trial_end as number | null) ?? null,
        metadata: { ...(subscription.metadata as Record<string, string>), tier: action.tier },
        created: Number(subscription.created),
        cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
      });
      return { next, events: [['customer.subscription.updated', next]] };
    }
    case 'cancel_at_period_end':
    case 'resume': {
      const cancel = action.action === 'cancel_at_period_end';
      const next = {
        ...subscription,
        cancel_at_period_end: cancel,
        cancel_at: cancel ? item.current_period_end : null,
        canceled_at: cancel ? now : null,
      };
      return { next, events: [['customer.subscription.updated', next]] };
    }
    case 'cancel_now': {
      const next = {
        ...subscription,
        status: 'canceled',
        canceled_at: now,
        ended_at: now,
        cancel_at_period_end: false,
      };
      return { next, events: [['customer.subscription.deleted', next]] };
    }
    case 'fail_payment':
    case 'fix_payment': {
      const fail = action.action === 'fail_payment';
      const next = { ...subscription, status: fail ? 'past_due' : 'active' };
      const amount = unitAmountOf(String((item.price as Record<string, unknown>).id));
      const invoice = invoiceObject(next, amount, fail ? 'open' : 'paid');
      const events: PortalChange['events'] = [
        [fail ? 'invoice.payment_failed' : 'invoice.paid', invoice],
        ['customer.subscription.updated', next],
      ];
      return { next, invoice, events };
    }
  }
}
