import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailingListSubscribers, smsConsents } from '../db/schema/index.ts';

/** What the anonymous forms of the public pages store: mailing list addresses and SMS consents. */

/** Adds the address once; a repeat only counts the request. Answers the row's opt-in state. */
export async function upsertSubscriber(db: Database, id: string, email: string) {
  const [row] = await db
    .insert(mailingListSubscribers)
    .values({ id, email })
    .onConflictDoUpdate({
      target: mailingListSubscribers.email,
      set: {
        lastRequestedAt: sql`now()`,
        requestCount: sql`${mailingListSubscribers.requestCount} + 1`,
      },
    })
    .returning({
      id: mailingListSubscribers.id,
      confirmedAt: mailingListSubscribers.confirmedAt,
      unsubscribedAt: mailingListSubscribers.unsubscribedAt,
    });
  return row;
}

/** Whether a confirmation e-mail may go: claimed, or why not (and how many went in the hour). */
export type ConfirmationClaim =
  | { claimed: true }
  | { claimed: false; reason: 'spaced' }
  | { claimed: false; reason: 'ceiling'; sentLastHour: number };

/**
 * Claims the sending of a confirmation e-mail to this address: only when none went to it since
 * `sentBefore`, and fewer than `maxPerHour` went to any address since `hourAgo`. Under a lock held
 * to the commit, so that two requests at once (on any instance) cannot both take the last one.
 */
export async function claimConfirmationSend(
  db: Database,
  id: string,
  at: { now: Date; sentBefore: Date; hourAgo: Date },
  maxPerHour: number,
): Promise<ConfirmationClaim> {
  const s = mailingListSubscribers;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended('listsync:mailing-list-confirmations', 0))`,
    );
    const [due] = await tx
      .select({ id: s.id })
      .from(s)
      .where(and(eq(s.id, id), or(isNull(s.confirmationSentAt), lt(s.confirmationSentAt, at.sentBefore))));
    if (!due) return { claimed: false, reason: 'spaced' };
    const [recent] = await tx.select({ n: count() }).from(s).where(gt(s.confirmationSentAt, at.hourAgo));
    const sentLastHour = recent?.n ?? 0;
    if (sentLastHour >= maxPerHour) return { claimed: false, reason: 'ceiling', sentLastHour };
    await tx.update(s).set({ confirmationSentAt: at.now }).where(eq(s.id, id));
    return { claimed: true };
  });
}

/** The opt-in state of an address, or undefined when it never signed up. */
export async function subscriberByEmail(db: Database, email: string) {
  const [row] = await db
    .select({
      id: mailingListSubscribers.id,
      confirmedAt: mailingListSubscribers.confirmedAt,
      unsubscribedAt: mailingListSubscribers.unsubscribedAt,
    })
    .from(mailingListSubscribers)
    .where(eq(mailingListSubscribers.email, email));
  return row;
}

/** Confirms the address (again after leaving): it is a subscriber from now. */
export async function markConfirmed(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(mailingListSubscribers)
    .set({ confirmedAt: now, unsubscribedAt: null })
    .where(eq(mailingListSubscribers.id, id));
}

export async function markUnsubscribed(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(mailingListSubscribers)
    .set({ unsubscribedAt: now })
    .where(eq(mailingListSubscribers.id, id));
}

/** The confirmed subscribers who have not left, oldest first (the operators' export). */
export async function confirmedSubscribers(db: Database) {
  return db
    .select({
      email: mailingListSubscribers.email,
      signedUpAt: mailingListSubscribers.createdAt,
      confirmedAt: mailingListSubscribers.confirmedAt,
    })
    .from(mailingListSubscribers)
    .where(and(isNotNull(mailingListSubscribers.confirmedAt), isNull(mailingListSubscribers.unsubscribedAt)))
    .orderBy(asc(mailingListSubscribers.confirmedAt), asc(mailingListSubscribers.email));
}

/** Appends a consent record; answers when it was recorded. */
export async function insertSmsConsent(db: Database, values: typeof smsConsents.$inferInsert) {
  const [row] = await db
    .insert(smsConsents)
    .values(values)
    .returning({ consentedAt: smsConsents.consentedAt });
  if (!row) throw new Error('consent insert returned nothing');
  return row;
}
