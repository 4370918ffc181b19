#!/usr/bin/env node
// `npm run bench:api`: the checklist API under load as the web client really uses it, beside a bare
// Fastify hello-world as the ceiling (issue 15, item 5).
//
// Builds the server, starts it on PostgreSQL (a database of its own, created here and dropped after),
// seeds an owner with 50 checklists (one of 50 tasks, the rest of 5), shares 25 of them (the big one
// first) with one recipient browser verified by its code, then runs autocannon (BENCH_CONNECTIONS, 50,
// for BENCH_SECONDS each after a 2 s warm-up). Every request carries what a browser's fetch sends from
// our pages (Accept-Encoding `gzip, deflate, br, zstd`, Sec-Fetch-*, the cookies, Origin on writes),
// and each tick a fresh Idempotency-Key and its `changedAt`, as the offline queue sends them
// (src/web/sync/http-transport.ts). Endpoints (BENCH_ONLY=health,list,stats,plan,shares,get,shared,tick,tick-no-trigger,tick-one,remark,recipient-tick):
//   health          GET /healthz: the app's own floor, no database (not a goal)
//   list            GET /api/checklists?userId=: the dashboard's list of 50
//   stats, plan     GET /api/dashboard/stats, /api/user/{uid}/subscription: the dashboard's other reads
//   shares          GET /api/checklists/{id}/shares: the owner's checklist page asks it with the checklist
//   get             GET /api/checklists/{id}: the owner's checklist page, 50 tasks
//   shared          GET /api/shared/checklist?token=&lang=en: the recipient's page, same checklist
//   tick            PATCH a task with a key, each connection its own checklist (50 checklists)
//   tick-no-trigger the same with the webhook trigger (migration 0030) disabled: the trigger's cost
//   tick-one        PATCH a task with a key, all connections on the 50-task checklist, each its own task
//   recipient-tick  the recipient's PATCH with a key across the 25 shared checklists (2 connections each)
// Prints req/s, p50, p99, the ratio to the ceiling, bytes per answer, CPU time per request of the
// server and of its PostgreSQL backends (steadier than req/s when other work shares the machine), and
// each goal of issue 15 as met or MISSED. Figures only: nothing is asserted. DATABASE_URL names the PostgreSQL server (default
// postgres://postgres@127.0.0.1:5432/test). BENCH_ACCEPT_ENCODING replaces the browser's Accept-Encoding
// ('identity': answers uncompressed). BENCH_SERVER_ARGS adds node flags to the server (e.g.
// '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it).
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  api,
  browserHeaders,
  cookieOf,
  enterpriseOwner,
  freePort,
  prepareBench,
  printTable,
  serverEnv,
  startProcess,
  stopProcess,
} from './bench-support.mjs';

const seconds = Number(process.env.BENCH_SECONDS || 8);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const CHECKLISTS = 50;
const TASKS_IN_BIG_ONE = 50;
const SHARED = 25;

/**
 * Issue 15's goals, with issue 35's for one checklist (25%) and a tick (10%): a share of the ceiling,
 * or req/s; p99 for every endpoint but the floor.
 */
const GOALS = {
  list: { ratio: 0.1 },
  get: { ratio: 0.25 },
  shared: { ratio: 0.2 },
  tick: { ratio: 0.1 },
  'tick-one': { rps: 3_000 },
  'recipient-tick': { ratio: 0.1 },
};
const P99_GOAL_MS = 25;

