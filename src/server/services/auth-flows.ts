import { eq, lt } from 'drizzle-orm';
import type { SignInChecks } from '../adapters/identity/oidc-client.ts';
import type { Database } from '../db/client.ts';
import { authFlows } from '../db/schema.ts';
import { hashSecret, newSecret } from '../ids.ts';

export const AUTH_FLOW_TTL_MS = 10 * 60 * 1000;

/** Stores a started sign-in; the browser keeps only the random key, in an HttpOnly cookie. */
export async function saveAuthFlow(db: Database, checks: SignInChecks, now = new Date()): Promise<string> {
  const key = newSecret();
  await db.delete(authFlows).where(lt(authFlows.expiresAt, now));
  await db.insert(authFlows).values({
    idHash: hashSecret(key),
    ...checks,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTH_FLOW_TTL_MS),
  });
  return key;
}

/** Takes the sign-in checks out (single use): a replayed callback finds nothing. */
export async function takeAuthFlow(
  db: Database,
  key: string,
  now = new Date(),
): Promise<SignInChecks | null> {
  const [row] = await db
    .delete(authFlows)
    .where(eq(authFlows.idHash, hashSecret(key)))
    .returning();
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return { state: row.state, nonce: row.nonce, codeVerifier: row.codeVerifier };
}
