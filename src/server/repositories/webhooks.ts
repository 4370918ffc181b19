import { and, asc, count, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhooks } from '../db/schema/index.ts';
import { toDate } from './sql-values.ts';

/**
 * Webhook endpoints and their deliveries (db/schema/integrations.ts). A request's statements are
 * scoped by the team, so another team's endpoint reads as absent; the dispatcher's go by id. The
 * deliveries of events are inserted by the database itself (migration 0030's triggers).
 */

export type WebhookRow = typeof webhooks.$inferSelect;
export type NewWebhookRow = Omit<WebhookRow, 'createdAt' | 'updatedAt'>;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewDeliveryRow = Pick<DeliveryRow, 'id' | 'webhookId' | 'teamId' | 'event' | 'body' | 'giveUpAt'>;

export async function listTeamWebhooks(db: Database, teamId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.teamId, teamId))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

export async function readTeamWebhook(
  db: Database,
  teamId: string,
  webhookId: string,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.teamId, teamId), eq(webhooks.id, webhookId)));
  return row;
}

export async function countTeamWebhooks(db: Database, teamId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhooks).where(eq(webhooks.teamId, teamId));
  return row?.n ?? 0;
}

export async function insertWebhook(db: Database, row: NewWebhookRow): Promise<WebhookRow> {
  const [inserted] = await db.insert(webhooks).values(row).returning();
  if (!inserted) throw new Error('the webhook was not stored');
  return inserted;
}

export async function updateTeamWebhook(
  db: Database,
  teamId: string,
  webhookId: string,
  set: Partial<Pick<WebhookRow, 'url' | 'events' | 'enabled' | 'disabledReason' | 'disabledAt'>>,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ ...set, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(webhooks.teamId, teamId), eq(webhooks.id, webhookId)))
    .returning();
  return row;
}

export async function deleteTeamWebhook(db: Database, teamId: string, webhookId: string): Promise<boolean> {
  const deleted = await db
    .delete(webhooks)
    .where(and(eq(webhooks.teamId, teamId), eq(webhooks.id, webhookId)))
    .returning({ id: webhooks.id });
  return deleted.length > 0;
}

/** A re-enabled endpoint's waiting deliveries: due now, with a fresh window of `windowMs`. */
export async function resumePendingDeliveries(
  db: Database,
  webhookId: string,
  windowMs: number,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      nextAttemptAt: sql`now()`,
      giveUpAt: sql`now() + ${windowMs} * interval '1 millisecond'`,
    })
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'pending')));
}

/** The endpoint's last `limit` deliveries, newest first. */
export async function listDeliveries(db: Database, webhookId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function insertDelivery(db: Database, row: NewDeliveryRow): Promise<DeliveryRow> {
  const [inserted] = await db.insert(webhookDeliveries).values(row).returning();
  if (!inserted) throw new Error('the delivery was not stored');
  await db.execute(sql`select pg_notify('listsync_webhooks', '')`);
  return inserted;
}

/** A delivery sent again: pending, due now, a fresh window; its id (the `webhook-id`) stays. */
export async function requeueDelivery(
  db: Database,
  webhookId: string,
  deliveryId: string,
  windowMs: number,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now()`,
      giveUpAt: sql`now() + ${windowMs} * interval '1 millisecond'`,
      deliveredAt: null,
    })
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, deliveryId)))
    .returning();
  if (row) await db.execute(sql`select pg_notify('listsync_webhooks', '')`);
  return row;
}

export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  teamId: string;
  event: string;
  body: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  giveUpAt: Date;
  url: string;
  sealedSecret: string;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints in ONE statement: each gets its next
 * attempt number and its `next_attempt_at` moved past the lease (an instance that dies mid-attempt
 * leaves it to be claimed again once the lease ends), and its attempt's row (unique per delivery and
 * attempt) is written with this instance's name. SKIP LOCKED: two instances never claim the same.
 */
export async function claimDueDeliveries(
  db: Database,
  claim: { leaseMs: number; limit: number; instance: string },
): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    with due as (
      select d.id from ${webhookDeliveries} d join ${webhooks} w on w.id = d.webhook_id
       where d.status = 'pending' and d.next_attempt_at <= now() and w.enabled
       order by d.next_attempt_at
       limit ${claim.limit}
       for update of d skip locked
    ), claimed as (
      update ${webhookDeliveries} d
         set attempts = d.attempts + 1,
             next_attempt_at = now() + ${claim.leaseMs} * interval '1 millisecond',
             last_attempt_at = clock_timestamp()
        from ${webhooks} w
       where w.id = d.webhook_id and d.id in (select id from due)
      returning d.id, d.webhook_id, d.team_id, d.event, d.body, d.attempts, d.give_up_at,
                d.last_attempt_at, w.url, w.sealed_secret
    ), recorded as (
      insert into ${webhookAttempts} (delivery_id, attempt, instance, started_at)
      select id, attempts, ${claim.instance}, last_attempt_at from claimed
      on conflict do nothing
    )
    select * from claimed`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    id: String(row.id),
    webhookId: String(row.webhook_id),
    teamId: String(row.team_id),
    event: String(row.event),
    body: String(row.body),
    attempt: Number(row.attempts),
    giveUpAt: toDate(row.give_up_at),
    url: String(row.url),
    sealedSecret: String(row.sealed_secret),
  }));
}

