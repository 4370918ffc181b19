import { type DashboardStats, progressFromCounts } from '#domain/checklist';
import type { Database } from '../db/client.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import { checklistCountsOf } from '../repositories/checklist-list.ts';

/**
 * The dashboard's three counters. 'Active' is every checklist not completed; 'completed today' is a
 * completed one last updated since midnight in the viewer's time zone (computed by the database from
 * `now`, so daylight-saving days are right). Status comes from the domain rule, applied to the counts
 * one query reads per checklist.
 */
export async function dashboardStats(
  db: Database,
  access: OwnerAccess,
  timeZone: string,
  now: Date = new Date(),
): Promise<DashboardStats> {
  const rows = await checklistCountsOf(db, access.teamId, { now, timeZone });
  const stats: DashboardStats = { activeChecklists: 0, inProgressChecklists: 0, completedToday: 0 };
  for (const row of rows) {
    const { status } = progressFromCounts(row.completedCount, row.taskCount, row.submitted);
    if (status !== 'completed') stats.activeChecklists += 1;
    if (status === 'in-progress') stats.inProgressChecklists += 1;
    if (status === 'completed' && row.updatedToday) stats.completedToday += 1;
  }
  return stats;
}
