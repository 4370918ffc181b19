import { and, eq, inArray } from 'drizzle-orm';
import type { SubscriptionStatus } from '#domain/billing';
import { TIERS, type Tier } from '#domain/plans';
import type { Database } from '../db/client.ts';
import { subscriptions, users } from '../db/schema.ts';

/**
 * The one rule for a user's tier: the higher of the tier an operator set by hand and the best tier of
 * a live subscription. past_due is live: the plan's limits hold while Stripe retries the payment,
 * until Stripe itself cancels the subscription (DESIGN.md "Plans and billing").
 */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

export function rankOfTier(tier: Tier): number {
  return TIERS.indexOf(tier);
}

export function higherTier(a: Tier, b: Tier): Tier {
  return rankOfTier(a) >= rankOfTier(b) ? a : b;
}

/** Any database handle: the pool or an open transaction. */
type Executor = Pick<Database, 'select' | 'update'>;

/**
 * Writes `users.tier` from the user's subscriptions and manual tier; call it in the same transaction
 * as the change to either. Answers the tier now in force. Nothing is ever deleted: an owner over the
 * new limit keeps every checklist (creation is refused until they are under it).
 */
export async function recomputeTier(tx: Executor, userId: string): Promise<Tier> {
  const [user] = await tx.select({ manualTier: users.manualTier }).from(users).where(eq(users.id, userId));
  if (!user) return 'free';
  const live = await tx
    .select({ tier: subscriptions.tier })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));
  let tier: Tier = user.manualTier ?? 'free';
  for (const subscription of live) tier = higherTier(tier, subscription.tier);
  await tx.update(users).set({ tier, updatedAt: new Date() }).where(eq(users.id, userId));
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
    const [user] = await tx
      .update(users)
      .set({ manualTier: tier === 'free' ? null : tier })
      .where(eq(users.email, email.trim().toLowerCase()))
      .returning({ id: users.id });
    if (!user) return null;
    return { userId: user.id, tier: await recomputeTier(tx, user.id) };
  });
}
