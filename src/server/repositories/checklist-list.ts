import { createHash } from 'node:crypto';
import { count, desc, getTableColumns, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { checklists } from '../db/schema/index.ts';
import { isOfTeam } from './access.ts';
import { PEOPLE_OF_CHECKLIST } from './checklist-people.ts';

const p = (name: string) => sql.placeholder(name);

/**
 * A team's list of checklists, a window (page) at a time, its fingerprint and the dashboard's counts:
 * every statement is scoped by the team (repositories/access.ts). One checklist and its changes are
 * repositories/checklists.ts. Order: newest first (`created_at desc, id desc`, the index
 * checklists_team_id_created_at_id_idx); `created_at` never changes, so a row never moves between pages.
 */

/** Where a window starts: after this row (its creation time as the database wrote it, as text, and id). */
export interface ListPosition {
  createdAt: string;
  id: string;
}

/** A part of the team's list: after `after` (null: from the newest), `limit` rows (null: all). */
export interface ListWindow {
  after: ListPosition | null;
  limit: number | null;
  /** Only the checklists assigned to this user (the dashboard's 'Assigned to me'). */
  assignee: string | null;
}

/** Task counts per checklist: correlated subqueries over the tasks' primary key (checklist_id, id). */
export const TASK_COUNTS = {
  taskCount:
    sql<number>`(select cast(count(*) as int) from "tasks" t where t."checklist_id" = "checklists"."id")`.mapWith(
      Number,
    ),
  completedCount:
    sql<number>`(select cast(count(*) as int) from "tasks" t where t."checklist_id" = "checklists"."id" and t."completed")`.mapWith(
      Number,
    ),
};

/** Which conditions a window has: each shape is a statement of its own, prepared once (db/prepared.ts). */
export type WindowShape = 'all' | 'after' | 'mine' | 'mine-after';

export function shapeOf(window: ListWindow): WindowShape {
  const after = window.after === null ? '' : 'after';
  if (window.assignee === null) return after === '' ? 'all' : 'after';
  return after === '' ? 'mine' : 'mine-after';
}

/** The window's values, by the placeholders its statements name. */
export function valuesOf(window: ListWindow): Record<string, unknown> {
  return {
    assignee: window.assignee,
    afterAt: window.after?.createdAt,
    afterId: window.after?.id,
    fetch: fetched(window),
  };
}

/** The rows of a window of this shape, on `table` (the checklists, or an alias of them). */
function windowWhere(team: SQLWrapper, shape: WindowShape, table: string): SQL {
  const t = sql.raw(`"${table}"`);
  return sql.join(
    [
      sql`${t}."team_id" = ${team}`,
      ...(shape.startsWith('mine') ? [sql`${t}."assignee_uid" = ${p('assignee')}`] : []),
      ...(shape.endsWith('after')
        ? [sql`(${t}."created_at", ${t}."id") < (${p('afterAt')}::timestamptz, ${p('afterId')})`]
        : []),
    ],
    sql` and `,
  );
}

/** One row past the window (whether there is a next page is part of what the window shows). */
const fetched = (window: ListWindow) => (window.limit === null ? null : window.limit + 1);

/**
 * What a window shows, as one value: the MD5 of its rows' ids and revisions (one more row than the
 * window, so that whether a next page exists is covered), in list order. Every change to a checklist or
 * its tasks takes its next revision (docs/decisions/0004), a created or deleted checklist changes the
 * rows, so equal fingerprints mean an equal answer (services/checklist-cache.ts keeps it). `team`: the
 * team id (a placeholder or a column); the placeholder `fetch` limits the rows (null: all). An index
 * scan of at most `limit + 1` rows.
 */
export function windowFingerprint(team: SQLWrapper, shape: WindowShape) {
  return sql<string>`(select md5(coalesce(string_agg(f.id || ':' || f.revision, ',' order by f.created_at desc, f.id desc), ''))
    from (select f.id, f.revision, f.created_at from ${checklists} f where ${windowWhere(team, shape, 'f')}
          order by f.created_at desc, f.id desc limit ${p('fetch')}) f)`;
}

/** The fingerprint of rows as read (the same text `windowFingerprint` hashes). */
export function fingerprintOf(rows: readonly { id: string; revision: number }[]): string {
  return createHash('md5')
    .update(rows.map((row) => `${row.id}:${row.revision}`).join(','))
    .digest('hex');
}

/** The fingerprint of an empty list (no rows to carry it). */
export const EMPTY_LIST_FINGERPRINT = fingerprintOf([]);

/** A window's rows, one statement per shape. */
function readWindowQuery(shape: WindowShape) {
  return preparedPerDatabase((db) =>
    db
      .select({
        ...getTableColumns(checklists),
        ...PEOPLE_OF_CHECKLIST,
        ...TASK_COUNTS,
        cursorCreatedAt: sql<string>`${checklists.createdAt}::text`,
      })
      .from(checklists)
      .where(windowWhere(p('teamId'), shape, 'checklists'))
      .orderBy(desc(checklists.createdAt), desc(checklists.id))
      .limit(p('fetch'))
      .prepare(`list_window_${shape.replace('-', '_')}`),
  );
}

const readWindowQueries: Record<WindowShape, ReturnType<typeof readWindowQuery>> = {
  all: readWindowQuery('all'),
  after: readWindowQuery('after'),
  mine: readWindowQuery('mine'),
  'mine-after': readWindowQuery('mine-after'),
};

/**
 * The window's checklists, newest first, each with its task counts and people, in one statement; the
 * fingerprint of what was read, and where the next window starts (null: this is the last).
 */
export async function readListWindow(db: Database, teamId: string, window: ListWindow) {
  const read = await readWindowQueries[shapeOf(window)](db).execute({ teamId, ...valuesOf(window) });
  const fingerprint = fingerprintOf(read);
  const rows = window.limit === null ? read : read.slice(0, window.limit);
  const last = rows.at(-1);
  const next: ListPosition | null =
    last && read.length > rows.length ? { createdAt: last.cursorCreatedAt, id: last.id } : null;
  return { rows, next, fingerprint };
}

/** The team's whole list, newest first, with its fingerprint (a client that asks for no page). */
export async function listTeamChecklists(db: Database, teamId: string) {
  const { rows, fingerprint } = await readListWindow(db, teamId, {
    after: null,
    limit: null,
    assignee: null,
  });
  return { rows, fingerprint };
}

/**
 * The dashboard's three counters of the team, counted by the database in one statement (decision
 * 0063), with the status rule of `progressFromCounts` (domain/checklist.ts) in SQL: a submitted
 * checklist is completed whatever its tasks, so only the open ones (not submitted) have their tasks
 * counted (by the tasks' primary key, one checklist at a time); an open one is completed with every one
 * of its tasks done (at least one), in progress with some but not all. 'Completed today': completed and
 * last updated since midnight of `now` in the viewer's time zone (computed by the database, so
 * daylight-saving days are right). The cost follows the open checklists, not the team's history.
 * Prepared (every dashboard asks it): PostgreSQL planned it anew each time, which cost as much as
 * counting a small team's tasks.
 */
const teamCountersQuery = preparedPerDatabase((db) => {
  const zone = p('timeZone');
  const midnight = sql`(date_trunc('day', ${p('now')}::timestamptz at time zone ${zone}) at time zone ${zone})`;
  const counted = (name: string) => sql<number>`${sql.identifier('counters')}.${sql.identifier(name)}`;
  return db
    .select({
      activeChecklists: counted('active').mapWith(Number),
      inProgressChecklists: counted('in_progress').mapWith(Number),
      completedToday: counted('completed_today').mapWith(Number),
    })
    .from(sql`(
    with open as (
      select c.updated_at, n.total, n.done from ${checklists} c
       cross join lateral (select count(*) as total, count(*) filter (where t.completed) as done
                             from tasks t where t.checklist_id = c.id) n
       where c.team_id = ${p('teamId')} and c.submitted_at is null)
    select count(*) filter (where not (total > 0 and done >= total))::int as active,
           count(*) filter (where done > 0 and done < total)::int as in_progress,
           (count(*) filter (where total > 0 and done >= total and updated_at >= ${midnight})
             + (select count(*) from ${checklists} c where c.team_id = ${p('teamId')}
                  and c.submitted_at is not null and c.updated_at >= ${midnight}))::int as completed_today
      from open) as "counters"`)
    .prepare('team_counters');
});

export async function teamCounters(db: Database, teamId: string, today: { now: Date; timeZone: string }) {
  const [row] = await teamCountersQuery(db).execute({
    teamId,
    now: today.now.toISOString(),
    timeZone: today.timeZone,
  });
  return {
    activeChecklists: row?.activeChecklists ?? 0,
    inProgressChecklists: row?.inProgressChecklists ?? 0,
    completedToday: row?.completedToday ?? 0,
  };
}

export async function countTeamChecklists(db: Database, teamId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(checklists).where(isOfTeam(teamId));
  return row?.n ?? 0;
}
