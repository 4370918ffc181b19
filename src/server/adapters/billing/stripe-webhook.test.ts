import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { AppError } from '#domain/errors';
import { readStripeWebhook, SIGNATURE_TOLERANCE_S } from './stripe-webhook.ts';

const SECRET = 'whsec_unit_test_secret';
const secret = async () => SECRET;

function delivery(
  type: string,
  object: unknown,
  options: { secret?: string; timestamp?: number; body?: string } = {},
) {
  const payload =
    options.body ?? JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { raw: Buffer.from(payload), signature };
}

async function read(type: string, object: unknown) {
  const { raw, signature } = delivery(type, object);
  return readStripeWebhook(raw, signature, secret);
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, message } = error as AppError;
  return { code, message };
}

describe('readStripeWebhook: Stripe-shaped events in, the product’s events out', () => {
  it('a completed checkout names the session, its subscription and the user it was made for', async () => {
    const event = await read('checkout.session.completed', {
      id: 'cs_1',
      object: 'checkout.session',
      subscription: 'sub_1',
      client_reference_id: 'user_1',
    });
    expect(event).toEqual({
      id: 'evt_checkout.session.completed',
      providerType: 'checkout.session.completed',
      kind: 'checkout_completed',
      checkoutId: 'cs_1',
      subscriptionId: 'sub_1',
      teamId: 'user_1',
    });
    const paymentMode = await read('checkout.session.completed', { id: 'cs_2', subscription: null });
    expect(paymentMode).toMatchObject({ kind: 'checkout_completed', subscriptionId: null, teamId: null });
  });

  it('an expired checkout names the session', async () => {
    expect(await read('checkout.session.expired', { id: 'cs_3', status: 'expired' })).toEqual({
      id: 'evt_checkout.session.expired',
      providerType: 'checkout.session.expired',
      kind: 'checkout_expired',
      checkoutId: 'cs_3',
    });
  });

  it("a subscription's events and its invoices' (current and pre-2025 shape) name the subscription", async () => {
    for (const type of [
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]) {
      expect(await read(type, { id: 'sub_4', object: 'subscription', status: 'active' })).toEqual({
        id: `evt_${type}`,
        providerType: type,
        kind: 'subscription_changed',
        subscriptionId: 'sub_4',
      });
    }
    const paid = await read('invoice.paid', {
      id: 'in_1',
      parent: { subscription_details: { subscription: 'sub_5' } },
    });
    expect(paid).toMatchObject({
      providerType: 'invoice.paid',
      kind: 'subscription_changed',
      subscriptionId: 'sub_5',
    });
    const failed = await read('invoice.payment_failed', { id: 'in_2', subscription: { id: 'sub_6' } });
    expect(failed).toMatchObject({ kind: 'subscription_changed', subscriptionId: 'sub_6' });
    const noSubscription = await read('invoice.paid', { id: 'in_3', parent: null });
    expect(noSubscription).toMatchObject({ kind: 'subscription_changed', subscriptionId: null });
  });

  it('an event type it does not act on is ignored, with its id and type kept', async () => {
    expect(await read('customer.created', { id: 'cus_1', object: 'customer' })).toEqual({
      id: 'evt_customer.created',
      providerType: 'customer.created',
      kind: 'ignored',
    });
  });
});

describe('readStripeWebhook: the signature before anything is read', () => {
  const object = { id: 'sub_7', object: 'subscription' };

  it('refuses a missing signature without reading the secret', async () => {
    const { raw } = delivery('customer.subscription.updated', object);
    let asked = false;
    const refused = await refusal(
      readStripeWebhook(raw, undefined, async () => {
        asked = true;
        return SECRET;
      }),
    );
    expect(refused).toEqual({
      code: 'signature_invalid',
      message: 'The Stripe-Signature header is missing.',
    });
    expect(asked).toBe(false);
  });

  it('refuses another secret, a tampered body, garbage and a stale signature', async () => {
    const genuine = delivery('customer.subscription.updated', object);
    const forged = delivery('customer.subscription.updated', object, { secret: 'whsec_guess' });
    const stale = delivery('customer.subscription.updated', object, {
      timestamp: Math.floor(Date.now() / 1000) - SIGNATURE_TOLERANCE_S - 60,
    });
    const tampered = Buffer.from(genuine.raw.toString().replace('sub_7', 'sub_8'));
    for (const [raw, signature] of [
      [forged.raw, forged.signature],
      [tampered, genuine.signature],
      [genuine.raw, 't=1,v1=00'],
      [stale.raw, stale.signature],
    ] as const) {
      expect(await refusal(readStripeWebhook(raw, signature, secret))).toEqual({
        code: 'signature_invalid',
        message: 'The webhook signature is not valid.',
      });
    }
    // Within the tolerance it is read.
    const recent = delivery('customer.subscription.updated', object, {
      timestamp: Math.floor(Date.now() / 1000) - SIGNATURE_TOLERANCE_S + 60,
    });
    expect(await readStripeWebhook(recent.raw, recent.signature, secret)).toMatchObject({
      kind: 'subscription_changed',
    });
  });

  it('refuses a signed body that is not a Stripe event with validation_failed', async () => {
    for (const body of [
      'not json',
      JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }),
      '{"data":{"object":{}}}',
    ]) {
      const { raw, signature } = delivery('', null, { body });
      expect(await refusal(readStripeWebhook(raw, signature, secret)), body).toEqual({
        code: 'validation_failed',
        message: 'The webhook body is not a Stripe event.',
      });
    }
  });
});
