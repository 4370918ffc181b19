import { type ChecklistPageQuery, pageLimitOf } from '#domain/checklist-pages';
import type { Database } from '../db/client.ts';
import { assertOwnUserId } from '../policies/checklists.ts';
import { type SessionCheck, sessionRequired } from '../policies/sessions.ts';
import { presentChecklistSummary } from '../presenters/checklists.ts';
import { type ListWindow, readListWindow } from '../repositories/checklist-list.ts';
import { sessionAndListFingerprint } from '../repositories/checklist-session-reads.ts';
import type { CursorKey } from './activity-cursors.ts';
import type { ChecklistListCache, KeptListPage } from './checklist-cache.ts';
import { decodeListCursor, encodeListCursor, otherTeamsCursor } from './list-cursors.ts';
import { keepSessionAlive } from './sessions.ts';

/** What the list's reads work with: the database, this instance's kept pages, the cursors' key. */
export interface ChecklistListContext {
  db: Database;
  lists: ChecklistListCache;
  cursors: CursorKey;
}

/** A page of the list as sent: the JSON array, and the cursor of the next page (null: the last). */
export type ListPage = KeptListPage;

/**
 * GET /api/checklists for the member behind a session: a window of their active team's checklists,
 * newest first, each with its task counts, status and progress, as the JSON body to send, and the
 * next page's cursor (decision 0063). No `limit` and no `cursor`: the whole list (the spec's answer).
 * One round trip (the session and the window's fingerprint) when this instance holds that window at
 * that fingerprint, two otherwise (docs/decisions/0015). A `userId` asked for that is not the
 * session's user is refused (403); a cursor of another team's list, or not of ours, is a 400.
 */
export async function listOwnChecklistsPage(
  context: ChecklistListContext,
  session: SessionCheck,
  query: ChecklistPageQuery,
): Promise<ListPage> {
  const { db, lists, cursors } = context;
  const cursor = query.cursor === undefined ? null : decodeListCursor(cursors, query.cursor);
  const window: ListWindow = {
    after: cursor?.position ?? null,
    limit: pageLimitOf(query),
    assignee: query.assignee ?? null,
  };
  const row = await sessionAndListFingerprint(db, session.idHash, session.now, window);
  if (!row) throw sessionRequired();
  assertOwnUserId({ uid: row.userId }, query.userId);
  await keepSessionAlive(db, session, {
    createdAt: row.sessionCreatedAt,
    lastSeenAt: row.sessionLastSeenAt,
    expiresAt: row.sessionExpiresAt,
  });
  if (cursor && cursor.teamId !== row.teamId) throw otherTeamsCursor();
  // A session always has a team (one is made at the first sign-in); none here: nothing to list yet.
  if (row.teamId === null) return { body: '[]', next: null };
  const key = windowKey(row.teamId, window);
  const held = lists.at(key, row.fingerprint);
  if (held !== undefined) return held;
  const read = await readListWindow(db, row.teamId, window);
  const page: ListPage = {
    body: JSON.stringify(read.rows.map(presentChecklistSummary)),
    next: read.next && encodeListCursor(cursors, row.teamId, read.next),
  };
  lists.remember(key, read.fingerprint, page);
  return page;
}

/** Where this instance keeps a window's answer: the team, the filter, where it starts and its size. */
function windowKey(teamId: string, window: ListWindow): string {
  const after = window.after ? `${window.after.createdAt}|${window.after.id}` : '';
  return `${teamId}\n${window.assignee ?? ''}\n${window.limit ?? 'all'}\n${after}`;
}
