import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailingListSubscribers } from '../db/schema.ts';
import { newId } from '../ids.ts';

/** Adds a normalised address once; a repeat only counts the request. Answers whether it was new. */
export async function subscribeToMailingList(db: Database, email: string): Promise<{ created: boolean }> {
  const [row] = await db
    .insert(mailingListSubscribers)
    .values({ id: newId('subscriber'), email })
    .onConflictDoUpdate({
      target: mailingListSubscribers.email,
      set: {
        lastRequestedAt: sql`now()`,
        requestCount: sql`${mailingListSubscribers.requestCount} + 1`,
      },
    })
    .returning({ requestCount: mailingListSubscribers.requestCount });
  return { created: row?.requestCount === 1 };
}
