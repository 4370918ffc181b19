import { checklistExportHeader } from '#domain/checklist-export';
import type { Database } from '../db/client.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import { presentChecklistExportRow } from '../presenters/checklist-export.ts';
import { checklistExportPage, type ExportCursor } from '../repositories/checklist-export.ts';

/**
 * The CSV export of the caller's active team (GET /api/checklists/export.csv, decision 0051): the
 * header, then one chunk of text per page of checklists, read as the reply asks for more (an async
 * generator: the reply pulls, so a slow client holds one page, never the team). Each page is its own
 * statement: the file is not a snapshot (a checklist made during a long export may be missed, none is
 * written twice: the keyset moves strictly down by created_at and id).
 */

/** Rows per statement: a page of 500 checklists is about 100 KB of CSV. */
export const EXPORT_PAGE_SIZE = 500;

export async function* checklistExportChunks(
  db: Database,
  access: OwnerAccess,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  yield checklistExportHeader();
  let after: ExportCursor | null = null;
  do {
    const page = await checklistExportPage(db, access.teamId, after, pageSize);
    if (page.rows.length > 0) yield page.rows.map(presentChecklistExportRow).join('');
    after = page.next;
  } while (after);
}
