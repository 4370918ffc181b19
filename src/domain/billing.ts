import { z } from 'zod';
import { groupThousands } from './numbers.ts';
import {
  BILLING_INTERVALS,
  type BillingInterval,
  PLAN_CARDS,
  type SubscriptionStatus,
  type Tier,
} from './plans.ts';

/**
 * Buying and managing a plan (docs/api.md "Plans and billing"; docs/product.md "Plans"). Shared by
 * the server (schemas, prices, trials) and the client (pricing page, checkout pages, plan card).
 */

export const PAID_TIERS = ['professional', 'enterprise'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

// Plans own these (a subscription's shape is part of the plan answer); named here too for billing's readers.
export {
  BILLING_INTERVALS,
  type BillingInterval,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from './plans.ts';

/**
 * Free-trial days of each paid plan. The plan card says 14 days for Professional and the FAQ once
 * said 7 (spec section 9): the card is what the owner reads next to the button they press, so 14 it is.
 */
export const TRIAL_DAYS: Record<PaidTier, number> = { professional: 14, enterprise: 30 };

/** 'Save 20% yearly': a year costs twelve months less 20%, rounded to whole dollars. */
export const YEARLY_DISCOUNT_PERCENT = 20;

export function isPaidTier(tier: Tier): tier is PaidTier {
  return (PAID_TIERS as readonly string[]).includes(tier);
}

/** The price in whole US dollars of one interval of a plan (free is 0). */
export function planPrice(tier: Tier, interval: BillingInterval): number {
  const monthly = PLAN_CARDS.find((card) => card.id === tier)?.price ?? 0;
  if (interval === 'month') return monthly;
  return Math.round(monthly * 12 * (1 - YEARLY_DISCOUNT_PERCENT / 100));
}

/** '$49/month', '$470/year'. */
export function formatPlanPrice(tier: Tier, interval: BillingInterval): string {
  return `$${groupThousands(planPrice(tier, interval))}/${interval}`;
}

/**
 * `POST /api/create-subscription`. The spec's client sends `userId` and `email` too: both are
 * accepted, a `userId` that is not the session's user is refused (403), and the e-mail is never
 * trusted (the account's own address is used).
 */
export const CreateSubscriptionInput = z.object({
  tier: z.enum(PAID_TIERS, { error: 'Choose the Professional or Enterprise plan.' }),
  interval: z.enum(BILLING_INTERVALS, { error: 'The interval must be month or year.' }).default('month'),
  userId: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
});
export type CreateSubscriptionInput = z.infer<typeof CreateSubscriptionInput>;

/** `{url}`: where the browser goes next (Stripe Checkout or the portal, or their local stand-ins). */
export interface RedirectAnswer {
  url: string;
}

/** A checkout session id, as Stripe writes them ('cs_test_…') or as the local checkout does. */
export const CheckoutSessionParams = z.object({
  sessionId: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9_]+$/, { error: 'Not a checkout session id.' }),
});

/**
 * `GET /api/billing/checkout/{sessionId}` (the success page): `confirmed` is true only once the
 * server has that checkout's plan live (trialing or active) for the signed-in user.
 */
export interface CheckoutStatus {
  status: 'open' | 'complete' | 'expired';
  confirmed: boolean;
  tier: PaidTier;
  interval: BillingInterval;
  trialEnd: string | null;
}

/** How the server sells plans: Stripe, the local test checkout, or not at all (production without Stripe). */
export type BillingMode = 'stripe' | 'local' | 'off';

/** The spec's toasts around buying (section 8). */
export const BILLING_MESSAGES = {
  authRequiredTitle: 'Authentication Required',
  authRequired: 'Please sign in to subscribe to a plan.',
  errorTitle: 'Subscription Error',
  errorFallback: 'Failed to create subscription. Please try again.',
} as const;

/** The local test portal's actions (`POST /api/billing/test-portal/actions`). */
export const TestPortalAction = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('switch'),
    tier: z.enum(PAID_TIERS),
    interval: z.enum(BILLING_INTERVALS),
  }),
  z.object({ action: z.literal('cancel_at_period_end') }),
  z.object({ action: z.literal('resume') }),
  z.object({ action: z.literal('cancel_now') }),
  /** Local only: the next renewal's payment fails (past_due), or the card is fixed (active again). */
  z.object({ action: z.literal('fail_payment') }),
  z.object({ action: z.literal('fix_payment') }),
]);
export type TestPortalAction = z.infer<typeof TestPortalAction>;

/** `GET /api/billing/test-checkout/{id}` (local mode only). */
export interface TestCheckoutView {
  id: string;
  tier: PaidTier;
  planName: string;
  interval: BillingInterval;
  /** Whole US dollars per interval. */
  amount: number;
  trialDays: number;
  email: string;
  status: 'open' | 'complete' | 'expired';
}

/** `GET /api/billing/test-portal` (local mode only): the signed-in owner's subscription as the provider holds it. */
export interface TestPortalView {
  subscription: {
    id: string;
    tier: PaidTier;
    interval: BillingInterval;
    status: Exclude<SubscriptionStatus, 'none'>;
    currentPeriodEnd: string | null;
    trialEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
  /** Where 'Return to {site}' goes. */
  returnUrl: string;
}
