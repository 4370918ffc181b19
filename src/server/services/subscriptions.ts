import { AppError } from '#domain/errors';
import type { Database } from '../db/client.ts';
import type { PlanState } from '../presenters/subscriptions.ts';
import { planUsageOf, subscriptionsOf } from '../repositories/billing.ts';
import { LIVE_STATUSES, rankOfTier } from './billing-state.ts';

/**
 * The team's plan, how much of it is used, and the subscription behind it: the live one of the
 * highest tier, else the last one there was (presenters/subscriptions.ts shows it). Only the team's
 * owner pays, so only they are offered the billing portal (`mayManage`).
 */
export async function subscriptionOf(db: Database, teamId: string, mayManage: boolean): Promise<PlanState> {
  const usage = await planUsageOf(db, teamId);
  if (!usage) throw new AppError('unauthenticated', 'Please sign in again.');
  const owned = await subscriptionsOf(db, teamId);
  const live = owned
    .filter((s) => LIVE_STATUSES.includes(s.status))
    .sort((a, b) => rankOfTier(b.tier) - rankOfTier(a.tier));
  return {
    tier: usage.tier,
    listSyncCount: usage.listSyncCount,
    storageUsedBytes: usage.storageUsedBytes,
    hasCustomer: mayManage && Boolean(usage.hasCustomer),
    current: live[0] ?? owned[0] ?? null,
  };
}
