import { z } from 'zod';
import type { BillingInterval, PaidTier } from '#domain/billing';
import { optionalHttpUrl, optionalText } from './env-fields.ts';
import { isLoopbackHost } from './loopback.ts';
import type { NetworkEnv } from './network.ts';
import { requireHttpsInProduction, type SettingsCheck } from './settings-check.ts';

/**
 * How plans are sold: Stripe's settings, all or none; without them, local mode's test checkout, which
 * gives plans away, so only on this computer unless BILLING_TEST_CHECKOUT says otherwise (decision 0044).
 */

/** Who may use the test checkout: requests from this computer only, or anyone (a test deployment). */
export type TestCheckoutReach = 'loopback' | 'anyone';

const stripePriceId = z
  .string()
  .regex(/^price_[A-Za-z0-9]+$/, 'expected a Stripe price id (price_…)')
  .optional();

export const BillingEnv = z.object({
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'expected a secret or restricted key (sk_… or rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9]+$/, 'expected a webhook signing secret (whsec_…)')
      .optional(),
  ),
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: optionalText.pipe(stripePriceId),
  STRIPE_PRICE_PROFESSIONAL_YEARLY: optionalText.pipe(stripePriceId),
  STRIPE_PRICE_ENTERPRISE_MONTHLY: optionalText.pipe(stripePriceId),
  STRIPE_PRICE_ENTERPRISE_YEARLY: optionalText.pipe(stripePriceId),
  STRIPE_API_BASE: optionalHttpUrl,
  /**
   * Without Stripe: `loopback` (default) runs the test checkout only on a server bound to and reached
   * at a loopback address, for requests from this computer; `enabled` for anyone (a test deployment:
   * every page says payments are simulated); `off` never.
   */
  BILLING_TEST_CHECKOUT: optionalText.pipe(z.enum(['loopback', 'enabled', 'off']).default('loopback')),
});
export type BillingEnv = z.infer<typeof BillingEnv>;
/** Where the server listens and is reached decides whether the test checkout may run. */
type SellingEnv = BillingEnv & Pick<NetworkEnv, 'HOST' | 'PUBLIC_URL'>;

/**
 * How plans are sold: Stripe (all its settings set), the local test checkout (nothing set, outside
 * production; `reach` says who may use it), or off (paid plans say 'Contact us'; `why`, when the test
 * checkout was refused, is said at start-up).
 */
export type BillingConfig =
  | StripeBilling
  | { kind: 'local'; reach: TestCheckoutReach }
  | { kind: 'off'; why?: string };

interface StripeBilling {
  kind: 'stripe';
  secretKey: string;
  webhookSecret: string;
  prices: Record<PaidTier, Record<BillingInterval, string>>;
  /** Where the Stripe API is reached (a test fake); unset: Stripe itself. */
  apiBase?: URL;
}

export function readBilling(e: SellingEnv, check: SettingsCheck): BillingConfig {
  if (e.BILLING_TEST_CHECKOUT === 'enabled' && e.STRIPE_SECRET_KEY) {
    check.problems.push(
      'BILLING_TEST_CHECKOUT=enabled and the STRIPE_* settings: choose one way to take payments',
    );
  }
  if (
    e.STRIPE_SECRET_KEY &&
    e.STRIPE_WEBHOOK_SECRET &&
    e.STRIPE_PRICE_PROFESSIONAL_MONTHLY &&
    e.STRIPE_PRICE_PROFESSIONAL_YEARLY &&
    e.STRIPE_PRICE_ENTERPRISE_MONTHLY &&
    e.STRIPE_PRICE_ENTERPRISE_YEARLY
  ) {
    const billing: StripeBilling = {
      kind: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      prices: {
        professional: {
          month: e.STRIPE_PRICE_PROFESSIONAL_MONTHLY,
          year: e.STRIPE_PRICE_PROFESSIONAL_YEARLY,
        },
        enterprise: { month: e.STRIPE_PRICE_ENTERPRISE_MONTHLY, year: e.STRIPE_PRICE_ENTERPRISE_YEARLY },
      },
      ...(e.STRIPE_API_BASE ? { apiBase: new URL(e.STRIPE_API_BASE) } : {}),
    };
    const prices = Object.values(billing.prices).flatMap((byInterval) => Object.values(byInterval));
    if (new Set(prices).size !== prices.length) {
      check.problems.push('The four STRIPE_PRICE_* settings must name four different prices');
    }
    if (billing.apiBase) requireHttpsInProduction(check, 'STRIPE_API_BASE', billing.apiBase.href);
    return billing;
  }
  return withoutStripe(e, check);
}

