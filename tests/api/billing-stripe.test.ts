import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '#domain/languages';
import type { SubscriptionInfo } from '#domain/plans';
import { billingEvents } from '#server/db/schema/index';
import { findTeam } from '#server/repositories/teams';
import { createChecklist, draft, type Owner, signInOwner } from '#tests/support/checklists';
import {
  type FakeStripe,
  invoiceOf,
  type SignedEvent,
  startFakeStripe,
  stripeTestEnv,
} from '#tests/support/fake-stripe';
import { ownedTeamId } from '#tests/support/teams';
import { setupTestApp, type TestApp } from '#tests/support/test-app';

/**
 * Billing through the real `stripe` SDK against an HTTP fake of Stripe's API, with webhook payloads
 * signed by the SDK's own test helper (issue 12: checkout, webhooks, limits, order, replays).
 */

const METRICS_TOKEN = 'metrics-token-for-the-billing-tests-0123456789';
const context = setupTestApp();
let stripe: FakeStripe;
let billing: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  stripe = await startFakeStripe();
  billing = await context.buildApp({ env: { ...stripeTestEnv(stripe), METRICS_TOKEN } });
  app = billing.app;
});

afterAll(async () => {
  await stripe?.close();
});

function deliver(event: SignedEvent, signature: string | null = event.signature) {
  return app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload: event.payload,
  });
}

