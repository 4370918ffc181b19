import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * Later write wins, per field (docs/decisions/0006): a write counts as made at the writer's
 * `changedAt` (when the person made it, perhaps offline long before it arrives), never later than the
 * database's clock, so a phone whose clock runs fast cannot win every conflict; absent, it is now.
 */
export function effectiveChangeTime(changedAt: SQL | Placeholder | string | null): SQL {
  return sql`least(coalesce(cast(${changedAt ?? null} as timestamptz), now()), now())`;
}

/**
 * Whether a write made at `effective` applies to a field last written at `changedAtColumn`: when it
 * is not older (a field never written, null, takes anything).
 */
export function writeWins(changedAtColumn: AnyColumn, effective: SQL): SQL {
  return sql`(${changedAtColumn} is null or ${changedAtColumn} <= ${effective})`;
}

/**
 * A `changedAt` as the database takes it: any ISO 8601 date-time the schema accepts, in UTC; one
 * before 1970 (PostgreSQL has no year 0) reads as 1970, which loses to every write stored anyway.
 */
export function changedAtParameter(changedAt: string | undefined): string | null {
  return changedAt === undefined ? null : new Date(Math.max(Date.parse(changedAt), 0)).toISOString();
}
