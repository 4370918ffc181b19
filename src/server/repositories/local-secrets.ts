import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { localSecrets } from '../db/schema/index.ts';

/**
 * A secret the server made itself in local mode, by name: made once (the first instance to ask
 * stores `made`), then the same for every instance and restart on this database.
 */
export async function localSecret(db: Database, name: string, made: () => string): Promise<string> {
  await db.insert(localSecrets).values({ name, value: made() }).onConflictDoNothing();
  const [row] = await db.select().from(localSecrets).where(eq(localSecrets.name, name));
  if (!row) throw new Error(`the local secret ${name} was not stored`);
  return row.value;
}
