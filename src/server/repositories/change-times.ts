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

/** The last moment of 9999 in UTC: a later one has a six-digit year, which PostgreSQL cannot read. */
const LATEST_CHANGE_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A `changedAt` as the database takes it: any ISO 8601 date-time the schema accepts, in UTC; one
 * before 1970 (PostgreSQL has no year 0) reads as 1970, which loses to every write stored anyway, and
 * one past 9999 in UTC ('9999-12-31T23:59:59-14:00') as the end of 9999, which reads as now anyway.
 */
export function changedAtParameter(changedAt: string | undefined): string | null {
  if (changedAt === undefined) return null;
  return new Date(Math.min(Math.max(Date.parse(changedAt), 0), LATEST_CHANGE_TIME)).toISOString();
}
