import { type SQL, sql } from 'drizzle-orm';
import { INSIGHTS_LIMITS } from '#domain/insights';
import type { Database } from '../db/client.ts';

/**
 * The SQL of insights (docs/insights.md, decisions 0052 and 0068): one statement per figure, each over
 * the team's checklists submitted in the range (the partial index checklists_team_id_submitted_at_idx)
 * and what their submit kept of their trail (checklist_insights, checklist_insight_tasks: by their
 * primary keys) or their tasks (the tasks' primary key). The trail itself is not read.
 * Minutes are rounded to one decimal in SQL; every count is an int. The statements are exported as
 * SQL so that `npm run bench:insights` can EXPLAIN exactly what runs.
 */

export interface InsightsParams {
  teamId: string;
  timeZone: string;
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
  days: number;
  startsAt: Date;
  endsBefore: Date;
}

/** The team's checklists submitted in the range: the base of every figure but `created`. */
function completedIn(p: InsightsParams): SQL {
  return sql`select c.id, c.user_id, c.due_at, c.submitted_at from checklists c
    where c.team_id = ${p.teamId}
      and c.submitted_at >= ${p.startsAt.toISOString()}::timestamptz
      and c.submitted_at < ${p.endsBefore.toISOString()}::timestamptz`;
}

/**
 * Minutes from a checklist's first tick (before its submit) to its submit; null without a tick. `s`
 * is its row of checklist_insights (decision 0068).
 */
const MINUTES_TO_COMPLETE = sql`extract(epoch from d.submitted_at - s.first_tick_at) / 60`;

/** The median of `minutes`, rounded to a tenth (null when it has no value). */
function median(minutes: SQL): SQL {
  return sql`round((percentile_cont(0.5) within group (order by (${minutes})::float8))::numeric, 1)::float8`;
}

export const insightsStatements = {
  /** completed, the on-time counts and the median minutes to complete. */
  summary: (p: InsightsParams) => sql`
    with done as (${completedIn(p)}),
    timed as (
      select d.due_at, d.submitted_at, ${MINUTES_TO_COMPLETE} as minutes
        from done d left join checklist_insights s on s.checklist_id = d.id)
    select count(*)::int as completed,
           count(*) filter (where due_at is not null)::int as with_due,
           count(*) filter (where due_at is not null and submitted_at <= due_at)::int as on_time,
           ${median(sql`minutes`)} as median_minutes
      from timed`,

  /** Checklists made and submitted on each day of the range, in the team's zone (zeros included). */
  byDay: (p: InsightsParams) => sql`
    with days as (select ${p.from}::date + i as day from generate_series(0, ${p.days - 1}::int) i),
    made as (
      select (c.created_at at time zone ${p.timeZone})::date as day, count(*)::int as n from checklists c
       where c.team_id = ${p.teamId}
         and c.created_at >= ${p.startsAt.toISOString()}::timestamptz
         and c.created_at < ${p.endsBefore.toISOString()}::timestamptz
       group by 1),
    done as (
      select (d.submitted_at at time zone ${p.timeZone})::date as day, count(*)::int as n
        from (${completedIn(p)}) d group by 1)
    select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(made.n, 0) as created,
           coalesce(done.n, 0) as completed
      from days left join made using (day) left join done using (day)
     order by days.day`,

  /**
   * Who submitted each checklist (its latest `submitted` entry, as checklist_insights keeps it; none:
   * its maker), grouped: a member by their user id, a recipient by the contact they verified. Most
   * checklists first.
   */
  byPerson: (p: InsightsParams) => sql`
    with done as (${completedIn(p)}),
    submitted as (
      select case when s.actor_kind = 'recipient' then 'recipient' else 'member' end as kind,
             case when s.actor_kind = 'recipient'
                  then coalesce(s.share_channel || ':' || s.share_contact, s.share_name, '')
                  else coalesce(s.actor_user_id, d.user_id) end as person,
             s.actor_name, s.share_name, s.share_channel, s.share_contact, d.submitted_at,
             ${MINUTES_TO_COMPLETE} as minutes
        from done d left join checklist_insights s on s.checklist_id = d.id)
    select g.kind, g.person, g.completed, g.median_minutes, g.recorded_name, g.share_channel, g.share_contact,
           u.display_name, u.email
      from (
        select kind, person, count(*)::int as completed, ${median(sql`minutes`)} as median_minutes,
               (array_agg(coalesce(nullif(actor_name, ''), nullif(share_name, '')) order by submitted_at desc)
                  filter (where coalesce(nullif(actor_name, ''), nullif(share_name, '')) is not null))[1]
                 as recorded_name,
               min(share_channel) as share_channel, min(share_contact) as share_contact
          from submitted group by kind, person
         order by completed desc, person
         limit ${INSIGHTS_LIMITS.maxPeople}) g
      left join users u on g.kind = 'member' and u.id = g.person
     order by g.completed desc, g.person`,

  /**
   * Each tick of a completed checklist, timed from the tick before it in the same checklist (a
   * checklist's first tick has none and is not kept), grouped by the task's description: the minutes
   * are kept per task (checklist_insight_tasks), gathered per description by hashing, and each
   * description's median taken over its values.
   */
  slowestTasks: (p: InsightsParams) => sql`
    with done as (${completedIn(p)}),
    grouped as (
      select t.description, array_agg(m) as minutes
        from done d
        join checklist_insight_tasks k on k.checklist_id = d.id
        join tasks t on t.checklist_id = k.checklist_id and t.id = k.task_id
        cross join unnest(k.minutes) m
       group by t.description)
    select g.description, (select ${median(sql`x`)} from unnest(g.minutes) x) as median_minutes
      from grouped g
     order by median_minutes desc, g.description
     limit ${INSIGHTS_LIMITS.listSize}`,

  /** Tasks of completed checklists still unticked, by description: how often, and out of how many. */
  mostSkippedTasks: (p: InsightsParams) => sql`
    with done as (${completedIn(p)})
    select t.description, count(*) filter (where not t.completed)::int as undone, count(*)::int as total
      from done d join tasks t on t.checklist_id = d.id
     group by t.description
    having count(*) filter (where not t.completed) > 0
     order by undone desc, count(*) filter (where not t.completed)::float8 / count(*) desc, t.description
     limit ${INSIGHTS_LIMITS.listSize}`,
} as const;

