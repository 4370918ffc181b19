import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailingListSubscribers, smsConsents } from '../db/schema.ts';

/** What the anonymous forms of the public pages store: mailing list addresses and SMS consents. */

/** Adds the address once; a repeat only counts the request. Answers how many requests it has had. */
export async function upsertSubscriber(db: Database, id: string, email: string): Promise<number | null> {
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
    .returning({ requestCount: mailingListSubscribers.requestCount });
  return row?.requestCount ?? null;
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
