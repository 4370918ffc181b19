import { AppError } from '#domain/errors';
import type { Database } from '../db/client.ts';
import { checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
import { type ActivityCursor, activityPage } from '../repositories/activity.ts';

/**
 * GET /api/checklists/{id}/activity: the owner's view of who did what (docs/decisions/0023). Pages
 * go by an opaque cursor: the last entry's time, to the microsecond as the database wrote it, and its
 * id (entries written in the same microsecond are still ordered, by id).
 */

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;

export function encodeActivityCursor(cursor: ActivityCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** The cursor the API gave, or 400 validation_failed for anything else. */
export function decodeActivityCursor(text: string): ActivityCursor {
  const refused = () => new AppError('validation_failed', 'before must be a cursor the API gave (next)');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    !CURSOR_TIME.test(parsed[0]) ||
    Number.isNaN(Date.parse(parsed[0].replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))) ||
    parsed[1].length === 0 ||
    parsed[1].length > 100
  ) {
    throw refused();
  }
  return { at: parsed[0], id: parsed[1] };
}

export async function listActivity(
  db: Database,
  access: OwnerAccess,
  checklistId: string,
  query: { limit: number; before?: string | undefined },
) {
  const before = query.before ? decodeActivityCursor(query.before) : null;
  const page = await activityPage(db, access, checklistId, { limit: query.limit, before });
  if (!page) throw checklistNotFound();
  const last = page.rows.at(-1);
  const next = page.hasMore && last ? encodeActivityCursor({ at: last.atExact, id: last.id }) : null;
  return { page, next };
}
