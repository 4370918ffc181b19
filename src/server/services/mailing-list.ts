import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { upsertSubscriber } from '../repositories/public-forms.ts';

/** Adds a normalised address once; a repeat only counts the request. Answers whether it was new. */
export async function subscribeToMailingList(db: Database, email: string): Promise<{ created: boolean }> {
  return { created: (await upsertSubscriber(db, newId('subscriber'), email)) === 1 };
}
