import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCheckoutView, TestPortalView } from '#domain/billing';
import type { SubscriptionInfo } from '#domain/plans';
import { buildApp } from '#server/app';
import { createChecklist, draft, type Owner, signInOwner } from '#tests/support/checklists';
import { closeAll, openSocket } from '#tests/support/realtime';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { NO_CLIENT_DIR, reportResponseMismatch, setupTestApp, testConfig } from '#tests/support/test-app';

/**
 * Local mode's billing (nothing configured): the test checkout and test portal deliver Stripe-shaped,
 * SDK-signed events to the server's own webhook over HTTP, so the app listens on a real port here.
 */

const context = setupTestApp();
let app: FastifyInstance;

beforeAll(async () => {
  app = context.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
});

async function plan(owner: Owner): Promise<SubscriptionInfo> {
  return (await owner.call('GET', `/api/user/${owner.uid}/subscription`)).json();
}

async function checkout(owner: Owner, body: Record<string, unknown> = { tier: 'professional' }) {
  const response = await owner.call('POST', '/api/create-subscription', body);
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json() as { url: string };
  expect(url).toMatch(/^\/billing\/test-checkout\/cs_local_[0-9a-f]+$/);
  return url.split('/').at(-1) as string;
}

async function portalAction(owner: Owner, body: Record<string, unknown>) {
  const response = await owner.call('POST', '/api/billing/test-portal/actions', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TestPortalView;
}

describe('the local test checkout', () => {
  it('shows the plan, price, interval and trial, and completing it makes the owner Pro through the webhook', async () => {
    const owner = await signInOwner(app, 'local-buyer');
    for (let i = 0; i < 5; i++) await createChecklist(owner);
    const id = await checkout(owner);

    const view = await owner.call('GET', `/api/billing/test-checkout/${id}`);
    expect(view.json()).toEqual({
      id,
      tier: 'professional',
      planName: 'Professional',
      interval: 'month',
      amount: 49,
      trialDays: 14,
      email: expect.stringMatching(/^local-buyer\./),
      status: 'open',
    } satisfies TestCheckoutView);

    const status = await owner.call('GET', `/api/billing/checkout/${id}`);
    expect(status.json()).toMatchObject({ status: 'open', confirmed: false });

    const complete = await owner.call('POST', `/api/billing/test-checkout/${id}/complete`);
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json()).toEqual({ url: `/subscription/success?session_id=${id}` });

    expect(await plan(owner)).toMatchObject({
      tier: 'professional',
      status: 'trialing',
      limits: { maxLists: 100 },
    });
    expect((await owner.call('GET', `/api/billing/checkout/${id}`)).json()).toMatchObject({
      status: 'complete',
      confirmed: true,
    });
    expect((await owner.call('POST', '/api/checklists', draft())).statusCode).toBe(201);

    // A second press answers the same place and starts nothing new.
    const again = await owner.call('POST', `/api/billing/test-checkout/${id}/complete`);
    expect(again.json()).toEqual({ url: `/subscription/success?session_id=${id}` });
    expect((await owner.call('GET', `/api/billing/test-checkout/${id}`)).json().status).toBe('complete');
  });

  it("tells the owner's open dashboards when the plan changes, and nobody else's", async () => {
    const owner = await signInOwner(app, 'local-live');
    const other = await signInOwner(app, 'local-bystander');
    const [mine, theirs] = await Promise.all([
      openSocket(app, { cookie: owner.cookie }),
      openSocket(app, { cookie: other.cookie }),
    ]);
    for (const socket of [mine, theirs]) {
      socket.send({ type: 'subscribe-dashboard' });
      await socket.next('dashboard-subscribed');
    }
    const id = await checkout(owner);
    await owner.call('POST', `/api/billing/test-checkout/${id}/complete`);
    expect(await mine.next('plan-changed')).toEqual({ type: 'plan-changed' });
    await portalAction(owner, { action: 'cancel_now' });
    await mine.next('plan-changed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.messages.map((m) => m.type)).toEqual(['dashboard-subscribed']);
    closeAll(mine, theirs);
  });

  it('yearly Enterprise costs twelve months less 20% and has a 30-day trial', async () => {
    const owner = await signInOwner(app, 'local-enterprise');
    const id = await checkout(owner, { tier: 'enterprise', interval: 'year' });
    const view = (await owner.call('GET', `/api/billing/test-checkout/${id}`)).json() as TestCheckoutView;
    expect(view).toMatchObject({ planName: 'Enterprise', interval: 'year', amount: 2870, trialDays: 30 });
  });

  it('Cancel ends the checkout unpaid and sends the owner to the cancel page', async () => {
    const owner = await signInOwner(app, 'local-cancel');
    const id = await checkout(owner);
    const cancel = await owner.call('POST', `/api/billing/test-checkout/${id}/cancel`);
    expect(cancel.json()).toEqual({ url: '/subscription/cancel' });
    expect((await owner.call('GET', `/api/billing/test-checkout/${id}`)).json().status).toBe('expired');
    expect((await owner.call('GET', `/api/billing/checkout/${id}`)).json()).toMatchObject({
      status: 'expired',
      confirmed: false,
    });
    const late = await owner.call('POST', `/api/billing/test-checkout/${id}/complete`);
    expect(late.statusCode).toBe(404);
    expect((await plan(owner)).tier).toBe('free');
  });

  it("is the owner's alone: another account sees 404, nobody signed in 401", async () => {
    const owner = await signInOwner(app, 'local-owner');
    const id = await checkout(owner);
    const stranger = await signInOwner(app, 'local-stranger');
    expect((await stranger.call('GET', `/api/billing/test-checkout/${id}`)).statusCode).toBe(404);
    expect((await stranger.call('POST', `/api/billing/test-checkout/${id}/complete`)).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'POST', url: `/api/billing/test-checkout/${id}/complete` });
    expect(anonymous.statusCode).toBe(401);
    expect((await plan(owner)).tier).toBe('free');
  });

  it("the webhook refuses events not signed with local mode's own secret", async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: {} },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_guess' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('signature_invalid');
  });
});

