import type { Database } from '../db/client.ts';
import { checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
import { activityPage } from '../repositories/activity.ts';
import { type CursorKey, decodeActivityCursor, encodeActivityCursor } from './activity-cursors.ts';

/**
 * GET /api/checklists/{id}/activity: the owner's view of who did what (docs/decisions/0023). Pages
 * go by an opaque, signed cursor (activity-cursors.ts): the last entry's time, to the microsecond as
 * the database wrote it, and its id (entries written in the same microsecond are still ordered, by id).
 */
export async function listActivity(
  db: Database,
  key: CursorKey,
  access: OwnerAccess,
  checklistId: string,
  query: { limit: number; before?: string | undefined },
) {
  const before = query.before ? decodeActivityCursor(key, checklistId, query.before) : null;
  const page = await activityPage(db, access, checklistId, { limit: query.limit, before });
  if (!page) throw checklistNotFound();
  const last = page.rows.at(-1);
  const next =
    page.hasMore && last ? encodeActivityCursor(key, checklistId, { at: last.atExact, id: last.id }) : null;
  return { page, next };
}