export interface AttemptOutcome {
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

/** One attempt's end: what it got, and what follows for its delivery. */
export interface FinishedAttempt {
  claimed: Pick<ClaimedDelivery, 'id' | 'attempt'>;
  outcome: AttemptOutcome;
  next: { status: 'succeeded' | 'failed' | 'pending'; nextAttemptAt: Date };
}

/**
 * Writes what each attempt got and what follows, for many attempts in one statement (one commit:
 * decision 0064): succeeded, failed for good, or pending again at `nextAttemptAt`, each only while
 * its delivery is still at that attempt. The ids of the deliveries written.
 */
export async function finishAttempts(
  db: Database,
  finished: readonly FinishedAttempt[],
): Promise<Set<string>> {
  if (finished.length === 0) return new Set();
  const rows = finished.map(({ claimed, outcome, next }) => ({
    id: claimed.id,
    attempt: claimed.attempt,
    status: next.status,
    next_attempt_at: next.nextAttemptAt.toISOString(),
    response_status: outcome.responseStatus,
    duration_ms: outcome.durationMs,
    error: outcome.error,
    response_excerpt: outcome.responseExcerpt,
  }));
  const result = await db.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id text, attempt int, status text,
        next_attempt_at timestamptz, response_status int, duration_ms int, error text, response_excerpt text)
    ), recorded as (
      update ${webhookAttempts} a
         set response_status = v.response_status, duration_ms = v.duration_ms, error = v.error,
             response_excerpt = v.response_excerpt
        from v where a.delivery_id = v.id and a.attempt = v.attempt
    )
    update ${webhookDeliveries} d
       set status = v.status, next_attempt_at = v.next_attempt_at, response_status = v.response_status,
           duration_ms = v.duration_ms, error = v.error,
           delivered_at = case when v.status = 'succeeded' then clock_timestamp() end
      from v
     where d.id = v.id and d.attempts = v.attempt and d.status = 'pending'
    returning d.id`);
  return new Set((result as unknown as { rows: { id: string }[] }).rows.map((row) => String(row.id)));
}

/** One attempt's end (finishAttempts of one); whether its delivery was still at that attempt. */
export async function finishAttempt(
  db: Database,
  claimed: FinishedAttempt['claimed'],
  outcome: AttemptOutcome,
  next: FinishedAttempt['next'],
): Promise<boolean> {
  return (await finishAttempts(db, [{ claimed, outcome, next }])).has(claimed.id);
}

/** Turns the endpoint off with a reason; true only for the call that turned it off (once). */
export async function disableWebhook(
  db: Database,
  webhookId: string,
  reason: string,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({
      enabled: false,
      disabledReason: reason,
      disabledAt: sql`clock_timestamp()`,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.enabled, true)))
    .returning();
  return row;
}

/** Deliveries made before `before` that are no longer pending (the clean-up job). */
export async function deleteOldDeliveries(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, 'pending')))
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}
