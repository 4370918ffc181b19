import { progressFromCounts } from '#domain/checklist';
import { checklistExportRow } from '#domain/checklist-export';
import type { ShareChannel } from '#domain/sharing';
import { recipientLabel } from './shares.ts';

/** What the export reads of one checklist (repositories/checklist-export.ts). */
export interface ExportedChecklist {
  name: string;
  createdAt: Date;
  dueAt: Date | null;
  submittedAt: Date | null;
  cancelledAt: Date | null;
  tasksDone: number;
  tasksTotal: number;
  assigneeName: string | null;
  createdByName: string | null;
  shares: { recipientName: string | null; channel: ShareChannel; contact: string }[];
  photoSha256s: string[];
}

/**
 * One checklist as a record of the CSV export (docs/integrations.md "Export"): status by the domain's
 * rule (a cancelled checklist says 'cancelled'), times in ISO 8601 UTC, people by name, each live
 * share's recipient as the record names them (contact masked).
 */
export function presentChecklistExportRow(row: ExportedChecklist): string {
  const { status } = progressFromCounts(row.tasksDone, row.tasksTotal, row.submittedAt !== null);
  return checklistExportRow({
    name: row.name,
    status: row.cancelledAt ? 'cancelled' : status,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    tasksDone: row.tasksDone,
    tasksTotal: row.tasksTotal,
    assignee: row.assigneeName,
    createdBy: row.createdByName,
    recipients: row.shares.map(recipientLabel),
    photoSha256s: row.photoSha256s,
  });
}