describe('the local test portal', () => {
  it('switches plan, cancels at period end and resumes, fails and fixes a payment, cancels now', async () => {
    const owner = await signInOwner(app, 'local-portal');
    const noPortal = await owner.call('POST', '/api/billing/portal');
    expect(noPortal.statusCode).toBe(404);

    const id = await checkout(owner);
    await owner.call('POST', `/api/billing/test-checkout/${id}/complete`);
    expect((await owner.call('POST', '/api/billing/portal')).json()).toEqual({ url: '/billing/test-portal' });
    const view = (await owner.call('GET', '/api/billing/test-portal')).json() as TestPortalView;
    expect(view).toMatchObject({
      returnUrl: '/dashboard',
      subscription: { tier: 'professional', interval: 'month', status: 'trialing', cancelAtPeriodEnd: false },
    });

    const switched = await portalAction(owner, { action: 'switch', tier: 'enterprise', interval: 'year' });
    expect(switched.subscription).toMatchObject({ tier: 'enterprise', interval: 'year' });
    expect(await plan(owner)).toMatchObject({
      tier: 'enterprise',
      interval: 'year',
      limits: { maxLists: null },
    });

    await portalAction(owner, { action: 'cancel_at_period_end' });
    expect(await plan(owner)).toMatchObject({ tier: 'enterprise', cancelAtPeriodEnd: true });
    await portalAction(owner, { action: 'resume' });
    expect((await plan(owner)).cancelAtPeriodEnd).toBe(false);

    await portalAction(owner, { action: 'fail_payment' });
    expect(await plan(owner)).toMatchObject({ tier: 'enterprise', status: 'past_due' });
    await portalAction(owner, { action: 'fix_payment' });
    expect(await plan(owner)).toMatchObject({ tier: 'enterprise', status: 'active' });

    for (let i = 0; i < 6; i++) await createChecklist(owner);
    const ended = await portalAction(owner, { action: 'cancel_now' });
    expect(ended.subscription?.status).toBe('canceled');
    expect(await plan(owner)).toMatchObject({
      tier: 'free',
      status: 'canceled',
      usage: { listSyncCount: 6 },
    });
    expect((await owner.call('POST', '/api/checklists', draft())).statusCode).toBe(403);

    const afterEnd = await owner.call('POST', '/api/billing/test-portal/actions', { action: 'cancel_now' });
    expect(afterEnd.statusCode).toBe(404);
  });

  it('after a downgrade a French share made on Pro keeps working; new shares are offered en and es only', async () => {
    const owner = await signInOwner(app, 'local-languages');
    const id = await checkout(owner);
    await owner.call('POST', `/api/billing/test-checkout/${id}/complete`);
    const checklist = await createChecklist(owner);
    const sent = await share(owner, checklist.id, { targetLanguage: 'fr' });
    const recipient = recipientBrowser(app);
    await verified(recipient, sent);

    await portalAction(owner, { action: 'cancel_now' });
    expect((await plan(owner)).allowedLanguages).toEqual(['en', 'es']);

    const status = await recipient.call('GET', `/api/verification/status/${sent.token}`);
    expect(status.json()).toMatchObject({ verified: true, targetLanguage: 'fr' });
    const read = await recipient.call('GET', `/api/shared/checklist?token=${sent.token}`);
    expect(read.statusCode).toBe(200);
    const tick = await recipient.call(
      'PATCH',
      `/api/checklists/${checklist.id}/tasks/${checklist.tasks[0]?.id}`,
      {
        completed: true,
      },
    );
    expect(tick.statusCode).toBe(200);

    const german = await owner.call('POST', '/api/verification/send', {
      checklistId: checklist.id,
      email: 'hans@example.com',
      targetLanguage: 'de',
      consent: true,
    });
    expect(german.statusCode).toBe(403);
    expect(german.json().error).toMatchObject({ code: 'plan_limit_reached', allowedLanguages: ['en', 'es'] });
  });

  it('refuses an unknown action with 400 validation_failed', async () => {
    const owner = await signInOwner(app, 'local-bad-action');
    for (const body of [{ action: 'refund' }, { action: 'switch', tier: 'free', interval: 'month' }, {}]) {
      const response = await owner.call('POST', '/api/billing/test-portal/actions', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });
});

describe('billing off (production without Stripe settings)', () => {
  let off: FastifyInstance;
  let supportEmail = '';
  beforeAll(async () => {
    const config = testConfig(context.testDatabase);
    supportEmail = config.contact.supportEmail;
    off = await buildApp(
      { ...config, billing: { kind: 'off' } },
      {
        database: context.testDatabase.handle,
        clientDir: NO_CLIENT_DIR,
        checkResponses: reportResponseMismatch,
      },
    );
  });
  afterAll(async () => {
    await off?.close();
  });

  it('answers 409 billing_unavailable with the support address, and has no test checkout', async () => {
    const owner = await signInOwner(off, 'no-billing');
    const response = await owner.call('POST', '/api/create-subscription', { tier: 'professional' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('billing_unavailable');
    expect(response.json().error.message).toContain(supportEmail);
    expect((await owner.call('POST', '/api/billing/portal')).statusCode).toBe(409);
    expect((await owner.call('GET', '/api/billing/test-portal')).statusCode).toBe(404);
    expect((await owner.call('GET', '/api/billing/test-checkout/cs_local_1')).statusCode).toBe(404);
  });
});
