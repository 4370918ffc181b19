import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { BillingInterval, PaidTier, SubscriptionStatus } from '#domain/billing';
import type { Tier } from '#domain/plans';
import type { Database } from '../db/client.ts';
import {
  billingCheckouts,
  billingCustomers,
  billingEvents,
  subscriptions,
  users,
} from '../db/schema/index.ts';

/**
 * Billing's tables: the owner's customer at the provider, their checkouts, their subscriptions as the
 * provider last described them, and the webhook events applied. users.tier is kept from these
 * (services/billing-state.ts).
 */

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function customerIdOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return row?.customerId ?? null;
}

/** Records the owner's customer unless they have one already. */
export async function insertCustomerIfAbsent(
  db: Database,
  userId: string,
  customerId: string,
): Promise<void> {
  await db.insert(billingCustomers).values({ userId, customerId }).onConflictDoNothing();
}

/** The owner whose customer this is, if it is one we made. */
export async function ownerOfCustomer(db: Database, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.customerId, customerId));
  return row?.userId ?? null;
}

/** The owner's subscriptions, the most recently changed first. */
export async function subscriptionsOf(db: Database, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.updatedAt));
}

/** The tiers of the owner's subscriptions in one of these statuses. */
export async function subscriptionTiersIn(
  db: Database,
  userId: string,
  statuses: readonly SubscriptionStatus[],
): Promise<PaidTier[]> {
  const rows = await db
    .select({ tier: subscriptions.tier })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...statuses])));
  return rows.map((row) => row.tier);
}

/** The owner's subscription of this id, if it is in one of these statuses. */
export async function subscriptionIn(
  db: Database,
  subscriptionId: string,
  userId: string,
  statuses: readonly SubscriptionStatus[],
) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        eq(subscriptions.userId, userId),
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
  const { id: _id, userId: _user, ...changes } = values;
  await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: changes,
      setWhere: lte(subscriptions.syncedAt, values.syncedAt),
    });
}

/** The owner's open checkout, if any (there is at most one). */
export async function openCheckoutOf(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(billingCheckouts)
    .where(and(eq(billingCheckouts.userId, userId), eq(billingCheckouts.status, 'open')));
  return row;
}

/** Expires the owner's open checkout (if any) and records this one as open; answers the ids expired. */
export async function replaceOpenCheckout(
  db: Database,
  checkout: {
    id: string;
    userId: string;
    tier: PaidTier;
    interval: BillingInterval;
    url: string;
    expiresAt: Date;
  },
): Promise<string[]> {
  const expired = await db
    .update(billingCheckouts)
    .set({ status: 'expired' })
    .where(and(eq(billingCheckouts.userId, checkout.userId), eq(billingCheckouts.status, 'open')))
    .returning({ id: billingCheckouts.id });
  await db.insert(billingCheckouts).values(checkout);
  return expired.map((row) => row.id);
}

export async function checkoutOf(db: Database, checkoutId: string, userId: string) {
  const [row] = await db
    .select()
    .from(billingCheckouts)
    .where(and(eq(billingCheckouts.id, checkoutId), eq(billingCheckouts.userId, userId)));
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
  userId: string,
  subscriptionId: string,
): Promise<void> {
  await db
    .update(billingCheckouts)
    .set({ status: 'complete', subscriptionId })
    .where(and(eq(billingCheckouts.id, checkoutId), eq(billingCheckouts.userId, userId)));
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

/** The tier an operator set by hand, and whether there is such a user. */
export async function manualTierOf(db: Database, userId: string) {
  const [row] = await db.select({ manualTier: users.manualTier }).from(users).where(eq(users.id, userId));
  return row;
}

export async function setUserTier(db: Database, userId: string, tier: Tier): Promise<void> {
  await db.update(users).set({ tier, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The user's tier, how many checklists they have, and whether they have a customer (the plan card). */
export async function planUsageOf(db: Database, userId: string) {
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
  return row;
}
