import { describe, expect, it } from 'vitest';
import { PRODUCTION, problemsOf } from '#tests/support/config-environments';
import { describeBilling } from './billing.ts';
import { loadConfig, publicConfig } from './index.ts';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_51Habc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: 'price_1ProM',
  STRIPE_PRICE_PROFESSIONAL_YEARLY: 'price_1ProY',
  STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_1EntM',
  STRIPE_PRICE_ENTERPRISE_YEARLY: 'price_1EntY',
};

describe('loadConfig: billing and analytics', () => {
  it('sells through Stripe when every Stripe setting is set, and keeps the secrets from the browser', () => {
    const config = loadConfig({ ...PRODUCTION, ...STRIPE });
    expect(config.billing).toEqual({
      kind: 'stripe',
      secretKey: 'sk_live_51Habc',
      webhookSecret: 'whsec_abc123',
      prices: {
        professional: { month: 'price_1ProM', year: 'price_1ProY' },
        enterprise: { month: 'price_1EntM', year: 'price_1EntY' },
      },
    });
    const exposed = JSON.stringify(publicConfig(config));
    expect(publicConfig(config).billing).toBe('stripe');
    expect(exposed).not.toContain('sk_live');
    expect(exposed).not.toContain('whsec_');
  });

  it('uses the local test checkout with nothing set, and turns billing off in production without Stripe', () => {
    expect(loadConfig({}).billing).toEqual({ kind: 'local', reach: 'loopback' });
    expect(publicConfig(loadConfig({})).simulatedPayments).toBe(false);
    const production = loadConfig(PRODUCTION);
    expect(production.billing).toEqual({ kind: 'off' });
    expect(publicConfig(production).billing).toBe('off');
    expect(production.localServices).not.toContain('billing (test checkout)');
  });

  it('names each missing Stripe setting when only some are set', () => {
    const problems = problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' });
    expect(problems).toEqual(
      [
        'STRIPE_PRICE_PROFESSIONAL_MONTHLY',
        'STRIPE_PRICE_PROFESSIONAL_YEARLY',
        'STRIPE_PRICE_ENTERPRISE_MONTHLY',
        'STRIPE_PRICE_ENTERPRISE_YEARLY',
      ].map((name) => expect.stringContaining(`${name} is missing: billing through Stripe needs`)),
    );
  });

  it('refuses malformed keys, a price named twice, and a plain-http API base in production', () => {
    expect(problemsOf({ ...STRIPE, STRIPE_SECRET_KEY: 'pk_live_abc' })).toEqual([
      expect.stringContaining('STRIPE_SECRET_KEY: expected a secret or restricted key'),
    ]);
    expect(problemsOf({ ...STRIPE, STRIPE_WEBHOOK_SECRET: 'abc' })).toEqual([
      expect.stringContaining('STRIPE_WEBHOOK_SECRET: expected a webhook signing secret'),
    ]);
    expect(problemsOf({ ...STRIPE, STRIPE_PRICE_ENTERPRISE_YEARLY: 'price_1ProM' })).toEqual([
      'The four STRIPE_PRICE_* settings must name four different prices',
    ]);
    expect(problemsOf({ ...PRODUCTION, ...STRIPE, STRIPE_API_BASE: 'http://stripe-fake:12111' })).toEqual([
      'STRIPE_API_BASE must be an https address when APP_ENV=production',
    ]);
    expect(loadConfig({ ...STRIPE, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).billing).toMatchObject({
      apiBase: new URL('http://127.0.0.1:12111'),
    });
  });

  it('sends analytics to a Plausible-compatible API when both settings are set; local or off otherwise', () => {
    expect(
      loadConfig({ ANALYTICS_URL: 'https://plausible.example.com/', ANALYTICS_SITE_ID: 'lists.example.com' })
        .analytics,
    ).toEqual({ kind: 'plausible', url: 'https://plausible.example.com', siteId: 'lists.example.com' });
    expect(loadConfig({}).analytics).toEqual({ kind: 'local' });
    expect(loadConfig(PRODUCTION).analytics).toEqual({ kind: 'off' });
    expect(problemsOf({ ANALYTICS_URL: 'https://plausible.example.com' })).toEqual([
      'ANALYTICS_SITE_ID is missing: analytics needs ANALYTICS_URL and ANALYTICS_SITE_ID together',
    ]);
  });
});

describe('loadConfig: where the test checkout may run (decision 0044)', () => {
  it('on this computer: HOST unset or a loopback one, and a loopback PUBLIC_URL', () => {
    for (const env of [
      {},
      { HOST: '127.0.0.1' },
      { HOST: '::1', PUBLIC_URL: 'http://[::1]:5000' },
      { HOST: 'localhost', PUBLIC_URL: 'http://localhost:5173' },
    ]) {
      const config = loadConfig(env);
      expect(config.billing, JSON.stringify(env)).toEqual({ kind: 'local', reach: 'loopback' });
      expect(config.localServices).toContain('billing (test checkout)');
    }
  });

  it('nowhere else with APP_ENV at its default: off, saying why at start-up', () => {
    for (const [env, named] of [
      [{ HOST: '0.0.0.0' }, 'HOST=0.0.0.0'],
      [{ HOST: '::' }, 'HOST=::'],
      [{ HOST: '192.168.1.20' }, 'HOST=192.168.1.20'],
      [{ PUBLIC_URL: 'https://lists.example.com' }, 'PUBLIC_URL=https://lists.example.com'],
    ] as const) {
      const config = loadConfig(env);
      expect(config.billing, named).toEqual({ kind: 'off', why: expect.stringContaining(named) });
      expect(config.localServices).not.toContain('billing (test checkout)');
      expect(publicConfig(config)).toMatchObject({ billing: 'off', simulatedPayments: false });
      const said = describeBilling(config.billing);
      expect(said.warn).toBe(true);
      expect(said.message).toContain(
        `Billing is off: no STRIPE_* settings, and the test checkout runs only on this computer, not with ${named}`,
      );
      expect(said.message).toContain('BILLING_TEST_CHECKOUT=enabled');
    }
  });

  it('BILLING_TEST_CHECKOUT=enabled: for anyone, anywhere but production, and every page is told', () => {
    const config = loadConfig({ HOST: '0.0.0.0', BILLING_TEST_CHECKOUT: 'enabled' });
    expect(config.billing).toEqual({ kind: 'local', reach: 'anyone' });
    expect(publicConfig(config)).toMatchObject({
      billing: 'local',
      simulatedPayments: true,
      localMode: true,
    });
    expect(describeBilling(config.billing)).toMatchObject({
      warn: true,
      message: expect.stringContaining('for anyone'),
    });
    expect(problemsOf({ ...PRODUCTION, BILLING_TEST_CHECKOUT: 'enabled' })).toEqual([
      'BILLING_TEST_CHECKOUT=enabled is refused when APP_ENV=production: anyone could take a paid plan without paying',
    ]);
    expect(problemsOf({ ...STRIPE, BILLING_TEST_CHECKOUT: 'enabled' })).toEqual([
      'BILLING_TEST_CHECKOUT=enabled and the STRIPE_* settings: choose one way to take payments',
    ]);
  });

  it('BILLING_TEST_CHECKOUT=off: never, even on loopback; unknown values stop start-up', () => {
    expect(loadConfig({ BILLING_TEST_CHECKOUT: 'off' }).billing).toEqual({
      kind: 'off',
      why: 'BILLING_TEST_CHECKOUT=off',
    });
    expect(loadConfig({ BILLING_TEST_CHECKOUT: '' }).billing).toEqual({ kind: 'local', reach: 'loopback' });
    expect(problemsOf({ BILLING_TEST_CHECKOUT: 'yes' })).toEqual([
      expect.stringContaining('BILLING_TEST_CHECKOUT'),
    ]);
    expect(describeBilling(loadConfig(PRODUCTION).billing)).toEqual({
      warn: false,
      message: expect.stringMatching(/^Billing is off\. Paid plans say "Contact us"/),
    });
  });
});
