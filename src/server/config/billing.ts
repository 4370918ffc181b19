import { z } from 'zod';
import type { BillingInterval, PaidTier } from '#domain/billing';
import { optionalHttpUrl, optionalText } from './env-fields.ts';
import { requireHttpsInProduction, type SettingsCheck } from './settings-check.ts';

/** How plans are sold: Stripe's settings, all or none. */

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
});
export type BillingEnv = z.infer<typeof BillingEnv>;

/**
 * How plans are sold: Stripe (all its settings set), the local test checkout (nothing set, outside
 * production), or off (production without Stripe: paid plans say 'Contact us').
 */
export type BillingConfig = StripeBilling | { kind: 'local' } | { kind: 'off' };

interface StripeBilling {
  kind: 'stripe';
  secretKey: string;
  webhookSecret: string;
  prices: Record<PaidTier, Record<BillingInterval, string>>;
  /** Where the Stripe API is reached (a test fake); unset: Stripe itself. */
  apiBase?: URL;
}

export function readBilling(e: BillingEnv, check: SettingsCheck): BillingConfig {
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

/** Some Stripe settings but not all name each missing one; none: the test checkout, or off in production. */
function withoutStripe(e: BillingEnv, check: SettingsCheck): BillingConfig {
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
  // Not a fallback: a server may sell nothing by card (tiers set with `npm run admin -- set-tier`).
  if (check.production) return { kind: 'off' };
  check.localServices.push('billing (test checkout)');
  return { kind: 'local' };
}
