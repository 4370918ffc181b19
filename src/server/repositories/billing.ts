import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { BillingInterval, PaidTier, SubscriptionStatus } from '#domain/billing';
import type { TeamRole } from '#domain/teams';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import {
  billingCheckouts,
  billingCustomers,
  billingEvents,
  subscriptions,
  teams,
} from '../db/schema/index.ts';

/**
 * Billing's tables, keyed by team (the plan is the team's; its owner pays: docs/teams.md): the team's
 * customer at the provider, its checkouts, its subscriptions as the provider last described them, and
 * the webhook events applied. teams.tier is kept from these (services/billing-state.ts).
 */

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function customerIdOf(db: Database, teamId: string): Promise<string | null> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.teamId, teamId));
  return row?.customerId ?? null;
}

/** Records the team's customer unless they have one already. */
export async function insertCustomerIfAbsent(
  db: Database,
  teamId: string,
  customerId: string,
): Promise<void> {
  await db.insert(billingCustomers).values({ teamId, customerId }).onConflictDoNothing();
}

/** The team whose customer this is, if it is one we made. */
export async function teamOfCustomer(db: Database, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ teamId: billingCustomers.teamId })
    .from(billingCustomers)
    .where(eq(billingCustomers.customerId, customerId));
  return row?.teamId ?? null;
}

const subscriptionsOfTeam = preparedPerDatabase((db) =>
  db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.teamId, sql.placeholder('teamId')))
    .orderBy(desc(subscriptions.updatedAt))
    .prepare('subscriptions_of_team'),
);

/** The team's subscriptions, the most recently changed first (every dashboard's plan card: prepared). */
export async function subscriptionsOf(db: Database, teamId: string): Promise<SubscriptionRow[]> {
  return subscriptionsOfTeam(db).execute({ teamId });
}

/** The tiers of the team's subscriptions in one of these statuses. */
export async function subscriptionTiersIn(
  db: Database,
  teamId: string,
  statuses: readonly SubscriptionStatus[],
): Promise<PaidTier[]> {
  const rows = await db
    .select({ tier: subscriptions.tier })
    .from(subscriptions)
    .where(and(eq(subscriptions.teamId, teamId), inArray(subscriptions.status, [...statuses])));
  return rows.map((row) => row.tier);
}

/** The team's subscription of this id, if it is in one of these statuses. */
export async function subscriptionIn(
  db: Database,
  subscriptionId: string,
  teamId: string,
  statuses: readonly SubscriptionStatus[],
) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        eq(subscriptions.teamId, teamId),
        inArray(subscriptions.status, [...statuses]),
      ),
    );
  return row;
}

/**
 * Stores the provider's copy of a subscription, unless a copy fetched later (`syncedAt`) is stored
 * already: an older copy never overwrites it.
 */
export async function storeSubscription(
  db: Database,
  values: typeof subscriptions.$inferInsert & { syncedAt: Date },
): Promise<void> {
  const { id: _id, teamId: _team, ...changes } = values;
  await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: changes,
      setWhere: lte(subscriptions.syncedAt, values.syncedAt),
    });
}

/** The team's open checkout, if any (there is at most one). */
export async function openCheckoutOf(db: Database, teamId: string) {
  const [row] = await db
    .select()
    .from(billingCheckouts)
    .where(and(eq(billingCheckouts.teamId, teamId), eq(billingCheckouts.status, 'open')));
  return row;
}

/** Expires the team's open checkout (if any) and records this one as open; answers the ids expired. */
export async function replaceOpenCheckout(
  db: Database,
  checkout: {
    id: string;
    teamId: string;
    tier: PaidTier;
    interval: BillingInterval;
    url: string;
    expiresAt: Date;
  },
): Promise<string[]> {
  const expired = await db
    .update(billingCheckouts)
    .set({ status: 'expired' })
    .where(and(eq(billingCheckouts.teamId, checkout.teamId), eq(billingCheckouts.status, 'open')))
    .returning({ id: billingCheckouts.id });
  await db.insert(billingCheckouts).values(checkout);
  return expired.map((row) => row.id);
}

export async function checkoutOf(db: Database, checkoutId: string, teamId: string) {
  const [row] = await db
    .select()
    .from(billingCheckouts)
    .where(and(eq(billingCheckouts.id, checkoutId), eq(billingCheckouts.teamId, teamId)));
  return row;
}

export async function expireOpenCheckout(db: Database, checkoutId: string): Promise<void> {
  await db
    .update(billingCheckouts)
    .set({ status: 'expired' })
    .where(and(eq(billingCheckouts.id, checkoutId), eq(billingCheckouts.status, 'open')));
}

export async function completeCheckout(
  db: Database,
  checkoutId: string,
  teamId: string,
  subscriptionId: string,
): Promise<void> {
  await db
    .update(billingCheckouts)
    .set({ status: 'complete', subscriptionId })
    .where(and(eq(billingCheckouts.id, checkoutId), eq(billingCheckouts.teamId, teamId)));
}

export async function billingEventSeen(db: Database, eventId: string): Promise<boolean> {
  const [row] = await db.select().from(billingEvents).where(eq(billingEvents.id, eventId));
  return row !== undefined;
}

/** Records the event as applied; false when it was recorded already (a concurrent delivery). */
export async function recordBillingEvent(
  db: Database,
  event: { id: string; type: string },
): Promise<boolean> {
  const inserted = await db
    .insert(billingEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return inserted.length > 0;
}

/** The tier an operator set by hand, and whether there is such a team. */
export async function manualTierOf(db: Database, teamId: string) {
  const [row] = await db.select({ manualTier: teams.manualTier }).from(teams).where(eq(teams.id, teamId));
  return row;
}

const planUsage = preparedPerDatabase((db) =>
  db
    .select({
      // The asker's role in the team (null: not a member), in the same statement.
      role: sql<TeamRole | null>`(select m."role" from "team_members" m where m."team_id" = "teams"."id" and m."user_id" = ${sql.placeholder('userId')})`,
      tier: teams.tier,
      // Written out in full: Drizzle leaves columns unqualified, and "id" inside would be the checklist's.
      listSyncCount:
        sql<number>`(select cast(count(*) as int) from "checklists" c where c."team_id" = "teams"."id")`.mapWith(
          Number,
        ),
      hasCustomer: sql<boolean>`exists (select 1 from "billing_customers" b where b."team_id" = "teams"."id")`,
      storageUsedBytes: teams.storageUsedBytes,
    })
    .from(teams)
    .where(eq(teams.id, sql.placeholder('teamId')))
    .prepare('plan_usage_of_team'),
);

/**
 * The team's tier, how many checklists it has, and whether it has a customer (the plan card), with the
 * asker's role there. Prepared: every dashboard asks it.
 */
export async function planUsageOf(db: Database, teamId: string, userId: string) {
  const [row] = await planUsage(db).execute({ teamId, userId });
  return row;
}