async function plan(owner: Owner): Promise<SubscriptionInfo> {
  const response = await owner.call('GET', `/api/user/${owner.uid}/subscription`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function startCheckout(owner: Owner, body: Record<string, unknown> = { tier: 'professional' }) {
  const response = await owner.call('POST', '/api/create-subscription', body);
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json() as { url: string };
  const session = [...stripe.sessions.values()].find((s) => s.url === url);
  if (!session) throw new Error(`no session with url ${url}`);
  return session;
}

/** A checkout paid at Stripe, with the webhooks Stripe sends for it delivered in the usual order. */
async function subscribe(owner: Owner, body: Record<string, unknown> = { tier: 'professional' }) {
  const session = await startCheckout(owner, body);
  const { session: completed, subscription } = stripe.completeCheckout(session.id);
  for (const event of [
    stripe.event('customer.subscription.created', subscription),
    stripe.event('checkout.session.completed', completed),
    stripe.event('invoice.paid', invoiceOf(subscription, 'paid')),
  ]) {
    const response = await deliver(event);
    expect(response.statusCode, response.body).toBe(200);
  }
  return { session: completed, subscription };
}

describe('checkout', () => {
  it('creates a subscription-mode session for the price, interval, trial and customer of the plan', async () => {
    const owner = await signInOwner(app, 'buyer');
    const before = stripe.requests.length;
    const response = await owner.call('POST', '/api/create-subscription', {
      tier: 'professional',
      interval: 'year',
      userId: owner.uid,
      email: 'spoofed@example.com',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const calls = stripe.requests.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/checkout/sessions',
    ]);
    const [customerCall, sessionCall] = calls;
    expect(customerCall?.authorization).toBe('Bearer sk_test_listsync');
    // The account's own address, never the one the client sent.
    expect(customerCall?.params.email).toMatch(/^buyer\./);
    // Billing is the team's: Stripe knows the owner's team, whose id a first sign-in made theirs.
    const teamId = await ownedTeamId(billing.db, owner.uid);
    expect(customerCall?.params.metadata).toEqual({ teamId });
    const customerId = [...stripe.customers.keys()].at(-1);
    expect(sessionCall?.params).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: teamId,
      line_items: { 0: { price: 'price_proYear', quantity: '1' } },
      subscription_data: { trial_period_days: '14', metadata: { teamId, tier: 'professional' } },
      metadata: { teamId, tier: 'professional', interval: 'year' },
      success_url: 'http://127.0.0.1:5999/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:5999/subscription/cancel',
    });
    expect(sessionCall?.idempotencyKey).toMatch(/^listsync-checkout-/);
  });

  it('gives Enterprise its 30-day trial and the monthly price by default', async () => {
    const owner = await signInOwner(app, 'enterprise');
    const session = await startCheckout(owner, { tier: 'enterprise' });
    const params = session._request as Record<string, Record<string, unknown>>;
    expect(params.line_items).toEqual({ 0: { price: 'price_entMonth', quantity: '1' } });
    expect(params.subscription_data?.trial_period_days).toBe('30');
  });

  it('keeps one checkout per owner: the same plan answers the open one, another plan replaces it', async () => {
    const owner = await signInOwner(app, 'one-at-a-time');
    const first = await startCheckout(owner, { tier: 'professional' });
    const again = await startCheckout(owner, { tier: 'professional' });
    expect(again.id).toBe(first.id);

    const other = await startCheckout(owner, { tier: 'professional', interval: 'year' });
    expect(other.id).not.toBe(first.id);
    expect(stripe.sessions.get(first.id)?.status).toBe('expired');
    // The customer is made once and reused.
    const teamId = await ownedTeamId(billing.db, owner.uid);
    const customerCalls = stripe.requests.filter(
      (r) => r.path === '/v1/customers' && (r.params.metadata as { teamId?: string })?.teamId === teamId,
    );
    expect(customerCalls).toHaveLength(1);
    expect(other.customer).toBe(first.customer);
  });

  it('refuses bad input, a foreign userId, and nobody signed in, with the error shape', async () => {
    const owner = await signInOwner(app, 'checker');
    const free = await owner.call('POST', '/api/create-subscription', { tier: 'free' });
    expect(free.statusCode).toBe(400);
    expect(free.json().error.code).toBe('validation_failed');
    const badInterval = await owner.call('POST', '/api/create-subscription', {
      tier: 'professional',
      interval: 'week',
    });
    expect(badInterval.statusCode).toBe(400);

    const foreign = await owner.call('POST', '/api/create-subscription', {
      tier: 'professional',
      userId: 'someone-else',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('forbidden');

    for (const [method, url] of [
      ['POST', '/api/create-subscription'],
      ['POST', '/api/billing/portal'],
      ['GET', '/api/billing/checkout/cs_test_x'],
    ] as const) {
      const anonymous = await app.inject({
        method,
        url,
        payload: method === 'POST' ? { tier: 'professional' } : undefined,
      });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().error.code).toBe('unauthenticated');
    }
  });

  it('answers a Stripe failure as a 500 with our error shape and records no checkout', async () => {
    const owner = await signInOwner(app, 'unlucky');
    const failing = await context.buildApp({
      env: { ...stripeTestEnv(stripe), STRIPE_API_BASE: 'http://127.0.0.1:9' },
    });
    const response = await failing.app.inject({
      method: 'POST',
      url: '/api/create-subscription',
      headers: { cookie: owner.cookie },
      payload: { tier: 'professional' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');
  }, 60_000);
});

describe('webhooks', () => {
  it('a signed completed checkout makes the owner Pro and lifts the limit: the 6th checklist is created', async () => {
    const owner = await signInOwner(app, 'limit');
    for (let i = 0; i < 5; i++) await createChecklist(owner);
    const refused = await owner.call('POST', '/api/checklists', draft());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'plan_limit_reached', limit: 5 });

    const { session } = await subscribe(owner);
    const info = await plan(owner);
    expect(info).toMatchObject({
      tier: 'professional',
      limits: { maxLists: 100 },
      status: 'trialing',
      interval: 'month',
      cancelAtPeriodEnd: false,
      canManageBilling: true,
    });
    expect(info.allowedLanguages).toEqual(LANGUAGE_CODES);
    expect(info.allowedLanguages).toHaveLength(15);
    expect(new Date(info.trialEnd ?? 0).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);

    const status = await owner.call('GET', `/api/billing/checkout/${session.id}`);
    expect(status.json()).toMatchObject({ status: 'complete', confirmed: true, tier: 'professional' });

    const sixth = await owner.call('POST', '/api/checklists', draft());
    expect(sixth.statusCode).toBe(201);
  });

  it('the success page is not told "confirmed" before the webhook lands, nor about another owner\'s checkout', async () => {
    const owner = await signInOwner(app, 'waiting');
    const session = await startCheckout(owner);
    stripe.completeCheckout(session.id);
    const early = await owner.call('GET', `/api/billing/checkout/${session.id}`);
    expect(early.json()).toMatchObject({ status: 'open', confirmed: false });

    const stranger = await signInOwner(app, 'stranger');
    const foreign = await stranger.call('GET', `/api/billing/checkout/${session.id}`);
    expect(foreign.statusCode).toBe(404);
    const malformed = await owner.call('GET', '/api/billing/checkout/not%20an%20id');
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses a bad, missing or stale signature with 400 signature_invalid and changes nothing', async () => {
    const owner = await signInOwner(app, 'forger');
    const session = await startCheckout(owner);
    const { session: completed } = stripe.completeCheckout(session.id);
    const genuine = stripe.event('checkout.session.completed', completed);

    const forged = stripe.event('checkout.session.completed', completed, { secret: 'whsec_notours' });
    const stale = stripe.event('checkout.session.completed', completed, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const tampered = { ...genuine, payload: genuine.payload.replace(owner.uid, 'someone-else') };
    for (const [label, event, signature] of [
      ['forged', forged, forged.signature],
      ['stale', stale, stale.signature],
      ['tampered', tampered, genuine.signature],
      ['missing', genuine, null],
      ['garbage', genuine, 't=1,v1=00'],
    ] as const) {
      const response = await deliver(event, signature);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error.code, label).toBe('signature_invalid');
    }
    expect((await plan(owner)).tier).toBe('free');
    const recorded = await billing.db.select().from(billingEvents).where(eq(billingEvents.id, genuine.id));
    expect(recorded).toHaveLength(0);

    expect((await deliver(genuine)).statusCode).toBe(200);
    expect((await plan(owner)).tier).toBe('professional');
  });

  it('applies an event once: a replay after Stripe changed the subscription changes nothing', async () => {
    const owner = await signInOwner(app, 'replay');
    const { subscription } = await subscribe(owner);
    const updated = stripe.event('customer.subscription.updated', subscription);
    expect((await deliver(updated)).json()).toMatchObject({ outcome: 'applied' });

    stripe.updateSubscription(subscription.id, { status: 'canceled' });
    const replay = await deliver(updated);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'replayed' });
    expect((await plan(owner)).tier).toBe('professional');
  });

  it('ends in the current state whatever order created and updated arrive in', async () => {
    const owner = await signInOwner(app, 'order');
    const session = await startCheckout(owner);
    const { session: completed, subscription: created } = stripe.completeCheckout(session.id);
    const createdEvent = stripe.event('customer.subscription.created', created);
    // The owner switches to Enterprise yearly and schedules the end at once; Stripe's updated event overtakes created.
    const switched = stripe.updateSubscription(created.id, {
      priceId: 'price_entYear',
      interval: 'year',
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect((await deliver(stripe.event('customer.subscription.updated', switched))).statusCode).toBe(200);
    expect((await deliver(createdEvent)).statusCode).toBe(200);
    expect((await deliver(stripe.event('checkout.session.completed', completed))).statusCode).toBe(200);

    expect(await plan(owner)).toMatchObject({
      tier: 'enterprise',
      limits: { maxLists: null },
      status: 'active',
      interval: 'year',
      cancelAtPeriodEnd: true,
    });
  });

  it('deleted returns the owner to free with nothing deleted; creation is refused until under the limit', async () => {
    const owner = await signInOwner(app, 'downgrade');
    const { subscription } = await subscribe(owner);
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await createChecklist(owner, { name: `Unit ${i + 1}` }));

    const canceled = stripe.updateSubscription(subscription.id, { status: 'canceled' });
    expect((await deliver(stripe.event('customer.subscription.deleted', canceled))).statusCode).toBe(200);
    expect(await plan(owner)).toMatchObject({
      tier: 'free',
      usage: { listSyncCount: 7 },
      limits: { maxLists: 5 },
      status: 'canceled',
    });

    const list = await owner.call('GET', `/api/checklists?userId=${owner.uid}`);
    expect(list.json()).toHaveLength(7);
    const first = made[0];
    if (!first) throw new Error('no checklist');
    const read = await owner.call('GET', `/api/checklists/${first.id}`);
    expect(read.statusCode).toBe(200);
    const edit = await owner.call('PUT', `/api/checklists/${first.id}`, {
      ...draft({ name: 'Unit 1, renamed' }),
      version: read.json().version,
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const refused = await owner.call('POST', '/api/checklists', draft());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'plan_limit_reached', limit: 5 });

    for (const checklist of made.slice(0, 3)) {
      expect((await owner.call('DELETE', `/api/checklists/${checklist.id}`)).statusCode).toBe(204);
    }
    expect((await owner.call('POST', '/api/checklists', draft())).statusCode).toBe(201);
  });

  it('past_due keeps the plan and its limits until Stripe cancels; a paid invoice clears it', async () => {
    const owner = await signInOwner(app, 'past-due');
    const { subscription } = await subscribe(owner);
    const pastDue = stripe.updateSubscription(subscription.id, { status: 'past_due' });
    expect(
      (await deliver(stripe.event('invoice.payment_failed', invoiceOf(pastDue, 'open')))).statusCode,
    ).toBe(200);
    expect(await plan(owner)).toMatchObject({
      tier: 'professional',
      status: 'past_due',
      limits: { maxLists: 100 },
    });

    const active = stripe.updateSubscription(subscription.id, { status: 'active' });
    expect((await deliver(stripe.event('invoice.paid', invoiceOf(active, 'paid')))).statusCode).toBe(200);
    expect(await plan(owner)).toMatchObject({ tier: 'professional', status: 'active' });
  });

  it("a paying owner is sent to Manage billing instead of a second checkout; the portal is Stripe's", async () => {
    const owner = await signInOwner(app, 'portal');
    const none = await owner.call('POST', '/api/billing/portal');
    expect(none.statusCode).toBe(404);

    await subscribe(owner);
    const second = await owner.call('POST', '/api/create-subscription', { tier: 'enterprise' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('subscription_exists');

    const portal = await owner.call('POST', '/api/billing/portal');
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const call = stripe.requests.at(-1);
    expect(call?.params).toMatchObject({ return_url: 'http://127.0.0.1:5999/dashboard' });
  });

  it('ignores events it does not handle and answers 200, so Stripe does not retry them', async () => {
    const response = await deliver(
      stripe.event('customer.created', { id: 'cus_test_x', object: 'customer' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'ignored' });
  });

  it('leaves a subscription of a price it does not sell unapplied and unrecorded, so a resend can apply it', async () => {
    const owner = await signInOwner(app, 'odd-price');
    const session = await startCheckout(owner);
    const { subscription } = stripe.completeCheckout(session.id);
    const odd = stripe.updateSubscription(subscription.id, { priceId: 'price_notInSettings' });
    odd.metadata = {};
    const event = stripe.event('customer.subscription.updated', odd);
    expect((await deliver(event)).json()).toMatchObject({ outcome: 'ignored' });
    expect((await plan(owner)).tier).toBe('free');
    const recorded = await billing.db.select().from(billingEvents).where(eq(billingEvents.id, event.id));
    expect(recorded).toHaveLength(0);
  });

  it('a second subscription starts without a trial', async () => {
    const owner = await signInOwner(app, 'returning');
    const { subscription } = await subscribe(owner);
    const canceled = stripe.updateSubscription(subscription.id, { status: 'canceled' });
    await deliver(stripe.event('customer.subscription.deleted', canceled));
    const again = await startCheckout(owner);
    const params = again._request as Record<string, Record<string, unknown>>;
    expect(params.subscription_data?.trial_period_days).toBeUndefined();
    const team = await findTeam(billing.db, await ownedTeamId(billing.db, owner.uid));
    expect(team?.tier).toBe('free');
  });
});

/** listsync_billing_subscriptions_refused_total{reason}, 0 before the first. */
async function refusedCount(reason: string): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  const line = response.body
    .split('\n')
    .find((l) => l.startsWith(`listsync_billing_subscriptions_refused_total{reason="${reason}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

async function recorded(event: SignedEvent) {
  return billing.db.select().from(billingEvents).where(eq(billingEvents.id, event.id));
}

/**
 * A subscription on a price the settings do not sell (decision 0008, amended by 0044): the price alone
 * decides the tier. Its metadata is whatever its maker wrote (a subscription made in Stripe's
 * dashboard, on another product's price, says `tier: enterprise` as easily as anything), so it never
 * gives a plan; the event is left unrecorded, logged and counted.
 */
describe('a subscription on a price this server does not sell', () => {
  it('never takes its tier from the metadata: the plan stays, the event is unrecorded and counted', async () => {
    const owner = await signInOwner(app, 'odd-metadata');
    const { subscription } = await subscribe(owner);
    expect((await plan(owner)).tier).toBe('professional');
    const before = await refusedCount('unknown_price');

    // Moved in Stripe's dashboard to another product's price, its metadata saying Enterprise.
    const moved = stripe.updateSubscription(subscription.id, { priceId: 'price_otherProduct' });
    moved.metadata = { ...(moved.metadata as object), tier: 'enterprise' };
    const event = stripe.event('customer.subscription.updated', moved);
    const response = await deliver(event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await plan(owner)).toMatchObject({ tier: 'professional', status: 'trialing' });
    expect(await recorded(event)).toHaveLength(0);
    expect(await refusedCount('unknown_price')).toBe(before + 1);

    // A renewal on that price changes nothing either.
    const renewal = stripe.event('invoice.paid', invoiceOf(moved, 'paid'));
    expect((await deliver(renewal)).json()).toMatchObject({ outcome: 'ignored' });
    expect((await plan(owner)).tier).toBe('professional');
    expect(await refusedCount('unknown_price')).toBe(before + 2);
  });

  it('a first subscription on it gives no plan, even when its metadata names a tier and the team', async () => {
    const owner = await signInOwner(app, 'odd-first');
    const session = await startCheckout(owner);
    const { subscription } = stripe.completeCheckout(session.id);
    const odd = stripe.updateSubscription(subscription.id, { priceId: 'price_cheapLegacy' });
    odd.metadata = { ...(odd.metadata as object), tier: 'enterprise' };
    const event = stripe.event('customer.subscription.created', odd);
    expect((await deliver(event)).json()).toMatchObject({ outcome: 'ignored' });
    expect(await plan(owner)).toMatchObject({ tier: 'free' });
    expect(await recorded(event)).toHaveLength(0);
  });

  it('its end is still applied: a subscription we hold, canceled on such a price, no longer gives a plan', async () => {
    const owner = await signInOwner(app, 'odd-end');
    const { subscription } = await subscribe(owner);
    stripe.updateSubscription(subscription.id, { priceId: 'price_otherProduct' });
    const canceled = stripe.updateSubscription(subscription.id, { status: 'canceled' });
    canceled.metadata = { ...(canceled.metadata as object), tier: 'enterprise' };
    const event = stripe.event('customer.subscription.deleted', canceled);
    expect((await deliver(event)).json()).toMatchObject({ outcome: 'applied' });
    expect(await plan(owner)).toMatchObject({ tier: 'free', status: 'canceled' });
    expect(await recorded(event)).toHaveLength(1);
  });

  it('a subscription of no team we know is refused and counted apart', async () => {
    const before = await refusedCount('unknown_owner');
    const owner = await signInOwner(app, 'odd-owner');
    const { subscription } = await subscribe(owner);
    const stray = stripe.updateSubscription(subscription.id, {});
    Object.assign(stray, { customer: 'cus_someoneElse', metadata: { teamId: 'not-a-team' } });
    const event = stripe.event('customer.subscription.updated', stray);
    expect((await deliver(event)).json()).toMatchObject({ outcome: 'ignored' });
    expect(await refusedCount('unknown_owner')).toBe(before + 1);
  });
});
