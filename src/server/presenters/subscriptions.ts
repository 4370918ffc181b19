import { PLAN_LIMITS, type SubscriptionInfo, type Tier } from '#domain/plans';
import type { subscriptions } from '../db/schema/index.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A user's plan as services/subscriptions.ts finds it. */
export interface PlanState {
  tier: Tier;
  listSyncCount: number;
  /** The team's storage figure (teams.storage_used_bytes, docs/storage.md). */
  storageUsedBytes: number;
  hasCustomer: boolean;
  /** The subscription behind the plan, or the last one there was; null for none ever. */
  current: SubscriptionRow | null;
}

/** GET /api/user/{uid}/subscription: the plan, what it allows, how much of it is used. */
export function presentSubscription(plan: PlanState): SubscriptionInfo {
  const { current } = plan;
  const limits = PLAN_LIMITS[plan.tier];
  return {
    tier: plan.tier,
    usage: { listSyncCount: plan.listSyncCount },
    limits: { maxLists: limits.maxLists },
    storage: { usedBytes: Math.max(0, plan.storageUsedBytes), limitBytes: limits.storageBytes },
    allowedLanguages: [...limits.allowedLanguages],
    status: current?.status ?? 'none',
    interval: current?.interval ?? null,
    currentPeriodEnd: current?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: current?.cancelAtPeriodEnd ?? false,
    trialEnd: current?.status === 'trialing' ? (current.trialEnd?.toISOString() ?? null) : null,
    canManageBilling: plan.hasCustomer,
  };
}
