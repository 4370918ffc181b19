import type { DashboardStats } from '#domain/checklist';
import type { Database } from '../db/client.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import { teamCounters } from '../repositories/checklist-list.ts';

/**
 * The dashboard's three counters. 'Active' is every checklist not completed; 'completed today' is a
 * completed one last updated since midnight in the viewer's time zone (computed by the database from
 * `now`, so daylight-saving days are right). Counted by the database in one statement, with the
 * domain's status rule (`progressFromCounts`) written in SQL (decision 0063: at 10,000 checklists the
 * rows no longer come to the server to be counted); tests/api hold the two equal.
 */
export async function dashboardStats(
  db: Database,
  access: OwnerAccess,
  timeZone: string,
  now: Date = new Date(),
): Promise<DashboardStats> {
  return teamCounters(db, access.teamId, { now, timeZone });
}