export type InsightsStatement = keyof typeof insightsStatements;

type Row = Record<string, unknown>;

async function rowsOf(db: Database, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

const count = (value: unknown) => Number(value ?? 0);
const minutes = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * Every figure, read in one read-only REPEATABLE READ transaction: one snapshot, so the figures
 * agree with each other (the days' completed add up to `completed`).
 */
export async function readInsightsFigures(db: Database, p: InsightsParams) {
  return db.transaction(
    async (tx) => {
      // Compiling these statements (their estimates pass jit_above_cost at 100,000 checklists) cost
      // more than it saved: about 120 ms a statement in the bench (docs/insights.md "Cost").
      await tx.execute(sql`set local jit = off`);
      const [summary] = await rowsOf(tx, insightsStatements.summary(p));
      const byDay = await rowsOf(tx, insightsStatements.byDay(p));
      const byPerson = await rowsOf(tx, insightsStatements.byPerson(p));
      const slowest = await rowsOf(tx, insightsStatements.slowestTasks(p));
      const skipped = await rowsOf(tx, insightsStatements.mostSkippedTasks(p));
      return {
        completed: count(summary?.completed),
        withDue: count(summary?.with_due),
        onTime: count(summary?.on_time),
        medianMinutes: minutes(summary?.median_minutes),
        byDay: byDay.map((row) => ({
          date: String(row.date),
          created: count(row.created),
          completed: count(row.completed),
        })),
        byPerson: byPerson.map((row) => ({
          kind: row.kind === 'recipient' ? ('recipient' as const) : ('member' as const),
          completed: count(row.completed),
          medianMinutes: minutes(row.median_minutes),
          recordedName: text(row.recorded_name),
          displayName: text(row.display_name),
          email: text(row.email),
          shareChannel: text(row.share_channel),
          shareContact: text(row.share_contact),
        })),
        slowestTasks: slowest.map((row) => ({
          description: String(row.description),
          medianMinutes: minutes(row.median_minutes) ?? 0,
        })),
        mostSkippedTasks: skipped.map((row) => ({
          description: String(row.description),
          undone: count(row.undone),
          of: count(row.total),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
