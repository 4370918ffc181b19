import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { upsertSubscriber } from '../repositories/public-forms.ts';

/**
 * Adds a normalised address once; a repeat only counts the request. One statement either way, and
 * nothing said back about which it was: the answer must not reveal who is on the list.
 */
export async function subscribeToMailingList(db: Database, email: string): Promise<void> {
  await upsertSubscriber(db, newId('subscriber'), email);
}