const HELLO_WORLD = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** An owner on the enterprise tier (raised in the database: the server's limits stay as they are). */
async function seed(base, databaseUrl) {
  const { cookie, user } = await enterpriseOwner(base, databaseUrl, 'bench@example.com');

  const task = (i) => ({
    description: `Task ${i + 1}: check and photograph`,
    details: 'Look behind the sofa.',
    photoRequired: i % 3 === 0,
  });
  const checklists = [
    await (
      await api(base, cookie, 'POST', '/api/checklists', {
        name: 'Turnover: Beach House (50 tasks)',
        tasks: Array.from({ length: TASKS_IN_BIG_ONE }, (_, i) => task(i)),
      })
    ).json(),
  ];
  for (let n = 1; n < CHECKLISTS; n += 1) {
    checklists.push(
      await (
        await api(base, cookie, 'POST', '/api/checklists', {
          name: `Checklist ${n}`,
          tasks: Array.from({ length: 5 }, (_, i) => task(i)),
        })
      ).json(),
    );
  }

  // One recipient browser verified on SHARED checklists (the owner's hourly sends and the per-IP
  // verify limit allow this many). Each verification gives the browser a new cookie and moves its
  // grants to it (decision 0018), so it keeps the last one, as a browser does.
  let recipient = null;
  let token = null;
  for (const checklist of checklists.slice(0, SHARED)) {
    const sent = await (
      await api(base, cookie, 'POST', '/api/verification/send', {
        consent: true,
        checklistId: checklist.id,
        email: 'cleaner@example.com',
        recipientName: 'Cleaner',
      })
    ).json();
    const verified = await api(base, recipient, 'POST', '/api/verification/verify', {
      token: sent.token,
      code: sent.verificationCode,
    });
    recipient = cookieOf(verified, 'listsync_recipient') ?? recipient;
    token ??= sent.token;
  }
  return { cookie, uid: user.uid, checklists, recipient, token };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, pipelining: 1, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** CPU time (user + system) a process has used so far, in microseconds; 0 when it is gone. */
async function cpuMicros(pid) {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime, stime: clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

/**
 * CPU time of the server and of the PostgreSQL backends serving the benchmark's database: on this
 * shared 2-core machine a busy neighbour moves req/s a lot, CPU per request much less.
 */
async function cpuSnapshot(processes) {
  const backends = processes.database
    ? (
        await processes.database.query('select pid from pg_stat_activity where datname = current_database()')
      ).rows.map((row) => row.pid)
    : [];
  const perBackend = await Promise.all(backends.map(cpuMicros));
  return {
    server: processes.server ? await cpuMicros(processes.server) : 0,
    database: perBackend.reduce((a, b) => a + b, 0),
    backends,
  };
}

async function measure(label, options, processes = {}) {
  await cannon({ ...options, duration: 2 }); // warm-up: JIT, pools, caches
  const load = loadavg()[0];
  const before = await cpuSnapshot(processes);
  const result = await cannon({ ...options, duration: seconds });
  const after = await cpuSnapshot(processes);
  // Backends that came and went during the run are not counted: the pool keeps its connections.
  const total = result.requests.total || 1;
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
    errors: result.errors + result.timeouts + result.non2xx,
    serverCpu: processes.server ? (after.server - before.server) / total : null,
    databaseCpu: processes.database ? (after.database - before.database) / total : null,
    load,
  };
}

/**
 * Keyed PATCHes as the offline queue sends them, each with a fresh Idempotency-Key: each connection
 * keeps its own target (`targetOf(n)` for the n-th connection); `write(target, context, sent)` says
 * the path and the body of its next request.
 */
function keyedPatches(base, headers, targetOf, write) {
  const prefix = randomBytes(6).toString('hex');
  let connectionsSeen = 0;
  let sent = 0;
  return {
    url: base,
    requests: [
      {
        method: 'PATCH',
        setupRequest: (request, context) => {
          if (context.target === undefined) {
            context.target = targetOf(connectionsSeen);
            connectionsSeen += 1;
          }
          sent += 1;
          const { path, body } = write(context.target, context, sent);
          return {
            ...request,
            path,
            headers: { ...headers, 'idempotency-key': `${prefix}-${sent.toString(36).padStart(10, '0')}` },
            body: JSON.stringify({ ...body, changedAt: new Date().toISOString() }),
          };
        },
      },
    ],
  };
}

/** Ticks: PATCH {completed, changedAt}, each connection on its own task, ticking and unticking it. */
function ticks(base, headers, targetOf) {
  return keyedPatches(base, headers, targetOf, ({ checklistId, taskId }, context) => {
    context.completed = !context.completed;
    return {
      path: `/api/checklists/${encodeURIComponent(checklistId)}/tasks/${encodeURIComponent(taskId)}`,
      body: { completed: context.completed },
    };
  });
}

/** Remarks as the checklist page saves them: PATCH {remarks, changedAt}, each connection on its own checklist. */
function remarks(base, headers, checklistOf) {
  return keyedPatches(base, headers, checklistOf, (checklistId, _context, sent) => ({
    path: `/api/checklists/${encodeURIComponent(checklistId)}`,
    body: { remarks: `Keys left in the box (${sent})` },
  }));
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'listsync-bench-'));
let server;
let stopping = false;
let hello;
let bench;
try {
  bench = await prepareBench();
  const databaseUrl = bench.databaseUrl;

  const [apiPort, helloPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${apiPort}`;
  server = await startProcess(
    'server',
    [...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? []), 'dist/server/main.js'],
    serverEnv(apiPort, databaseUrl, dataDir, base),
    `${base}/healthz`,
  );
  server.once('exit', (code, signal) => {
    // Said at once: every figure after it would be of a server that is not there.
    if (!stopping) console.error(`The server exited during the run (code ${code}, signal ${signal}).`);
  });
  hello = await startProcess(
    'hello-world',
    ['--input-type=module', '-e', HELLO_WORLD],
    { PORT: String(helloPort) },
    `http://127.0.0.1:${helloPort}/`,
  );

  console.info(`Seeding ${CHECKLISTS} checklists (one of ${TASKS_IN_BIG_ONE} tasks), ${SHARED} shared...`);
  const { cookie, uid, checklists, recipient, token } = await seed(base, databaseUrl);
  const [big] = checklists;
  const shared = checklists.slice(0, SHARED);

  const dashboard = { ...browserHeaders(base, '/dashboard'), cookie };
  const checklistPage = { ...browserHeaders(base, `/checklist/${big.id}`), cookie };
  const sharedPage = { ...browserHeaders(base, `/shared/checklist/${token}`), cookie: recipient };
  const writes = (headers) => ({ ...headers, origin: base, 'content-type': 'application/json' });

  console.info(`Measuring: ${connections} connections, ${seconds} s each (after a 2 s warm-up)...`);
  const targets = {
    health: ['GET /healthz (no database)', { url: `${base}/healthz`, headers: browserHeaders(base, '/') }],
    list: [
      `list of ${CHECKLISTS} (dashboard)`,
      { url: `${base}/api/checklists?userId=${encodeURIComponent(uid)}`, headers: dashboard },
    ],
    stats: ["dashboard's counters", { url: `${base}/api/dashboard/stats?timeZone=UTC`, headers: dashboard }],
    plan: [
      "dashboard's plan card",
      {
        url: `${base}/api/user/${encodeURIComponent(uid)}/subscription`,
        headers: { ...dashboard, 'cache-control': 'no-cache', pragma: 'no-cache' },
      },
    ],
    shares: [
      `a checklist's shares (owner)`,
      { url: `${base}/api/checklists/${big.id}/shares`, headers: checklistPage },
    ],
    get: [
      `one checklist, ${TASKS_IN_BIG_ONE} tasks (owner)`,
      { url: `${base}/api/checklists/${big.id}`, headers: checklistPage },
    ],
    shared: [
      `shared checklist, ${TASKS_IN_BIG_ONE} tasks (recipient)`,
      { url: `${base}/api/shared/checklist?token=${encodeURIComponent(token)}&lang=en`, headers: sharedPage },
    ],
    // The same ticks with migration 0030's webhook trigger off: its cost for a team without webhooks.
    'tick-no-trigger': [
      `tick + key, ${CHECKLISTS} checklists, webhook trigger off`,
      ticks(base, writes(dashboard), (n) => {
        const checklist = checklists[n % checklists.length];
        return {
          checklistId: checklist.id,
          taskId: checklist.tasks[Math.floor(n / checklists.length) % 5].id,
        };
      }),
    ],
    tick: [
      `tick + key, ${CHECKLISTS} checklists`,
      ticks(base, writes(dashboard), (n) => {
        const checklist = checklists[n % checklists.length];
        return {
          checklistId: checklist.id,
          taskId: checklist.tasks[Math.floor(n / checklists.length) % 5].id,
        };
      }),
    ],
    'tick-one': [
      'tick + key, one checklist',
      ticks(base, writes(checklistPage), (n) => ({
        checklistId: big.id,
        taskId: big.tasks[n % big.tasks.length].id,
      })),
    ],
    remark: [
      `remark + key, ${CHECKLISTS} checklists`,
      remarks(base, writes(dashboard), (n) => checklists[n % checklists.length].id),
    ],
    'recipient-tick': [
      `recipient tick + key, ${SHARED} checklists`,
      ticks(base, writes(sharedPage), (n) => {
        const checklist = shared[n % shared.length];
        return { checklistId: checklist.id, taskId: checklist.tasks[Math.floor(n / shared.length) % 5].id };
      }),
    ],
  };
  const only = process.env.BENCH_ONLY?.split(',');
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const processes = { server: server.pid, database };
  const results = {
    ceiling: await measure('hello-world (ceiling)', {
      url: `http://127.0.0.1:${helloPort}/`,
      headers: browserHeaders(base, '/'),
    }),
  };
  for (const [key, [label, options]] of Object.entries(targets)) {
    if (only && !only.includes(key)) continue;
    const trigger = key === 'tick-no-trigger' ? 'checklist_activity_webhooks' : null;
    if (trigger) await database.query(`alter table checklist_activity disable trigger ${trigger}`);
    results[key] = await measure(label, options, processes);
    if (trigger) await database.query(`alter table checklist_activity enable trigger ${trigger}`);
  }
  await database.end();

  const ceiling = results.ceiling.rps;
  const ratio = (r) => r.rps / ceiling;
  const verdict = (ok) => (ok ? 'met' : 'MISSED');
  const goalOf = (key, r) => {
    const goal = GOALS[key];
    if (!goal) return '';
    const rate = goal.ratio ? ratio(r) >= goal.ratio : r.rps >= goal.rps;
    const target = goal.ratio ? `>= ${goal.ratio * 100}%` : `>= ${goal.rps} req/s`;
    return `${target} ${verdict(rate)}; p99 ${verdict(r.p99 < P99_GOAL_MS)}`;
  };
  const table = [
    [
      'endpoint',
      'req/s',
      'p50 ms',
      'p99 ms',
      'of ceiling',
      'bytes',
      'errors',
      'node µs',
      'pg µs',
      'load',
      'goal',
    ],
    ...Object.entries(results).map(([key, r]) => [
      r.label,
      String(Math.round(r.rps)),
      String(r.p50),
      String(r.p99),
      `${(ratio(r) * 100).toFixed(1)}%`,
      String(Math.round(r.bytes)),
      String(r.errors),
      r.serverCpu === null ? '' : String(Math.round(r.serverCpu)),
      r.databaseCpu === null ? '' : String(Math.round(r.databaseCpu)),
      r.load.toFixed(1),
      goalOf(key, r),
    ]),
  ];
  printTable(table);
  const [on, off] = [results.tick, results['tick-no-trigger']];
  if (on && off) {
    const per = (field) => (on[field] && off[field] ? `${(on[field] / off[field]).toFixed(2)}x` : 'n/a');
    console.info(
      `Webhook trigger (team without webhooks): ticks/s ${(on.rps / off.rps).toFixed(2)}x of without it; ` +
        `server CPU per tick ${per('serverCpu')}, PostgreSQL CPU per tick ${per('databaseCpu')}.`,
    );
  }
  console.info(
    `p99 goal: < ${P99_GOAL_MS} ms; node µs / pg µs: CPU time per request of the server and of its PostgreSQL backends; load: the 1-minute load average as each run began.`,
  );
} finally {
  // Let the server finish the last requests autocannon abandoned before it closes its database pool.
  await new Promise((resolve) => setTimeout(resolve, 500));
  stopping = true;
  await stopProcess(hello);
  await stopProcess(server);
  await bench?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
