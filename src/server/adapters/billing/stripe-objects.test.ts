import { describe, expect, it } from 'vitest';
import { productStatus, subscriptionFromStripe, subscriptionIdOfInvoice } from './stripe-objects.ts';

describe('subscriptionFromStripe', () => {
  it('reads the period from the item (API 2025-03-31 and later) and the price with its interval', () => {
    const subscription = subscriptionFromStripe({
      id: 'sub_1',
      customer: { id: 'cus_1', object: 'customer' },
      status: 'trialing',
      trial_end: 1_800_000_000,
      cancel_at_period_end: false,
      metadata: { teamId: 'u1', tier: 'professional', ignored: 5 },
      items: {
        data: [
          {
            current_period_end: 1_800_000_000,
            price: { id: 'price_p', recurring: { interval: 'year', interval_count: 1 } },
          },
        ],
      },
    });
    expect(subscription).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'trialing',
      providerStatus: 'trialing',
      priceId: 'price_p',
      interval: 'year',
      currentPeriodEnd: new Date(1_800_000_000_000),
      cancelAtPeriodEnd: false,
      trialEnd: new Date(1_800_000_000_000),
      metadata: { teamId: 'u1', tier: 'professional' },
    });
  });

  it('reads the older shape (period on the subscription, plan instead of price) and a scheduled cancel_at', () => {
    const subscription = subscriptionFromStripe({
      id: 'sub_2',
      customer: 'cus_2',
      status: 'active',
      current_period_end: 1_700_000_000,
      cancel_at: 1_700_000_000,
      items: { data: [{ plan: { id: 'price_m', interval: 'month', interval_count: 1 } }] },
    });
    expect(subscription).toMatchObject({
      priceId: 'price_m',
      interval: 'month',
      currentPeriodEnd: new Date(1_700_000_000_000),
      cancelAtPeriodEnd: true,
    });
  });

  it('has no interval for a price billed every 3 months, and refuses what is not a subscription', () => {
    const quarterly = subscriptionFromStripe({
      id: 'sub_3',
      status: 'active',
      items: { data: [{ price: { id: 'price_q', recurring: { interval: 'month', interval_count: 3 } } }] },
    });
    expect(quarterly.interval).toBeNull();
    expect(() => subscriptionFromStripe({ object: 'customer' })).toThrow();
  });
});

describe('productStatus', () => {
  it('keeps the plan while Stripe retries (past_due, unpaid), never for what was not paid', () => {
    expect(productStatus('active')).toBe('active');
    expect(productStatus('trialing')).toBe('trialing');
    expect(productStatus('past_due')).toBe('past_due');
    expect(productStatus('unpaid')).toBe('past_due');
    expect(productStatus('incomplete')).toBe('none');
    for (const ended of ['canceled', 'incomplete_expired', 'paused', 'something_new']) {
      expect(productStatus(ended)).toBe('canceled');
    }
  });
});

describe('subscriptionIdOfInvoice', () => {
  it('finds the subscription under parent.subscription_details, or on the invoice in the older shape', () => {
    expect(
      subscriptionIdOfInvoice({
        parent: { subscription_details: { subscription: 'sub_new' } },
        subscription: null,
      }),
    ).toBe('sub_new');
    expect(subscriptionIdOfInvoice({ subscription: { id: 'sub_old' } })).toBe('sub_old');
    expect(subscriptionIdOfInvoice({ parent: null })).toBeNull();
  });
});