/** Some Stripe settings but not all name each missing one; none: the test checkout, or off. */
function withoutStripe(e: SellingEnv, check: SettingsCheck): BillingConfig {
  const stripeSettings = {
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_PROFESSIONAL_MONTHLY: e.STRIPE_PRICE_PROFESSIONAL_MONTHLY,
    STRIPE_PRICE_PROFESSIONAL_YEARLY: e.STRIPE_PRICE_PROFESSIONAL_YEARLY,
    STRIPE_PRICE_ENTERPRISE_MONTHLY: e.STRIPE_PRICE_ENTERPRISE_MONTHLY,
    STRIPE_PRICE_ENTERPRISE_YEARLY: e.STRIPE_PRICE_ENTERPRISE_YEARLY,
  };
  const missingStripe = Object.entries(stripeSettings).filter(([, value]) => !value);
  if (missingStripe.length < Object.keys(stripeSettings).length) {
    for (const [name] of missingStripe) {
      check.problems.push(
        `${name} is missing: billing through Stripe needs ${Object.keys(stripeSettings).join(', ')}`,
      );
    }
  }
  return testCheckout(e, check);
}

/**
 * The test checkout, where it may run: on this computer (the default), for anyone when a test
 * deployment says so, never in production. Off is not a fallback: a server may sell nothing by card.
 */
function testCheckout(e: SellingEnv, check: SettingsCheck): BillingConfig {
  const mode = e.BILLING_TEST_CHECKOUT;
  if (check.production) {
    if (mode === 'enabled') {
      check.problems.push(
        'BILLING_TEST_CHECKOUT=enabled is refused when APP_ENV=production: anyone could take a paid plan without paying',
      );
    }
    return { kind: 'off' };
  }
  if (mode === 'off') return { kind: 'off', why: 'BILLING_TEST_CHECKOUT=off' };
  if (mode === 'enabled') {
    check.localServices.push('billing (test checkout for anyone: payments simulated)');
    return { kind: 'local', reach: 'anyone' };
  }
  // HOST unset: local mode listens on loopback (network.ts listenHost), this test checkout included.
  const elsewhere = [
    e.HOST !== undefined && !isLoopbackHost(e.HOST) && `HOST=${e.HOST}`,
    e.PUBLIC_URL !== undefined &&
      !isLoopbackHost(new URL(e.PUBLIC_URL).hostname) &&
      `PUBLIC_URL=${e.PUBLIC_URL}`,
  ].filter(Boolean);
  if (elsewhere.length > 0) {
    const where = elsewhere.join(', ');
    return { kind: 'off', why: `the test checkout runs only on this computer, not with ${where}` };
  }
  check.localServices.push('billing (test checkout)');
  return { kind: 'local', reach: 'loopback' };
}

/** What start-up says of billing: how plans are sold, and why not when the test checkout was refused. */
export function describeBilling(billing: BillingConfig): { warn: boolean; message: string } {
  switch (billing.kind) {
    case 'stripe':
      return { warn: false, message: 'Billing: Stripe Checkout' };
    case 'local':
      return billing.reach === 'anyone'
        ? {
            warn: true,
            message:
              'Billing: the test checkout, for anyone (BILLING_TEST_CHECKOUT=enabled): plans are given without payment, and every page says payments are simulated',
          }
        : { warn: false, message: 'Billing: the test checkout, for requests from this computer only' };
    case 'off':
      return {
        warn: billing.why !== undefined,
        message: `Billing is off${billing.why ? `: no STRIPE_* settings, and ${billing.why}` : ''}. Paid plans say "Contact us" (tiers by \`npm run admin -- set-tier\`); set the STRIPE_* settings to sell by card${billing.why ? ', or BILLING_TEST_CHECKOUT=enabled for a test deployment' : ''}.`,
      };
  }
}
