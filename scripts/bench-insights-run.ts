// The measurement of scripts/bench-insights.mjs (docs/insights.md "Cost"): on the PostgreSQL database
// named by DATABASE_URL (made for this run), seeds a team of BENCH_CHECKLISTS checklists over the past
// 365 days (6 tasks each, 5 or 6 ticked, 90% submitted, a quarter by recipients) and another team of as
// many, then EXPLAINs (ANALYZE, BUFFERS) each insights statement for ranges of 30, 90 and 366 days and
// times the whole answer (the five statements in their transaction). Prints the figures; asserts nothing.
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { daysBetween, resolveInsightsRange, shiftDate } from '../src/domain/insights.ts';
import { localDateOf } from '../src/domain/time-zones.ts';
import { migrationsFolder, openDatabase } from '../src/server/db/client.ts';
import { type InsightsStatement, insightsStatements } from '../src/server/repositories/insights.ts';
import { readInsights } from '../src/server/services/insights.ts';

const CHECKLISTS = Number(process.env.BENCH_CHECKLISTS || 100_000);
const TEAM = 'team_bench';
const ZONE = 'Europe/Paris';

const TASK_NAMES = [
  'Strip beds',
  'Clean oven',
  'Empty bins',
  'Mop floors',
  'Restock coffee',
  'Check smoke alarm',
  'Clean windows',
  'Wipe fridge',
  'Towels out',
  'Photo of living room',
  'Lock balcony',
  'Water plants',
];

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  // Triggers off while seeding (change notices and webhooks have no listener here).
  await db.execute(sql`set session_replication_role = replica`);
  await db.execute(sql`insert into users (id, email, display_name)
    select 'u_bench_' || i, 'bench' || i || '@example.com', 'Member ' || i from generate_series(1, 10) i`);
  await db.execute(sql`insert into teams (id, name, tier, time_zone) values
    (${TEAM}, 'Bench', 'professional', ${ZONE}), ('team_other', 'Other', 'professional', 'UTC')`);
  await db.execute(sql`insert into team_members (team_id, user_id, role)
    select ${TEAM}, 'u_bench_' || i, case when i = 1 then 'owner' else 'member' end from generate_series(1, 10) i`);
  await db.execute(sql`create temp table seed as
    select t.team, i, now() - i * (interval '365 days' / ${CHECKLISTS}) - interval '3 hours' as created
      from (values (${TEAM}), ('team_other')) t(team), generate_series(1, ${CHECKLISTS}) i`);
  await db.execute(sql`insert into checklists (id, user_id, team_id, name, created_at, due_at, submitted_at)
    select team || '_' || i, 'u_bench_' || (1 + i % 10), team, 'Turnover ' || i, created,
           case when i % 2 = 0 then created + interval '3 hours' + (i % 3 - 1) * interval '30 minutes' end,
           case when i % 10 <> 0 then created + interval '3 hours' end
      from seed`);
  await db.execute(sql`insert into tasks (checklist_id, id, position, description, completed, completed_at)
    select team || '_' || i, 'task_' || k, k, (string_to_array(${TASK_NAMES.join('|')}, '|'))[1 + (i + k) % 12],
           not (k = 6 and i % 3 = 0), created + interval '1 hour' + (k * 15 + (i * k) % 20) * interval '1 minute'
      from seed, generate_series(1, 6) k`);
  await db.execute(sql`insert into checklist_activity (id, checklist_id, actor_kind, actor_user_id, actor_name,
      share_name, share_channel, share_contact, action, task_id, at)
    select 'a_' || s.team || '_' || s.i || '_' || k, s.team || '_' || s.i,
           case when s.i % 4 = 0 then 'recipient' else 'owner' end,
           case when s.i % 4 = 0 then null else 'u_bench_' || (1 + s.i % 10) end,
           case when s.i % 4 = 0 then null else 'Member ' || (1 + s.i % 10) end,
           case when s.i % 4 = 0 then 'Recipient ' || (s.i % 50) end,
           case when s.i % 4 = 0 then 'email' end,
           case when s.i % 4 = 0 then 'r' || (s.i % 50) || '@example.com' end,
           case when k = 7 then 'submitted' else 'task_completed' end,
           case when k = 7 then null else 'task_' || k end,
           case when k = 7 then s.created + interval '3 hours'
                else s.created + interval '1 hour' + (k * 15 + (s.i * k) % 20) * interval '1 minute' end
      from seed s, generate_series(1, 7) k
     where (k < 6 or (k = 6 and s.i % 3 <> 0) or (k = 7 and s.i % 10 <> 0))`);
  await db.execute(sql`set session_replication_role = origin`);
  // The triggers were off: the insights summary (decision 0068) as migration 0036's backfill writes it.
  await db.execute(sql.raw(await insightsBackfill()));
  await db.execute(sql`analyze`);
}

