import { eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authFlows } from '../db/schema/index.ts';

/** Sign-ins in progress (docs/decisions/0001): state, nonce and PKCE verifier by the hash of a cookie's key. */

export async function insertAuthFlow(db: Database, row: typeof authFlows.$inferInsert): Promise<void> {
  await db.insert(authFlows).values(row);
}

export async function deleteAuthFlowsExpiredBefore(db: Database, now: Date): Promise<void> {
  await db.delete(authFlows).where(lt(authFlows.expiresAt, now));
}

/** Deletes the flow and answers it (single use), or undefined. */
export async function takeAuthFlowRow(db: Database, idHash: string) {
  const [row] = await db.delete(authFlows).where(eq(authFlows.idHash, idHash)).returning();
  return row;
}
