import { z } from 'zod';
import {
  BILLING_INTERVALS,
  type CheckoutStatus,
  PAID_TIERS,
  type RedirectAnswer,
  type TestCheckoutView,
  type TestPortalView,
} from './billing.ts';
import { IsoDateTime } from './checklist-response.ts';
import { SUBSCRIPTION_STATUSES, type SubscriptionInfo, TIERS } from './plans.ts';
import type { Expect, Same } from './schema-types.ts';
import { LanguageCodeSchema } from './translation-response.ts';

/** The answers of the plan and billing endpoints as zod (docs/api.md "Plans and billing"). */

const PaidTierSchema = z.enum(PAID_TIERS);
const BillingIntervalSchema = z.enum(BILLING_INTERVALS);
const CheckoutSessionStatusSchema = z.enum(['open', 'complete', 'expired']);

/** `{url}`: where the browser goes next (Stripe, the portal, or their local stand-ins). */
export const RedirectAnswerSchema = z
  .strictObject({ url: z.string().min(1) })
  .meta({ id: 'RedirectAnswer', description: 'Where the browser goes next' });

/** GET /api/user/{uid}/subscription */
export const SubscriptionInfoSchema = z
  .strictObject({
    tier: z.enum(TIERS),
    usage: z.strictObject({ listSyncCount: z.number().int().min(0) }),
    limits: z.strictObject({ maxLists: z.number().int().min(0).nullable() }),
    storage: z
      .strictObject({
        usedBytes: z.number().int().min(0),
        limitBytes: z.number().int().min(0).nullable(),
      })
      .describe("The team's stored bytes (photos, both sizes) and its plan's storage; null: unlimited"),
    allowedLanguages: z.array(LanguageCodeSchema),
    status: z.enum(SUBSCRIPTION_STATUSES),
    interval: BillingIntervalSchema.nullable(),
    currentPeriodEnd: IsoDateTime.nullable(),
    cancelAtPeriodEnd: z.boolean(),
    trialEnd: IsoDateTime.nullable(),
    canManageBilling: z.boolean(),
  })
  .meta({ id: 'SubscriptionInfo', description: "The user's plan, limits, usage and subscription" });

/** GET /api/billing/checkout/{sessionId} */
export const CheckoutStatusSchema = z
  .strictObject({
    status: CheckoutSessionStatusSchema,
    confirmed: z.boolean(),
    tier: PaidTierSchema,
    interval: BillingIntervalSchema,
    trialEnd: IsoDateTime.nullable(),
  })
  .meta({ id: 'CheckoutStatus', description: 'A checkout session; confirmed once its plan is live' });

/** POST /api/billing/webhook: what became of the event (a replay changes nothing). */
export const WebhookReceiptSchema = z
  .strictObject({
    received: z.literal(true),
    outcome: z.enum(['applied', 'replayed', 'ignored']),
  })
  .meta({ id: 'WebhookReceipt', description: 'The event was received (a replay changes nothing)' });

/** GET /api/billing/test-checkout/{id} (local mode only). */
export const TestCheckoutViewSchema = z
  .strictObject({
    id: z.string(),
    tier: PaidTierSchema,
    planName: z.string(),
    interval: BillingIntervalSchema,
    amount: z.number().int().min(0),
    trialDays: z.number().int().min(0),
    email: z.string(),
    status: CheckoutSessionStatusSchema,
  })
  .meta({ id: 'TestCheckoutView', description: "Local mode's test checkout session" });

/** GET /api/billing/test-portal and its actions (local mode only). */
export const TestPortalViewSchema = z
  .strictObject({
    subscription: z
      .strictObject({
        id: z.string(),
        tier: PaidTierSchema,
        interval: BillingIntervalSchema,
        status: z.enum(SUBSCRIPTION_STATUSES).exclude(['none']),
        currentPeriodEnd: IsoDateTime.nullable(),
        trialEnd: IsoDateTime.nullable(),
        cancelAtPeriodEnd: z.boolean(),
      })
      .nullable(),
    returnUrl: z.string(),
  })
  .meta({ id: 'TestPortalView', description: "Local mode's test portal: the subscription as it is held" });

export type BillingSchemasMatchTypes = [
  Expect<Same<z.infer<typeof RedirectAnswerSchema>, RedirectAnswer>>,
  Expect<Same<z.infer<typeof SubscriptionInfoSchema>, SubscriptionInfo>>,
  Expect<Same<z.infer<typeof CheckoutStatusSchema>, CheckoutStatus>>,
  Expect<Same<z.infer<typeof TestCheckoutViewSchema>, TestCheckoutView>>,
  Expect<Same<z.infer<typeof TestPortalViewSchema>, TestPortalView>>,
];
