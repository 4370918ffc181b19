import type { SubscriptionStatus } from '#domain/billing';
import { TIERS, type Tier } from '#domain/plans';
import type { Database } from '../db/client.ts';
import { manualTierOf, subscriptionTiersIn } from '../repositories/billing.ts';
import { setManualTier as setTeamManualTier, setTeamTier, teamsOwnedByEmail } from '../repositories/teams.ts';

/**
 * The one rule for a team's tier: the higher of the tier an operator set by hand and the best tier of
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
 * Writes `teams.tier` from the team's subscriptions and manual tier; call it in the same transaction
 * as the change to either. Answers the tier now in force. Nothing is ever deleted: a team over the
 * new limits keeps every checklist and every member (creation and invitations are refused until it
 * is under them).
 */
export async function recomputeTier(tx: Database, teamId: string): Promise<Tier> {
  const team = await manualTierOf(tx, teamId);
  if (!team) return 'free';
  let tier: Tier = team.manualTier ?? 'free';
  for (const live of await subscriptionTiersIn(tx, teamId, LIVE_STATUSES)) tier = higherTier(tier, live);
  await setTeamTier(tx, teamId, tier);
  return tier;
}

/**
 * An operator's tier for the teams owned by the account with this e-mail (`npm run admin -- set-tier`):
 * 'free' clears it. A live subscription above it still counts. Answers the tier now in force of each
 * team, or null for no such account (or one that owns no team).
 */
export async function setManualTier(
  db: Database,
  email: string,
  tier: Tier,
): Promise<{ teamId: string; tier: Tier }[] | null> {
  return db.transaction(async (tx) => {
    const teamIds = await teamsOwnedByEmail(tx, email.trim().toLowerCase());
    if (teamIds.length === 0) return null;
    const set: { teamId: string; tier: Tier }[] = [];
    for (const teamId of teamIds) {
      await setTeamManualTier(tx, teamId, tier === 'free' ? null : tier);
      set.push({ teamId, tier: await recomputeTier(tx, teamId) });
    }
    return set;
  });
}
