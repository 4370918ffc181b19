import { AppError } from '#domain/errors';
import { canManageBilling, TEAM_MESSAGES } from '#domain/teams';
import type { Database } from '../db/client.ts';
import type { PlanState } from '../presenters/subscriptions.ts';
import { planUsageOf, subscriptionsOf } from '../repositories/billing.ts';
import { LIVE_STATUSES, rankOfTier } from './billing-state.ts';

/**
 * The team's plan, how much of it is used, and the subscription behind it: the live one of the
 * highest tier, else the last one there was (presenters/subscriptions.ts shows it). Only the team's
 * owner pays, so only they are offered the billing portal. Two statements, side by side: the usage
 * with the asker's role (not a member, removed since the session was read: 404 as elsewhere), and
 * the subscriptions.
 */
export async function subscriptionOf(db: Database, teamId: string, userId: string): Promise<PlanState> {
  const [usage, owned] = await Promise.all([planUsageOf(db, teamId, userId), subscriptionsOf(db, teamId)]);
  if (!usage?.role) throw new AppError('not_found', TEAM_MESSAGES.notAMember);
  const live = owned
    .filter((s) => LIVE_STATUSES.includes(s.status))
    .sort((a, b) => rankOfTier(b.tier) - rankOfTier(a.tier));
  return {
    tier: usage.tier,
    listSyncCount: usage.listSyncCount,
    storageUsedBytes: usage.storageUsedBytes,
    hasCustomer: canManageBilling(usage.role) && Boolean(usage.hasCustomer),
    current: live[0] ?? owned[0] ?? null,
  };
}
