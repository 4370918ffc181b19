import { ID_MAX } from '#domain/checklist';
import { AppError } from '#domain/errors';
import type { ActivityCursor } from '../repositories/activity.ts';
import type { ShareSecrets } from './share-secrets.ts';
import { readLinkToken, signLinkToken } from './signed-links.ts';

/**
 * The activity trail's page cursor (docs/api.md "Activity and report"; decision 0043): where the next
 * page starts (the last entry's time, to the microsecond as the database wrote it, and its id) and the
 * checklist it belongs to, signed with the server's key for links (services/signed-links.ts, its own
 * version prefix). So a client can only give back a cursor the API gave for this checklist: one
 * changed, cut short, of another checklist, or of another kind of token is a 400 that says so, and an
 * impossible time never reaches the database (which would answer it with an error, a 500).
 */

export type CursorKey = Pick<ShareSecrets, 'linkSignature'>;

const VERSION = 'a1';

export function encodeActivityCursor(key: CursorKey, checklistId: string, cursor: ActivityCursor): string {
  return signLinkToken(key, VERSION, [checklistId, cursor.at, cursor.id]);
}

/** `timestamptz::text` in any session time zone: '2026-11-29 07:21:24.123456+00' (or +05:30). */
const DATABASE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/;

/** A time that exists: a day of its month, a year from 1970 to 9999, hours, minutes and offset in range. */
export function isRealDatabaseTime(text: string): boolean {
  const match = DATABASE_TIME.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [1, 2, 3, 4, 5, 6, 7, 8].map(
    (group) => Number(match[group] ?? 0),
  ) as [number, number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1970 &&
    year <= 9999 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

/**
 * A keyset cursor's values, as signed (`[scope, time, id]`: the checklist or team it belongs to, the
 * last row's time as the database wrote it, its id), or null for anything the server did not sign or
 * that does not hold a real time and an id. Shared by the activity trail's and the list's cursors.
 */
export function readKeysetCursor(
  key: CursorKey,
  version: string,
  text: string,
): { scope: string; at: string; id: string } | null {
  const values = readLinkToken(key, version, text);
  const [scope, at, id] = values ?? [];
  const valid =
    values?.length === 3 &&
    typeof scope === 'string' &&
    typeof at === 'string' &&
    isRealDatabaseTime(at) &&
    typeof id === 'string' &&
    id.length > 0 &&
    id.length <= ID_MAX;
  return valid ? { scope, at, id } : null;
}

/** Where the page starts, from a cursor the API gave for this checklist; else 400 validation_failed. */
export function decodeActivityCursor(key: CursorKey, checklistId: string, text: string): ActivityCursor {
  const cursor = readKeysetCursor(key, VERSION, text);
  if (cursor && cursor.scope !== checklistId) {
    throw new AppError(
      'validation_failed',
      'before is a cursor of another checklist: start from its first page',
    );
  }
  if (!cursor) {
    throw new AppError('validation_failed', 'before must be the next cursor the API gave, as it was given');
  }
  return { at: cursor.at, id: cursor.id };
}
