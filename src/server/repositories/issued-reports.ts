import { and, eq, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { checklistActivity, issuedReports, photos } from '../db/schema/index.ts';

/**
 * What /verify looks files up in (decision 0060): every report ListSync issued (issued_reports: the
 * SHA-256 of its PDF and of its data), and every photo it received (the display copy it stores, and
 * the original as the photo_added entry of the trail keeps it, replaced or not).
 */

/** One report as issued: its PDF's and its data's SHA-256 (the time is the database's). */
export async function insertIssuedReport(
  db: Database,
  row: { id: string; checklistId: string; pdfSha256: string; dataSha256: string },
): Promise<void> {
  await db.insert(issuedReports).values(row);
}

export interface RecordedFile {
  kind: 'photo' | 'report';
  recordedAt: Date;
}

/**
 * The earliest record of a file by its SHA-256 (lowercase hex), or null: one statement of three
 * indexed look-ups (a report by either hash, a stored display copy, an original in the trail), each
 * answering its earliest time.
 */
export async function earliestRecordOf(db: Database, sha256: string): Promise<RecordedFile | null> {
  const rows = await unionAll(
    db
      .select({
        kind: sql<string>`'report'`.as('kind'),
        at: sql<unknown>`min(${issuedReports.issuedAt})`.as('at'),
      })
      .from(issuedReports)
      .where(or(eq(issuedReports.pdfSha256, sha256), eq(issuedReports.dataSha256, sha256))),
    db
      .select({ kind: sql<string>`'photo'`.as('kind'), at: sql<unknown>`min(${photos.receivedAt})`.as('at') })
      .from(photos)
      .where(eq(photos.displaySha256, sha256)),
    db
      .select({
        kind: sql<string>`'photo'`.as('kind'),
        at: sql<unknown>`min(${checklistActivity.at})`.as('at'),
      })
      .from(checklistActivity)
      // The action as a literal, not a parameter: the partial index is for 'photo_added' only.
      .where(
        and(eq(checklistActivity.photoSha256, sha256), sql`${checklistActivity.action} = 'photo_added'`),
      ),
  );
  let earliest: RecordedFile | null = null;
  for (const row of rows) {
    if (row.at === null || row.at === undefined) continue;
    const recordedAt = new Date(row.at as string | Date);
    if (!earliest || recordedAt < earliest.recordedAt) {
      earliest = { kind: row.kind === 'report' ? 'report' : 'photo', recordedAt };
    }
  }
  return earliest;
}
