import { AppError } from '#domain/errors';
import type { ListPosition } from '../repositories/checklist-list.ts';
import { type CursorKey, readKeysetCursor } from './activity-cursors.ts';
import { signLinkToken } from './signed-links.ts';

/**
 * The dashboard list's page cursor (GET /api/checklists?limit=&cursor=, docs/api.md "The list, a page at
 * a time"; decision 0063): where the next page starts (the last row's creation time, to the microsecond
 * as the database wrote it, and its id) and the team whose list it is, signed with the server's key for
 * links under a version of its own. A cursor changed, cut short, of another kind, or of another team's
 * list is a 400 validation_failed that says so; an impossible time never reaches the database.
 */

const VERSION = 'l1';

export function encodeListCursor(key: CursorKey, teamId: string, position: ListPosition): string {
  return signLinkToken(key, VERSION, [teamId, position.createdAt, position.id]);
}

/** The team and position a cursor names; else 400 validation_failed. */
export function decodeListCursor(key: CursorKey, text: string): { teamId: string; position: ListPosition } {
  const cursor = readKeysetCursor(key, VERSION, text);
  if (!cursor) {
    throw new AppError(
      'validation_failed',
      'cursor must be one the API gave (in a Link header), as it was given',
    );
  }
  return { teamId: cursor.scope, position: { createdAt: cursor.at, id: cursor.id } };
}

/** A cursor of another team's list (the session's active team changed, or it was never ours): 400. */
export function otherTeamsCursor(): AppError {
  return new AppError(
    'validation_failed',
    'cursor is of another team’s list: start again from the first page',
  );
}
