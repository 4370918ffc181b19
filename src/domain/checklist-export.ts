import { csvRow, UTF8_BOM } from './csv.ts';

/**
 * The CSV export of a team's checklists (GET /api/checklists/export.csv, docs/integrations.md
 * "Export"): its columns, one record per checklist, and the file's name. The task counts are two
 * columns of plain numbers, so a spreadsheet can sum and sort them ('3/5' would be text, or a date).
 */

export const CHECKLIST_EXPORT_PATH = '/api/checklists/export.csv';

export const CHECKLIST_EXPORT_COLUMNS = [
  'Name',
  'Status',
  'Created',
  'Due',
  'Submitted',
  'Tasks done',
  'Tasks total',
  'Assignee',
  'Created by',
  'Recipients',
  'Photo SHA-256',
] as const;

/** What one record says of a checklist (times as ISO 8601 UTC text, people by name). */
export interface ChecklistExportRecord {
  name: string;
  status: string;
  createdAt: string;
  dueAt: string | null;
  submittedAt: string | null;
  tasksDone: number;
  tasksTotal: number;
  assignee: string | null;
  createdBy: string | null;
  /** Each live share's recipient: 'Jane (j•••e@example.com)'. */
  recipients: readonly string[];
  /** The SHA-256 (hex) of each proof photo the checklist's tasks hold, in task order. */
  photoSha256s: readonly string[];
}

/** The first bytes of the file: the BOM (Excel reads UTF-8 by it) and the header record. */
export function checklistExportHeader(): string {
  return UTF8_BOM + csvRow(CHECKLIST_EXPORT_COLUMNS);
}

export function checklistExportRow(record: ChecklistExportRecord): string {
  return csvRow([
    record.name,
    record.status,
    record.createdAt,
    record.dueAt,
    record.submittedAt,
    record.tasksDone,
    record.tasksTotal,
    record.assignee,
    record.createdBy,
    record.recipients.join('; '),
    record.photoSha256s.join(' '),
  ]);
}

/** `listsync-checklists-2026-11-29.csv`: the day (UTC) of the export. */
export function checklistExportFileName(now: Date): string {
  return `listsync-checklists-${now.toISOString().slice(0, 10)}.csv`;
}
