// The seed of `npm run bench:scale` (scripts/bench-scale.mjs): one team of BENCH_CHECKLISTS checklists
// (default 10,000) of 10 tasks each, made over the last 180 days, and 100 activity (trail) entries per
// checklist (1,000,000 at the default size), all in a few INSERT … SELECT generate_series statements.
// 90% of the checklists are submitted (3 hours after they were made), half have a due time, a quarter
// are assigned to the signed-in owner and a quarter were submitted by recipients. Triggers are off
// while seeding (no listener for their notices; the storage counters have no photos to count), so the
// insights summary of the submitted checklists (decision 0068) is filled after by migration 0036's backfill.
import { readFile } from 'node:fs/promises';

/** The last statement of migration 0036: the insights summary of every submitted checklist. */
async function insightsBackfill() {
  const url = new URL('../src/server/db/migrations/0036_insights_summary_at_submit.sql', import.meta.url);
  const statements = (await readFile(url, 'utf8')).split('--> statement-breakpoint');
  return statements
    .at(-1)
    .replace(/^--.*$/gm, '')
    .trim();
}

const TASKS = 10;
const TRAIL_PER_CHECKLIST = 100;
const MEMBERS = 9;

/**
 * Seeds the owner's team (`teamId`, already made by the sign-in) through `client` (node-postgres).
 * Returns the counts as stored.
 */
export async function seedTeam(client, { teamId, ownerId, checklists }) {
  await client.query('set session_replication_role = replica');
  await client.query(
    `insert into users (id, email, display_name)
     select 'u_scale_' || i, 'scale' || i || '@example.com', 'Member ' || i from generate_series(1, $1::int) i`,
    [MEMBERS],
  );
  await client.query(
    `insert into team_members (team_id, user_id, role)
     select $1, 'u_scale_' || i, 'member' from generate_series(1, $2::int) i`,
    [teamId, MEMBERS],
  );
  await client.query(`update teams set time_zone = 'Europe/Paris' where id = $1`, [teamId]);
  await client.query(
    `create temp table seed as
     select i, 'cl_scale_' || lpad(i::text, 6, '0') as id,
            now() - i * (interval '180 days' / $1::int) - interval '4 hours' as created
       from generate_series(1, $1::int) i`,
    [checklists],
  );
  await client.query(
    `insert into checklists (id, user_id, team_id, assignee_uid, name, created_at, updated_at, due_at,
                             submitted_at, revision)
     select id, case when i % 3 = 0 then $2 else 'u_scale_' || (1 + i % $3::int) end, $1,
            case when i % 4 = 0 then $2 when i % 4 = 1 then 'u_scale_' || (1 + i % $3::int) end,
            'Turnover ' || i, created, created + interval '3 hours',
            case when i % 2 = 0 then created + interval '3 hours' + (i % 3 - 1) * interval '30 minutes' end,
            case when i % 10 <> 0 then created + interval '3 hours' end, 1 + i % 7
       from seed`,
    [teamId, ownerId, MEMBERS],
  );
  await client.query(
    `insert into tasks (checklist_id, id, position, description, completed, completed_at)
     select s.id, 'task_' || k, k, 'Room ' || (1 + (s.i + k) % 12) || ': clean and check',
            s.i % 10 <> 0 or k <= s.i % 10, s.created + k * interval '10 minutes'
       from seed s, generate_series(1, $1::int) k`,
    [TASKS],
  );
  // 100 entries per checklist: ticks (a fifth of them undone and done again), remarks, and its submit.
  await client.query(
    `insert into checklist_activity (id, checklist_id, actor_kind, actor_user_id, actor_name, share_name,
                                     share_channel, share_contact, action, task_id, at)
     select 'a_' || s.i || '_' || k, s.id,
            case when s.i % 4 = 0 then 'recipient' else 'owner' end,
            case when s.i % 4 = 0 then null else 'u_scale_' || (1 + s.i % $2::int) end,
            case when s.i % 4 = 0 then null else 'Member ' || (1 + s.i % $2::int) end,
            case when s.i % 4 = 0 then 'Recipient ' || (s.i % 50) end,
            case when s.i % 4 = 0 then 'email' end,
            case when s.i % 4 = 0 then 'r' || (s.i % 50) || '@example.com' end,
            case when k = $1::int and s.i % 10 <> 0 then 'submitted'
                 when k % 5 = 0 then 'task_uncompleted'
                 when k % 11 = 0 then 'remarks_changed'
                 else 'task_completed' end,
            case when (k = $1::int and s.i % 10 <> 0) or k % 11 = 0 then null else 'task_' || (1 + k % 10) end,
            case when k = $1::int and s.i % 10 <> 0 then s.created + interval '3 hours'
                 else s.created + k * interval '1 minute' + (s.i * k % 20) * interval '1 second' end
       from seed s, generate_series(1, $1::int) k`,
    [TRAIL_PER_CHECKLIST, MEMBERS],
  );
  await client.query('set session_replication_role = origin');
  await client.query(await insightsBackfill());
  await client.query('drop table seed');
  await client.query('vacuum analyze');
  const { rows } = await client.query(
    `select (select count(*) from checklists where team_id = $1)::int as checklists,
            (select count(*) from tasks)::int as tasks,
            (select count(*) from checklist_activity)::int as activity,
            (select count(*) from checklist_insights)::int as summaries,
            (select count(*) from checklist_insight_tasks)::int as summary_tasks`,
    [teamId],
  );
  return rows[0];
}
