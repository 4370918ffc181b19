import { eq, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { PLAN_LIMITS, type SubscriptionInfo } from '#domain/plans';
import type { Database } from '../db/client.ts';
import { checklists, users } from '../db/schema.ts';

/** The user's plan, what it allows and how much of it is used (one query). */
export async function subscriptionOf(db: Database, userId: string): Promise<SubscriptionInfo> {
  const [row] = await db
    .select({
      tier: users.tier,
      listSyncCount: sql<number>`cast(count(${checklists.id}) as int)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(checklists, eq(checklists.userId, users.id))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  if (!row) throw new AppError('unauthenticated', 'Please sign in again.');
  const limits = PLAN_LIMITS[row.tier];
  return {
    tier: row.tier,
    usage: { listSyncCount: row.listSyncCount },
    limits: { maxLists: limits.maxLists },
    allowedLanguages: [...limits.allowedLanguages],
  };
}
