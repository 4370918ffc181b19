import { and, desc, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { checklists } from '../db/schema/index.ts';
import { isOfTeam } from './access.ts';
import { TASK_COUNTS } from './checklist-list.ts';
import { PEOPLE_OF_CHECKLIST } from './checklist-people.ts';

/**
 * A team's checklists for the CSV export, one page at a time (keyset pagination on created_at and
 * id, newest first, as the dashboard lists them), so an export never holds more than a page: each
 * page is one statement, the task counts, live shares and proof photos read by correlated subqueries
 * over the checklist in scope (no GROUP BY over the whole team).
 */

/** Where the next page starts: the last row's exact creation time (as text: microseconds kept) and id. */
export interface ExportCursor {
  createdAt: string;
  id: string;
}

const taskCounts = { tasksTotal: TASK_COUNTS.taskCount, tasksDone: TASK_COUNTS.completedCount };

/** The live shares' recipients, oldest first: [{recipientName, channel, contact}]. */
const liveShares = sql<{ recipientName: string | null; channel: 'email' | 'sms'; contact: string }[]>`(
  select coalesce(json_agg(json_build_object('recipientName', s."recipient_name", 'channel', s."channel",
    'contact', s."contact") order by s."created_at", s."id"), '[]'::json)
  from "shares" s where s."checklist_id" = "checklists"."id" and s."revoked_at" is null)`;

/** The SHA-256 of each proof photo the tasks hold now, in task order (a replaced photo is not held). */
const photoHashes = sql<string[]>`(
  select coalesce(json_agg(p."original_sha256" order by t."position"), '[]'::json)
  from "tasks" t join "photos" p on t."photo_url" = '/api/photos/' || p."id" and p."checklist_id" = t."checklist_id"
  where t."checklist_id" = "checklists"."id")`;

const { id, name, createdAt, dueAt, submittedAt, cancelledAt } = getTableColumns(checklists);

/** One page of the team's checklists after `after` (null: from the newest), at most `limit` rows. */
export async function checklistExportPage(
  db: Database,
  teamId: string,
  after: ExportCursor | null,
  limit: number,
) {
  const rows = await db
    .select({
      id,
      name,
      createdAt,
      dueAt,
      submittedAt,
      cancelledAt,
      cursorCreatedAt: sql<string>`${checklists.createdAt}::text`,
      ...PEOPLE_OF_CHECKLIST,
      ...taskCounts,
      shares: liveShares,
      photoSha256s: photoHashes,
    })
    .from(checklists)
    .where(
      and(
        isOfTeam(teamId),
        after
          ? sql`(${checklists.createdAt}, ${checklists.id}) < (${after.createdAt}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(checklists.createdAt), desc(checklists.id))
    .limit(limit);
  const last = rows.at(-1);
  const next: ExportCursor | null =
    last && rows.length === limit ? { createdAt: last.cursorCreatedAt, id: last.id } : null;
  return { rows, next };
}

export type ChecklistExportRow = Awaited<ReturnType<typeof checklistExportPage>>['rows'][number];
