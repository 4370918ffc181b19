import { desc, eq, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { PLAN_LIMITS, type SubscriptionInfo } from '#domain/plans';
import type { Database } from '../db/client.ts';
import { subscriptions, users } from '../db/schema.ts';
import { LIVE_STATUSES, rankOfTier } from './billing-state.ts';

/** The user's plan, what it allows, how much of it is used, and the subscription behind it. */
export async function subscriptionOf(db: Database, userId: string): Promise<SubscriptionInfo> {
  const [row] = await db
    .select({
      tier: users.tier,
      // Written out in full: Drizzle leaves columns unqualified, and "id" inside would be the checklist's.
      listSyncCount:
        sql<number>`(select cast(count(*) as int) from "checklists" c where c."user_id" = "users"."id")`.mapWith(
          Number,
        ),
      hasCustomer: sql<boolean>`exists (select 1 from "billing_customers" b where b."user_id" = "users"."id")`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('unauthenticated', 'Please sign in again.');

  // The subscription that gives the tier (live, highest tier first), else the last one there was.
  const owned = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.updatedAt));
  const live = owned
    .filter((s) => LIVE_STATUSES.includes(s.status))
    .sort((a, b) => rankOfTier(b.tier) - rankOfTier(a.tier));
  const current = live[0] ?? owned[0] ?? null;

  const limits = PLAN_LIMITS[row.tier];
  return {
    tier: row.tier,
    usage: { listSyncCount: row.listSyncCount },
    limits: { maxLists: limits.maxLists },
    allowedLanguages: [...limits.allowedLanguages],
    status: current?.status ?? 'none',
    interval: current?.interval ?? null,
    currentPeriodEnd: current?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: current?.cancelAtPeriodEnd ?? false,
    trialEnd: current?.status === 'trialing' ? (current.trialEnd?.toISOString() ?? null) : null,
    canManageBilling: Boolean(row.hasCustomer),
  };
}
