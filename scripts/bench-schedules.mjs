#!/usr/bin/env node
// `npm run bench:schedules`: BENCH_SCHEDULES (10,000) schedules due at the same minute, made by two
// server instances (dist/server/main.js) on one PostgreSQL database of the benchmark's own, one of them
// killed (SIGKILL) once half are made (BENCH_KILL=0: not killed). Issue 35, deliverable 4.
//
// Seeds fast: BENCH_TEAMS owners signed in through local mode's dev login (each their own team, raised
// to Enterprise), then the schedules inserted by SQL, 50 a team (the most a team keeps), daily at the
// next whole minute at least 25 s away, from a built-in template. Then it watches the database and
// prints the time from the due minute to the last run made, the rate, the instance killed, and the
// duplicates counted in SQL: runs per (schedule, instant) and checklists per schedule name. Figures
// only: nothing is asserted. DATABASE_URL names the PostgreSQL server.
import pg from 'pg';
import { enterpriseOwners, prepareBench, printTable, startInstances } from './bench-support.mjs';

const SCHEDULES = Number(process.env.BENCH_SCHEDULES || 10_000);
const TEAMS = Number(process.env.BENCH_TEAMS || Math.ceil(SCHEDULES / 50));
const KILL = process.env.BENCH_KILL !== '0';
/** Gives up watching this long after the due minute (the goal is 60 s). */
const WATCH_S = Number(process.env.BENCH_WATCH_S || 180);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const loadavg = async () => (await import('node:fs/promises')).readFile('/proc/loadavg', 'utf8');

async function seed(base, db) {
  const owners = await enterpriseOwners(base, db, 'schedules', TEAMS);
  // The next whole minute at least 25 s away: both instances are up and looking by then.
  const due = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
  const time = due.toISOString().slice(11, 16);
  await db.query(
    `insert into schedules (id, team_id, created_by, template_id, name, recurrence, starts_on, next_run_at)
     select 'sch_bench_' || g, o.uid, o.uid, 'builtin-boiler-service', 'Round ' || g,
            jsonb_build_object('frequency', 'daily', 'interval', 1, 'time', $2::text, 'timezone', 'UTC'),
            $3, $4
       from generate_series(0, $5 - 1) g
       join lateral (select ($1::text[])[1 + g % array_length($1::text[], 1)] as uid) o on true`,
    [owners, time, due.toISOString().slice(0, 10), due, SCHEDULES],
  );
  return due;
}

async function counts(db, due) {
  const { rows } = await db.query(
    `select count(*) filter (where status = 'made')::int as made, count(*)::int as runs
       from schedule_occurrences where scheduled_for = $1`,
    [due],
  );
  return rows[0];
}

async function duplicates(db, due) {
  const runs = await db.query(
    `select count(*)::int as n from (select 1 from schedule_occurrences where scheduled_for = $1
       group by schedule_id, occurrence_key having count(*) > 1) d`,
    [due],
  );
  const lists = await db.query(
    `select count(*)::int as n, coalesce(sum(c), 0)::int as extra from (
       select count(*) - 1 as c from checklists where name like 'Round %' group by name having count(*) > 1) d`,
  );
  const made = await db.query(`select count(*)::int as n from checklists where name like 'Round %'`);
  return { runs: runs.rows[0].n, names: lists.rows[0].n, checklists: made.rows[0].n };
}

let instances;
let bench;
let db;
try {
  bench = await prepareBench();
  instances = await startInstances(2, bench.databaseUrl, 'schedules');
  const [base] = instances.bases;
  const servers = instances.children;
  db = new pg.Client({ connectionString: bench.databaseUrl });
  await db.connect();
  console.info(`Seeding ${SCHEDULES} schedules in ${TEAMS} teams...`);
  const due = await seed(base, db);
  console.info(`Due at ${due.toISOString()}; two instances running${KILL ? ', one killed at half' : ''}.`);
  await sleep(Math.max(0, due.getTime() - Date.now()));
  let killedAt = null;
  let first = null;
  let last = { made: 0, runs: 0 };
  while (Date.now() - due.getTime() < WATCH_S * 1000) {
    last = await counts(db, due);
    if (last.runs > 0 && first === null) first = Date.now();
    if (KILL && killedAt === null && last.runs >= SCHEDULES / 2) {
      servers[0].kill('SIGKILL');
      killedAt = { ms: Date.now() - due.getTime(), runs: last.runs };
    }
    if (last.runs >= SCHEDULES) break;
    await sleep(200);
  }
  const doneMs = Date.now() - due.getTime();
  const dup = await duplicates(db, due);
  const load = (await loadavg()).split(' ')[0];
  printTable([
    [
      'schedules',
      'made',
      'first run s',
      'all made s',
      'runs/s',
      'killed at',
      'dup runs',
      'dup lists',
      'load',
    ],
    [
      String(SCHEDULES),
      String(last.made),
      first === null ? '-' : ((first - due.getTime()) / 1000).toFixed(1),
      last.runs >= SCHEDULES ? (doneMs / 1000).toFixed(1) : `>${WATCH_S}`,
      String(Math.round(last.runs / (doneMs / 1000))),
      killedAt ? `${(killedAt.ms / 1000).toFixed(1)} s (${killedAt.runs})` : '-',
      String(dup.runs),
      String(dup.names),
      load,
    ],
  ]);
  console.info(
    `Checklists made: ${dup.checklists} for ${last.made} runs made. Times from the due minute (database poll every 200 ms).`,
  );
} finally {
  await db?.end().catch(() => {});
  await instances?.stop();
  await bench?.drop();
}
