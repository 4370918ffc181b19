import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { localBillingObjects } from '../../db/schema/index.ts';

/**
 * Local billing's own table (local_billing_objects): the Stripe-shaped customers, checkout sessions,
 * subscriptions and invoices local mode keeps, each as JSON by its id. Only local billing reads it.
 */

/** A Stripe-shaped object as local mode keeps it. */
export type LocalObject = Record<string, unknown> & { id: string };
export type LocalObjectKind = (typeof localBillingObjects.$inferSelect)['kind'];

export class LocalBillingStore {
  constructor(private readonly db: Database) {}

  async put(kind: LocalObjectKind, data: LocalObject): Promise<void> {
    await this.db
      .insert(localBillingObjects)
      .values({ id: data.id, kind, data })
      .onConflictDoUpdate({ target: localBillingObjects.id, set: { data, updatedAt: new Date() } });
  }

  async get(kind: LocalObjectKind, id: string): Promise<LocalObject | null> {
    const [row] = await this.db
      .select({ data: localBillingObjects.data })
      .from(localBillingObjects)
      .where(and(eq(localBillingObjects.id, id), eq(localBillingObjects.kind, kind)));
    return (row?.data as LocalObject | undefined) ?? null;
  }

  /** The customer made for this user, if any. */
  async customerOf(teamId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: localBillingObjects.id })
      .from(localBillingObjects)
      .where(
        and(
          eq(localBillingObjects.kind, 'customer'),
          // Customers made before teams name the owner's user id, which is their first team's id.
          sql`coalesce(${localBillingObjects.data}->'metadata'->>'teamId', ${localBillingObjects.data}->'metadata'->>'userId') = ${teamId}`,
        ),
      );
    return row?.id ?? null;
  }

  /** The user's subscription the portal acts on: the newest that has not ended, else the newest. */
  async currentSubscription(teamId: string): Promise<LocalObject | null> {
    const customer = await this.customerOf(teamId);
    if (!customer) return null;
    const rows = await this.db
      .select({ data: localBillingObjects.data })
      .from(localBillingObjects)
      .where(
        and(
          eq(localBillingObjects.kind, 'subscription'),
          sql`${localBillingObjects.data}->>'customer' = ${customer}`,
        ),
      )
      .orderBy(desc(localBillingObjects.createdAt));
    const all = rows.map((row) => row.data as LocalObject);
    return all.find((s) => s.status !== 'canceled') ?? all[0] ?? null;
  }
}