/** Migration 0036's last statement: the insights summary of every submitted checklist (decision 0068). */
async function insightsBackfill(): Promise<string> {
  const file = path.join(migrationsFolder(), '0036_insights_summary_at_submit.sql');
  const statements = (await readFile(file, 'utf8')).split('--> statement-breakpoint');
  return String(statements.at(-1))
    .replace(/^--.*$/gm, '')
    .trim();
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The plan's scans: 'Index Scan checklists_team_id_submitted_at_idx', 'Seq Scan tasks'… (each once). */
function scansOf(node: PlanNode, into = new Set<string>()): Set<string> {
  if (
    /Scan/.test(node['Node Type']) &&
    node['Node Type'] !== 'Function Scan' &&
    node['Node Type'] !== 'CTE Scan'
  ) {
    into.add(`${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''}`.trim());
  }
  for (const child of node.Plans ?? []) scansOf(child, into);
  return into;
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const handle = await openDatabase({ kind: 'postgres', url });
  const { db } = handle;
  try {
    await handle.migrate();
    const seedStart = performance.now();
    // BENCH_REUSE=1 on a database seeded before (kept by running this script directly): no new seed.
    if (process.env.BENCH_REUSE !== '1') await seed(db);
    const counted = await db.execute(sql`select
      (select count(*) from checklists where team_id = ${TEAM})::int as checklists,
      (select count(*) from tasks)::int as tasks, (select count(*) from checklist_activity)::int as activity`);
    const totals = (counted as unknown as { rows: Record<string, number>[] }).rows[0];
    console.info(
      `seeded in ${Math.round((performance.now() - seedStart) / 1000)} s: ${totals?.checklists} checklists in the team ` +
        `(as many in another), ${totals?.tasks} tasks, ${totals?.activity} trail entries in all`,
    );
    // The machine's load while measuring: the figures are wall-clock times.
    console.info(
      `load average: ${loadavg()
        .map((load) => load.toFixed(1))
        .join(', ')} on ${cpus().length} cores`,
    );
    const now = new Date();
    for (const days of [30, 90, 366]) {
      const to = localDateOf(now, ZONE);
      const query = { from: shiftDate(to, 1 - days), to };
      const exact = resolveInsightsRange(query, ZONE, now);
      const params = {
        teamId: TEAM,
        timeZone: ZONE,
        from: exact.from,
        to: exact.to,
        days: daysBetween(exact.from, exact.to),
        startsAt: exact.startsAt,
        endsBefore: exact.endsBefore,
      };
      console.info(`\n${params.days} days (${exact.from} to ${exact.to}):`);
      for (const name of Object.keys(insightsStatements) as InsightsStatement[]) {
        // As the answer runs them: JIT off (repositories/insights.ts).
        await db.execute(sql`set jit = off`);
        const explained = await db.execute(
          sql`explain (analyze, buffers, format json) ${insightsStatements[name](params)}`,
        );
        const rows = (explained as unknown as { rows: { 'QUERY PLAN': unknown }[] }).rows;
        const [plan] = (rows[0]?.['QUERY PLAN'] ?? []) as { Plan: PlanNode; 'Execution Time': number }[];
        if (!plan) continue;
        console.info(
          `  ${name.padEnd(17)} ${plan['Execution Time'].toFixed(1).padStart(8)} ms  ${[...scansOf(plan.Plan)].join(', ')}`,
        );
      }
      const times: number[] = [];
      for (let run = 0; run < 5; run += 1) {
        const start = performance.now();
        await readInsights(db, { kind: 'owner', userId: 'u_bench_1', teamId: TEAM }, query, now);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.info(`  load average now: ${loadavg()[0]?.toFixed(1)}`);
      console.info(
        `  whole answer (5 statements, one transaction): median ${times[2]?.toFixed(0)} ms of 5 runs`,
      );
    }
  } finally {
    await handle.close();
  }
}

await main();
