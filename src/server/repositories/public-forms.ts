import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
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

/**
 * Claims the sending of a confirmation e-mail to this address: true when none went out since
 * `sentBefore` (one statement, so two requests at once send one e-mail).
 */
export async function claimConfirmationSend(db: Database, id: string, now: Date, sentBefore: Date) {
  const claimed = await db
    .update(mailingListSubscribers)
    .set({ confirmationSentAt: now })
    .where(
      and(
        eq(mailingListSubscribers.id, id),
        or(
          isNull(mailingListSubscribers.confirmationSentAt),
          lt(mailingListSubscribers.confirmationSentAt, sentBefore),
        ),
      ),
    )
    .returning({ id: mailingListSubscribers.id });
  return claimed.length > 0;
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
