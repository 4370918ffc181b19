import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionInfo } from '#domain/plans';
import { caller, type Owner, signInOwner } from '#tests/support/checklists';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Local mode's test checkout gives paid plans away by design, so it runs only on this computer
 * (decision 0044): the server bound to a loopback address and reached at a loopback PUBLIC_URL, and
 * each request from a loopback peer, by a loopback name, through no proxy. Anywhere else the billing
 * routes answer as when billing is off (409 billing_unavailable, the test routes 404), unless
 * BILLING_TEST_CHECKOUT=enabled says this is a test deployment (then every page says payments are
 * simulated: src/web/components/simulated-payments-banner.tsx).
 */

const context = setupTestApp();

async function plan(owner: Owner): Promise<SubscriptionInfo> {
  return (await owner.call('GET', `/api/user/${owner.uid}/subscription`)).json();
}

/** What a buyer meets on a server whose billing is off, at every billing route that sells. */
async function expectBillingOff(owner: Owner) {
  const buy = await owner.call('POST', '/api/create-subscription', { tier: 'enterprise' });
  expect(buy.statusCode).toBe(409);
  expect(buy.json().error).toMatchObject({ code: 'billing_unavailable' });
  const portal = await owner.call('POST', '/api/billing/portal');
  expect(portal.statusCode).toBe(409);
  expect(portal.json().error.code).toBe('billing_unavailable');
  for (const [method, url] of [
    ['GET', '/api/billing/test-checkout/cs_local_1'],
    ['POST', '/api/billing/test-checkout/cs_local_1/complete'],
    ['GET', '/api/billing/test-portal'],
    ['POST', '/api/billing/test-portal/actions'],
  ] as const) {
    const response = await owner.call(method, url, method === 'POST' ? { action: 'cancel_now' } : undefined);
    expect(response.statusCode, `${method} ${url}`).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  }
  expect((await plan(owner)).tier).toBe('free');
}

describe('APP_ENV left at its default on a server bound to every address, without Stripe', () => {
  it('has no test checkout: the billing routes answer as when billing is off', async () => {
    const deployed = await context.buildApp({ env: { HOST: '0.0.0.0' } });
    expect(deployed.config.billing).toMatchObject({ kind: 'off' });
    await expectBillingOff(await signInOwner(deployed.app, 'deployed', undefined, '203.0.113.7'));
    // Even a request from the machine itself: the server is reachable from elsewhere.
    await expectBillingOff(await signInOwner(deployed.app, 'deployed-local'));
  });

  it('nor behind a proxy that makes it reachable as PUBLIC_URL', async () => {
    const proxied = await context.buildApp({ env: { PUBLIC_URL: 'https://lists.example.com' } });
    expect(proxied.config.host).toBe('127.0.0.1');
    await expectBillingOff(await signInOwner(proxied.app, 'proxied'));
  });
});

describe('local mode on loopback', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = context.app;
  });

  it('sells through the test checkout to a request from this computer', async () => {
    const owner = await signInOwner(app, 'on-loopback');
    const buy = await owner.call('POST', '/api/create-subscription', { tier: 'professional' });
    expect(buy.statusCode, buy.body).toBe(200);
    expect(buy.json().url).toMatch(/^\/billing\/test-checkout\/cs_local_/);
    const id = String(buy.json().url).split('/').at(-1);
    expect((await owner.call('GET', `/api/billing/test-checkout/${id}`)).statusCode).toBe(200);
  });

  it('refuses a request from another address, as when billing is off, and the checkout stays unpaid', async () => {
    const owner = await signInOwner(app, 'from-the-lan');
    const buy = await owner.call('POST', '/api/create-subscription', { tier: 'professional' });
    const id = String(buy.json().url).split('/').at(-1);
    for (const address of ['192.168.1.20', '203.0.113.9', '::ffff:10.0.0.5', '2001:db8::7']) {
      const remote = { ...owner, call: caller(app, owner.cookie, address) };
      await expectBillingOff(remote);
      const complete = await remote.call('POST', `/api/billing/test-checkout/${id}/complete`);
      expect(complete.statusCode, address).toBe(404);
    }
    expect((await owner.call('GET', `/api/billing/test-checkout/${id}`)).json().status).toBe('open');
  });

  it('refuses a request that came through a proxy, or by a name that is not this computer', async () => {
    const owner = await signInOwner(app, 'through-a-proxy');
    for (const headers of [
      { 'x-forwarded-for': '198.51.100.4' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=198.51.100.4' },
      { 'x-real-ip': '198.51.100.4' },
      { host: 'lists.example.com' },
      { host: 'evil.example:5999' },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/create-subscription',
        headers: { cookie: owner.cookie, ...headers },
        payload: { tier: 'professional' },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(409);
      expect(response.json().error.code).toBe('billing_unavailable');
      const view = await app.inject({
        method: 'GET',
        url: '/api/billing/test-portal',
        headers: { cookie: owner.cookie, ...headers },
      });
      expect(view.statusCode, JSON.stringify(headers)).toBe(404);
    }
  });
});

describe('BILLING_TEST_CHECKOUT=enabled: a test deployment', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await context.buildApp({ env: { HOST: '0.0.0.0', BILLING_TEST_CHECKOUT: 'enabled' } }));
    // The test checkout delivers its events to this server's own webhook over HTTP.
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sells through the test checkout to anyone, end to end', async () => {
    expect(app.config.billing).toEqual({ kind: 'local', reach: 'anyone' });
    const owner = await signInOwner(app, 'tester', undefined, '203.0.113.40');
    const buy = await owner.call('POST', '/api/create-subscription', { tier: 'professional' });
    expect(buy.statusCode, buy.body).toBe(200);
    const id = String(buy.json().url).split('/').at(-1);
    const complete = await owner.call('POST', `/api/billing/test-checkout/${id}/complete`);
    expect(complete.statusCode, complete.body).toBe(200);
    expect(await plan(owner)).toMatchObject({ tier: 'professional', status: 'trialing' });
  });
});
