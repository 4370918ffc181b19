import { and, eq, isNull, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { idempotencyKeys } from '../db/schema/index.ts';

/** Idempotency-Key claims and the answers kept for replays (docs/decisions/0006). */

/**
 * The conflict rule of every claim: a row of the same (principal, key) is taken over, as a new claim,
 * only when its key expired or its claim was abandoned (in flight since before `abandonedBefore`).
 */
function takeOverExpired(claimedAt: SQLWrapper, abandonedBefore: SQLWrapper) {
  return {
    target: [idempotencyKeys.principal, idempotencyKeys.key],
    set: {
      requestHash: sql`excluded.request_hash`,
      status: null,
      responseBody: null,
      responseType: null,
      createdAt: sql`excluded.created_at`,
      expiresAt: sql`excluded.expires_at`,
    },
    setWhere: sql`${idempotencyKeys.expiresAt} <= ${claimedAt} or (${idempotencyKeys.status} is null and ${idempotencyKeys.createdAt} <= ${abandonedBefore})`,
  };
}

/**
 * The claim as a CTE of a larger statement, so a change and the claim of its key are one round trip
 * and one transaction (the tick, repositories/task-updates.ts): the key is claimed for `principal`
 * (an SQL expression; no claim when it is null), and the CTE has a row when this request claimed it.
 * Placeholders: key, requestHash, claimedAt, expiresAt, abandonedBefore.
 */
export function claimKeyCte(db: Database, principal: SQL) {
  const p = (name: string) => sql.placeholder(name);
  const claimedAt = sql`cast(${p('claimedAt')} as timestamptz)`;
  return db.$with('claimed').as(
    db
      .insert(idempotencyKeys)
      // Columns in the table's order: principal, key, request_hash, status, response_body, response_type, created_at, expires_at.
      .select(
        sql`select ${principal}, ${p('key')}, ${p('requestHash')}, cast(null as integer), cast(null as text), cast(null as text), ${claimedAt}, cast(${p('expiresAt')} as timestamptz) where ${principal} is not null`,
      )
      .onConflictDoUpdate(takeOverExpired(claimedAt, sql`cast(${p('abandonedBefore')} as timestamptz)`))
      .returning({ principal: idempotencyKeys.principal }),
  );
}

/**
 * The claim of a key as a statement of its own (the routes whose change is not the tick's), prepared
 * once per database: it runs before every keyed remark, photo and submit. Placeholders: principal,
 * key, requestHash, createdAt, expiresAt, abandonedBefore.
 */
const claimKeyStatement = preparedPerDatabase((db) => {
  const p = (name: string) => sql.placeholder(name);
  const createdAt = sql`cast(${p('createdAt')} as timestamptz)`;
  return db
    .insert(idempotencyKeys)
    .values({
      principal: p('principal'),
      key: p('key'),
      requestHash: p('requestHash'),
      status: null,
      createdAt,
      expiresAt: sql`cast(${p('expiresAt')} as timestamptz)`,
    })
    .onConflictDoUpdate(takeOverExpired(createdAt, sql`cast(${p('abandonedBefore')} as timestamptz)`))
    .returning({ key: idempotencyKeys.key })
    .prepare('claim_idempotency_key');
});

/**
 * Claims the key: a new row, or one whose key expired or whose claim was abandoned (still in flight,
 * made before `abandonedBefore`), taken over in the same statement. Whether this request claimed it.
 */
export async function claimKey(
  db: Database,
  claim: { principal: string; key: string; requestHash: string; createdAt: Date; expiresAt: Date },
  abandonedBefore: Date,
): Promise<boolean> {
  const claimed = await claimKeyStatement(db).execute({
    principal: claim.principal,
    key: claim.key,
    requestHash: claim.requestHash,
    createdAt: claim.createdAt.toISOString(),
    expiresAt: claim.expiresAt.toISOString(),
    abandonedBefore: abandonedBefore.toISOString(),
  });
  return claimed.length > 0;
}

/** The key's row as it stands: the request it serves and its answer, if one is kept. */
export async function heldKey(db: Database, principal: string, key: string) {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      status: idempotencyKeys.status,
      responseBody: idempotencyKeys.responseBody,
      responseType: idempotencyKeys.responseType,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key)));
  return row;
}

/** The row of this request's claim while it is still in flight. */
function claimInFlight(principal: string, key: string, requestHash: string) {
  return and(
    eq(idempotencyKeys.principal, principal),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.requestHash, requestHash),
    isNull(idempotencyKeys.status),
  );
}

/** An answer to keep for its claim (services/idempotency.ts AnswerKeeper). */
export interface AnswerToKeep {
  principal: string;
  key: string;
  requestHash: string;
  status: number;
  body: string;
  contentType: string | null;
}

/**
 * Keeps the answers of claims still in flight (each row only if its claim is still this request's
 * and in flight), as an UPDATE to run alone or inside a larger statement (repositories/after-commit.ts).
 */
export function keepAnswersUpdate(answers: readonly AnswerToKeep[]): SQL {
  const k = idempotencyKeys;
  return sql`update ${k} set
      ${sql.identifier(k.status.name)} = a.status,
      ${sql.identifier(k.responseBody.name)} = a.body,
      ${sql.identifier(k.responseType.name)} = a."contentType"
    from json_to_recordset(cast(${JSON.stringify(answers)} as json))
      as a(principal text, key text, "requestHash" text, status integer, body text, "contentType" text)
    where ${k.principal} = a.principal and ${k.key} = a.key and ${k.requestHash} = a."requestHash"
      and ${k.status} is null`;
}

/** Deletes a claim still in flight. */
export async function deleteClaim(
  db: Database,
  claim: { principal: string; key: string; requestHash: string },
): Promise<void> {
  await db.delete(idempotencyKeys).where(claimInFlight(claim.principal, claim.key, claim.requestHash));
}

/** Deletes the keys past their retention; answers how many went. */
export async function deleteKeysExpiredBy(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
