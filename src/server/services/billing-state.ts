import type { SubscriptionStatus } from '#domain/billing';
import { TIERS, type Tier } from '#domain/plans';
import type { Database } from '../db/client.ts';
import { manualTierOf, setUserTier, subscriptionTiersIn } from '../repositories/billing.ts';
import { setManualTierByEmail } from '../repositories/users.ts';

/**
 * The one rule for a user's tier: the higher of the tier an operator set by hand and the best tier of
 * a live subscription. past_due is live: the plan's limits hold while Stripe retries the payment,
 * until Stripe itself cancels the subscription (docs/api.md "Plans and billing").
 */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

export function rankOfTier(tier: Tier): number {
  return TIERS.indexOf(tier);
}

export function higherTier(a: Tier, b: Tier): Tier {
  return rankOfTier(a) >= rankOfTier(b) ? a : b;
}

/**
 * Writes `users.tier` from the user's subscriptions and manual tier; call it in the same transaction
 * as the change to either. Answers the tier now in force. Nothing is ever deleted: an owner over the
 * new limit keeps every checklist (creation is refused until they are under it).
 */
export async function recomputeTier(tx: Database, userId: string): Promise<Tier> {
  const user = await manualTierOf(tx, userId);
  if (!user) return 'free';
  let tier: Tier = user.manualTier ?? 'free';
  for (const live of await subscriptionTiersIn(tx, userId, LIVE_STATUSES)) tier = higherTier(tier, live);
  await setUserTier(tx, userId, tier);
  return tier;
}

/**
 * An operator's tier for the account with this e-mail (`npm run admin -- set-tier`): 'free' clears
 * it. A live subscription above it still counts. Answers the tier now in force, or null for no such account.
 */
export async function setManualTier(
  db: Database,
  email: string,
  tier: Tier,
): Promise<{ userId: string; tier: Tier } | null> {
  return db.transaction(async (tx) => {
    const userId = await setManualTierByEmail(tx, email.trim().toLowerCase(), tier === 'free' ? null : tier);
    if (!userId) return null;
    return { userId, tier: await recomputeTier(tx, userId) };
  });
}
