import { createHash } from 'node:crypto';
import { count, desc, eq, getTableColumns, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { checklists, tasks } from '../db/schema/index.ts';
import { isOfTeam } from './access.ts';
import { PEOPLE_OF_CHECKLIST } from './checklist-people.ts';

/**
 * A team's list of checklists, its fingerprint and the dashboard's counts: every statement is
 * scoped by `isOfTeam` (repositories/access.ts). One checklist and its changes are
 * repositories/checklists.ts.
 */

const p = (name: string) => sql.placeholder(name);

/** Task counts per checklist, computed by the database in the same query as the rows. */
const taskCount = sql<number>`cast(count(${tasks.id}) as int)`.mapWith(Number);
const completedCount = sql<number>`cast(count(${tasks.id}) filter (where ${tasks.completed}) as int)`.mapWith(
  Number,
);

/**
 * What the owner's list shows, as one value: the MD5 of every checklist's id and revision, in id
 * order. Every change to a checklist or its tasks takes its next revision (docs/decisions/0004), and a
 * created or deleted checklist changes the set of ids, so equal fingerprints mean an equal list
 * (services/checklist-cache.ts keeps the list's JSON by it). `team`: the team id (a placeholder or
 * a column).
 */
export function listFingerprint(team: SQLWrapper) {
  return sql<string>`(select md5(coalesce(string_agg(f.id || ':' || f.revision, ',' order by f.id), '')) from ${checklists} f where f.team_id = ${team})`;
}

const listOwnedQuery = preparedPerDatabase((db) =>
  db
    .select({
      ...getTableColumns(checklists),
      ...PEOPLE_OF_CHECKLIST,
      taskCount,
      completedCount,
      fingerprint: listFingerprint(p('teamId')),
    })
    .from(checklists)
    .leftJoin(tasks, eq(tasks.checklistId, checklists.id))
    .where(isOfTeam(p('teamId')))
    .groupBy(checklists.id)
    .orderBy(desc(checklists.createdAt), desc(checklists.id))
    .prepare('list_checklists'),
);

/** The fingerprint of an empty list (no rows to carry it). */
export const EMPTY_LIST_FINGERPRINT = createHash('md5').update('').digest('hex');

/**
 * The team's checklists, newest first, each with its task counts and people (one query), and the
 * list's fingerprint as read in the same statement.
 */
export async function listTeamChecklists(db: Database, teamId: string) {
  const rows = await listOwnedQuery(db).execute({ teamId });
  return { rows, fingerprint: rows[0]?.fingerprint ?? EMPTY_LIST_FINGERPRINT };
}

/**
 * Per checklist of the team: its task counts, whether it was submitted, and whether it was last
 * updated since midnight of `now` in the viewer's time zone (computed by the database, so
 * daylight-saving days are right).
 */
export async function checklistCountsOf(
  db: Database,
  teamId: string,
  today: { now: Date; timeZone: string },
) {
  const { now, timeZone } = today;
  const localMidnight = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`;
  return db
    .select({
      taskCount,
      completedCount,
      submitted: sql<boolean>`${checklists.submittedAt} is not null`,
      updatedToday: sql<boolean>`${checklists.updatedAt} >= ${localMidnight}`,
    })
    .from(checklists)
    .leftJoin(tasks, eq(tasks.checklistId, checklists.id))
    .where(isOfTeam(teamId))
    .groupBy(checklists.id);
}

export async function countTeamChecklists(db: Database, teamId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(checklists).where(isOfTeam(teamId));
  return row?.n ?? 0;
}
