import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { daysBetween, INSIGHTS_LIMITS, resolveInsightsRange } from '#domain/insights';
import type { Database } from '#server/db/client';
import { migrationsFolder } from '#server/db/client';
import { type InsightsParams, insightsStatements } from '#server/repositories/insights';

/**
 * The insights figures as decision 0052 computed them, from the activity trail, kept here as the
 * reference the summary written at submit (decision 0068, checklist_insights and
 * checklist_insight_tasks) must match exactly: summary, byPerson and slowestTasks, the statements that
 * read the trail, as they were before migration 0036.
 */

function completedIn(p: InsightsParams): SQL {
  return sql`select c.id, c.user_id, c.due_at, c.submitted_at from checklists c
    where c.team_id = ${p.teamId}
      and c.submitted_at >= ${p.startsAt.toISOString()}::timestamptz
      and c.submitted_at < ${p.endsBefore.toISOString()}::timestamptz`;
}

const MINUTES_TO_COMPLETE = sql`extract(epoch from d.submitted_at - (
    select min(a.at) from checklist_activity a
     where a.checklist_id = d.id and a.action = 'task_completed' and a.at <= d.submitted_at)) / 60`;

function median(minutes: SQL): SQL {
  return sql`round((percentile_cont(0.5) within group (order by (${minutes})::float8))::numeric, 1)::float8`;
}

export const trailStatements = {
  summary: (p: InsightsParams) => sql`
    with done as (${completedIn(p)}),
    timed as (select d.due_at, d.submitted_at, ${MINUTES_TO_COMPLETE} as minutes from done d)
    select count(*)::int as completed,
           count(*) filter (where due_at is not null)::int as with_due,
           count(*) filter (where due_at is not null and submitted_at <= due_at)::int as on_time,
           ${median(sql`minutes`)} as median_minutes
      from timed`,

  byPerson: (p: InsightsParams) => sql`
    with done as (${completedIn(p)}),
    submitted as (
      select case when s.actor_kind = 'recipient' then 'recipient' else 'member' end as kind,
             case when s.actor_kind = 'recipient'
                  then coalesce(s.share_channel || ':' || s.share_contact, s.share_name, '')
                  else coalesce(s.actor_user_id, d.user_id) end as person,
             s.actor_name, s.share_name, s.share_channel, s.share_contact, d.submitted_at,
             ${MINUTES_TO_COMPLETE} as minutes
        from done d
        left join lateral (
          select a.actor_kind, a.actor_user_id, a.actor_name, a.share_name, a.share_channel, a.share_contact
            from checklist_activity a where a.checklist_id = d.id and a.action = 'submitted'
           order by a.at desc limit 1) s on true)
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

  slowestTasks: (p: InsightsParams) => sql`
    with done as (${completedIn(p)}),
    ticks as (
      select a.checklist_id, a.task_id, a.at,
             lag(a.at) over (partition by a.checklist_id order by a.at, a.id) as previous
        from done d join checklist_activity a on a.checklist_id = d.id
       where a.action = 'task_completed' and a.at <= d.submitted_at)
    select t.description, ${median(sql`extract(epoch from k.at - k.previous) / 60`)} as median_minutes
      from ticks k join tasks t on t.checklist_id = k.checklist_id and t.id = k.task_id
     where k.previous is not null
     group by t.description
     order by median_minutes desc, t.description
     limit ${INSIGHTS_LIMITS.listSize}`,
} as const;

type Row = Record<string, unknown>;

async function rowsOf(db: Database, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

/** The parameters of the statements for a team over `from`..`to` in UTC. */
export function paramsOf(teamId: string, from: string, to: string, now = new Date()): InsightsParams {
  const range = resolveInsightsRange({ from, to }, 'UTC', now);
  return {
    teamId,
    timeZone: 'UTC',
    from: range.from,
    to: range.to,
    days: daysBetween(range.from, range.to),
    startsAt: range.startsAt,
    endsBefore: range.endsBefore,
  };
}

/** The trail-reading figures both ways: from the summary (as the answer reads them) and from the trail. */
export async function bothWays(db: Database, p: InsightsParams) {
  const names = ['summary', 'byPerson', 'slowestTasks'] as const;
  const fromSummary: Record<string, Row[]> = {};
  const fromTrail: Record<string, Row[]> = {};
  for (const name of names) {
    fromSummary[name] = await rowsOf(db, insightsStatements[name](p));
    fromTrail[name] = await rowsOf(db, trailStatements[name](p));
  }
  return { fromSummary, fromTrail };
}

/**
 * Each submitted checklist's summary at full precision, as stored and as the trail gives it: first
 * tick, the latest `submitted` entry's fields, and per task the minutes since the tick before of each
 * of its ticks but the checklist's first (in the ticks' order).
 */
export async function perChecklist(db: Database) {
  const stored = await rowsOf(
    db,
    sql`select c.id, s.submitted_at = c.submitted_at as current, s.first_tick_at::text as first_tick,
               s.actor_kind, s.actor_user_id, s.actor_name, s.share_name, s.share_channel, s.share_contact,
               (select coalesce(json_agg(json_build_array(k.task_id, k.minutes) order by k.task_id), '[]')
                  from checklist_insight_tasks k where k.checklist_id = c.id)::text as ticks
          from checklists c left join checklist_insights s on s.checklist_id = c.id
         where c.submitted_at is not null order by c.id`,
  );
  const derived = await rowsOf(
    db,
    sql`select c.id, true as current,
               (select min(a.at) from checklist_activity a where a.checklist_id = c.id
                   and a.action = 'task_completed' and a.at <= c.submitted_at)::text as first_tick,
               s.actor_kind, s.actor_user_id, s.actor_name, s.share_name, s.share_channel, s.share_contact,
               (select coalesce(json_agg(json_build_array(g.task_id, g.minutes) order by g.task_id), '[]')
                  from (select k.task_id,
                               array_agg((extract(epoch from k.at - k.previous) / 60)::float8 order by k.at, k.id)
                                 as minutes
                          from (select a.id, a.task_id, a.at, lag(a.at) over (order by a.at, a.id) as previous
                                  from checklist_activity a where a.checklist_id = c.id
                                   and a.action = 'task_completed' and a.at <= c.submitted_at) k
                         where k.previous is not null and k.task_id is not null
                         group by k.task_id) g)::text as ticks
          from checklists c
          left join lateral (
            select a.actor_kind, a.actor_user_id, a.actor_name, a.share_name, a.share_channel, a.share_contact
              from checklist_activity a where a.checklist_id = c.id and a.action = 'submitted'
             order by a.at desc limit 1) s on true
         where c.submitted_at is not null order by c.id`,
  );
  return { stored, derived };
}

/** The backfill of migration 0036 (its last statement), as a deployment of it runs it. */
export async function runInsightsBackfill(db: Database): Promise<void> {
  const file = path.join(migrationsFolder(), '0036_insights_summary_at_submit.sql');
  const statements = (await readFile(file, 'utf8')).split('--> statement-breakpoint');
  await db.execute(
    sql.raw(
      String(statements.at(-1))
        .replace(/^--.*$/gm, '')
        .trim(),
    ),
  );
}
