#!/usr/bin/env node
// `npm run bench:load`: how many active people one instance serves, and two on one database (issue 15).
//
// Builds the server and starts it on PostgreSQL (a database of its own, created here and dropped
// after). Simulated people (scripts/bench-load-people.mjs, in LOAD_WORKERS worker threads) work in
// groups: one checklist of 20 tasks, its owner (enterprise tier, four more checklists on the dashboard)
// and three recipients verified through the real code flow. Each person is a browser with its own
// loopback address, one keep-alive connection and one WebSocket following the checklist, and acts
// about every LOAD_ACT_EVERY_MS (5,000 ms) with jitter: mostly ticks (with Idempotency-Key, then the
// queue's refetch), sometimes opens the checklist or the dashboard, writes a remark, rarely uploads a
// 640x480 JPEG. The number of people steps up (LOAD_STEPS, default 250,500,1000,2000,3000,4000,5000,6000);
// each step adds people, warms up LOAD_WARMUP_SECONDS (10) and measures LOAD_STEP_SECONDS (30). A
// step passes when every kind of request has p99 <= 100 ms, nothing failed, and every tick reached
// every open screen of its checklist. The first step that does not pass ends the run. Run once per
// instance count in LOAD_INSTANCES (default 1,2: then two instances on the same database, the people
// of each checklist split across both, changes crossing through LISTEN/NOTIFY).
// Prints a table per step and the capacity: the largest step that passed. Figures only: nothing is
// asserted. LOAD_KEEP_GOING=1 measures every step even after one failed (the capacity is still the
// last step before the first failure). While people are added the others pause (their warm-up follows).
// Before each window it waits up to LOAD_QUIET_WAIT_SECONDS (120; 0: never) for the rest of the
// machine to go quiet (other processes under a third of a core).
// LOAD_SERVER_ARGS adds node flags to the servers (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof').
// DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import sharp from 'sharp';
import {
  freePort,
  percentile,
  prepareBench,
  printTable,
  root,
  serverEnv,
  serverUrl,
  startProcess,
  stopProcess,
} from './bench-support.mjs';

const list = (value, fallback) => (value || fallback).split(',').map(Number).filter(Boolean);
const STEPS = list(process.env.LOAD_STEPS, '250,500,1000,2000,3000,4000,5000,6000');
const INSTANCES = list(process.env.LOAD_INSTANCES, '1,2');
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS || 30);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS || 10);
const WORKERS = Number(process.env.LOAD_WORKERS || 2);
const ACT_EVERY_MS = Number(process.env.LOAD_ACT_EVERY_MS || 5_000);
const QUIET_WAIT_SECONDS = Number(process.env.LOAD_QUIET_WAIT_SECONDS ?? 120);
const QUIET_OTHERS_PERCENT = 33;
const KEEP_GOING = process.env.LOAD_KEEP_GOING === '1';
const SERVER_ARGS = process.env.LOAD_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
/** After the window, how long a tick made at its end has to reach every screen. */
const DRAIN_SECONDS = 3;
const PEOPLE_PER_GROUP = 4;
const GOALS = { p99Ms: 100, people: 5_000 };
/** Answers of a kind in the window before its p99 counts (below, the p99 is the slowest answer). */
const MIN_JUDGED = 100;
/** Sockets per person in each process (one WebSocket, one HTTP connection), and some to spare. */
const FDS_PER_PERSON = 2;
const FDS_SPARE = 500;
/** The application name of the bench's own connection to its database (left out of the samples). */
const STATS_CLIENT = 'bench-load statistics';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// File descriptors: every person holds two sockets in the generator and two in the server.

function openFilesLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((row) => row.startsWith('Max open files'));
  const [soft, hard] = line.split(/\s{2,}/).slice(1, 3);
  const value = (text) => (text === 'unlimited' ? Number.POSITIVE_INFINITY : Number(text));
  return { soft: value(soft), hard: value(hard) };
}

/** Re-runs this script under the hard limit when the soft one is too low for the largest step. */
function raiseOpenFilesLimit() {
  const { soft, hard } = openFilesLimit();
  const needed = Math.max(...STEPS) * FDS_PER_PERSON + FDS_SPARE;
  if (soft >= needed || soft >= hard || process.env.LOAD_RAISED_LIMIT) return { soft, hard, needed };
  console.info(`Raising the open files limit from ${soft} to ${hard} (the largest step needs ${needed})...`);
  const rerun = spawnSync(
    'sh',
    [
      '-c',
      `ulimit -n ${Number.isFinite(hard) ? hard : 'unlimited'} && exec "$0" "$@"`,
      process.execPath,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, LOAD_RAISED_LIMIT: '1' } },
  );
  process.exit(rerun.status ?? 1);
}

// ---------------------------------------------------------------------------------------------
// CPU: the servers, this database's PostgreSQL backends and the generator, from /proc.

const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null; // gone
  }
}

/** CPU time of the whole machine (every process, ours and others'), in seconds. */
function machineCpuSeconds() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait
  const busy = fields.slice(0, 8).reduce((sum, value) => sum + value, 0) - fields[3] - fields[4];
  return busy / TICKS_PER_SECOND;
}

/** Seconds the process's main thread has waited for a core while runnable (/proc schedstat). */
function runQueueSecondsOf(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return null;
  }
}

async function cpuSnapshot(admin, databaseName, servers) {
  const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [databaseName]);
  const backends = new Map(rows.map(({ pid }) => [pid, cpuSecondsOf(pid)]));
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    servers: servers.map((server) => cpuSecondsOf(server.pid)),
    waits: servers.map((server) => runQueueSecondsOf(server.pid)),
    backends,
    generator: (usage.user + usage.system) / 1e6,
    machine: machineCpuSeconds(),
  };
}

/** CPU used between two snapshots, in percent of one core. */
function cpuBetween(before, after) {
  const seconds = (after.at - before.at) / 1000;
  const percent = (used) => (100 * used) / seconds;
  let backends = 0;
  for (const [pid, start] of before.backends) {
    const end = after.backends.get(pid);
    if (start !== null && end !== null && end !== undefined) backends += end - start;
  }
  const servers = after.servers.map((end, i) => percent(end - before.servers[i]));
  const postgres = percent(backends);
  const generator = percent(after.generator - before.generator);
  const machine = percent(after.machine - before.machine);
  const ours = servers.reduce((sum, value) => sum + value, 0) + postgres + generator;
  // The share of the window the server's event loop was ready to run but had no core.
  const waiting = after.waits.map((end, i) => percent(end - before.waits[i]));
  return { servers, waiting, postgres, generator, machine, others: Math.max(0, machine - ours) };
}

// ---------------------------------------------------------------------------------------------
// The generator's workers

function startWorkers(bases, photo, databaseUrl) {
  return Array.from({ length: WORKERS }, () => {
    const worker = new Worker(new URL('./bench-load-people.mjs', import.meta.url), {
      workerData: { bases, origin: bases[0], photo, databaseUrl, actEveryMs: ACT_EVERY_MS },
    });
    worker.on('error', (error) => console.error('A load worker failed:', error));
    return worker;
  });
}

/** Sends a message to a worker and waits for its answer of type `answer`. */
function ask(worker, message, answer) {
  return new Promise((resolve, reject) => {
    const onMessage = (reply) => {
      if (reply.type === 'failed') {
        worker.off('message', onMessage);
        reject(new Error(reply.message));
      } else if (reply.type === answer) {
        worker.off('message', onMessage);
        resolve(reply);
      }
    };
    worker.on('message', onMessage);
    worker.postMessage(message);
  });
}

/** Brings the number of groups up to `count`: seeded through the API the first time, reused after. */
async function addGroups(workers, known, running, count) {
  const byWorker = workers.map(() => ({ seed: [], definitions: [] }));
  for (let g = running; g < count; g += 1) {
    const share = byWorker[g % workers.length];
    if (known.has(g)) share.definitions.push(known.get(g));
    else share.seed.push(g);
  }
  const replies = await Promise.all(
    workers.map((worker, i) => ask(worker, { type: 'add', ...byWorker[i] }, 'added')),
  );
  for (const reply of replies) for (const group of reply.groups) known.set(group.g, group);
  for (const worker of workers) worker.postMessage({ type: 'resume' });
}

function merge(reports) {
  const merged = {
    latencies: {},
    requests: 0,
    actions: 0,
    errors: {},
    expected: 0,
    delivered: 0,
    undelivered: 0,
    deliveryMs: [],
    wsMessages: 0,
    wsBytes: 0,
    loopDelayP99Ms: 0,
  };
  for (const figures of reports) {
    for (const [kind, values] of Object.entries(figures.latencies)) {
      merged.latencies[kind] = [...(merged.latencies[kind] ?? []), ...values];
    }
    for (const [what, count] of Object.entries(figures.errors))
      merged.errors[what] = (merged.errors[what] ?? 0) + count;
    for (const key of [
      'requests',
      'actions',
      'expected',
      'delivered',
      'undelivered',
      'wsMessages',
      'wsBytes',
    ]) {
      merged[key] += figures[key];
    }
    merged.deliveryMs = merged.deliveryMs.concat(figures.deliveryMs);
    merged.loopDelayP99Ms = Math.max(merged.loopDelayP99Ms, figures.loopDelayP99Ms);
  }
  return merged;
}

// ---------------------------------------------------------------------------------------------
// One step and one run

const KINDS = ['tick', 'checklist', 'shared', 'status', 'shares', 'list', 'stats', 'plan', 'remark', 'photo'];

/**
 * What this database's backends are doing, sampled every 250 ms: how many run a query, and what
 * those wait for (none: on a CPU). Tells a saturated pool or lock and I/O waits from a busy CPU.
 */
function sampleBackends(admin, databaseName) {
  const samples = { count: 0, active: 0, total: 0, inTransaction: 0, waits: {} };
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const { rows } = await admin.query(
        `select state, wait_event_type, wait_event from pg_stat_activity
         where datname = $1 and backend_type = 'client backend' and application_name <> $2`,
        [databaseName, STATS_CLIENT],
      );
      samples.count += 1;
      samples.total += rows.length;
      for (const row of rows) {
        if (row.state === 'idle in transaction') samples.inTransaction += 1;
        if (row.state !== 'active') continue;
        samples.active += 1;
        const wait = row.wait_event ? `${row.wait_event_type}:${row.wait_event}` : 'CPU';
        samples.waits[wait] = (samples.waits[wait] ?? 0) + 1;
      }
    } finally {
      busy = false;
    }
  }, 250);
  return () => {
    clearInterval(timer);
    const top = Object.entries(samples.waits)
      .sort(([, a], [, b]) => b - a)
      .slice(0, 4)
      .map(([wait, n]) => `${wait} ${((100 * n) / Math.max(1, samples.active)).toFixed(0)}%`);
    return {
      active: samples.active / Math.max(1, samples.count),
      inTransaction: samples.inTransaction / Math.max(1, samples.count),
      connections: samples.total / Math.max(1, samples.count),
      waits: top.join(', ') || 'none',
    };
  };
}

/** This database's commits and rows written so far, per table (PostgreSQL's cumulative statistics). */
async function writesSoFar(database) {
  const { rows } = await database.query(
    `select relname, n_tup_ins + n_tup_upd + n_tup_del as written from pg_stat_user_tables
     union all select '(transactions)', xact_commit from pg_stat_database where datname = current_database()`,
  );
  return new Map(rows.map(({ relname, written }) => [relname, Number(written)]));
}

/** Commits and rows written per action between two readings, the busiest tables first. */
function writesPerAction(before, after, actions) {
  return [...after]
    .map(([table, count]) => [table, (count - (before.get(table) ?? 0)) / Math.max(1, actions)])
    .filter(([, perAction]) => perAction >= 0.05)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 8)
    .map(([table, perAction]) => `${table} ${perAction.toFixed(2)}`)
    .join(', ');
}

/**
 * On a shared machine, waits (up to LOAD_QUIET_WAIT_SECONDS) until the other processes use less than
 * a third of a core over 2 s, so that the window measures this server rather than someone's tests.
 * The people keep acting meanwhile; each step prints what the others used during its window.
 */
async function waitForQuiet(context) {
  const deadline = performance.now() + QUIET_WAIT_SECONDS * 1000;
  let others = 0;
  do {
    const before = await cpuSnapshot(context.admin, context.databaseName, context.servers);
    await sleep(2_000);
    others = cpuBetween(
      before,
      await cpuSnapshot(context.admin, context.databaseName, context.servers),
    ).others;
    if (others < QUIET_OTHERS_PERCENT) return;
  } while (performance.now() < deadline);
  if (QUIET_WAIT_SECONDS > 0) {
    console.info(
      `    (other processes still used ${others.toFixed(0)}% of a core after ${QUIET_WAIT_SECONDS} s: measuring anyway)`,
    );
  }
}

async function measureStep(people, context) {
  const { workers, admin, databaseName, servers, stats } = context;
  await sleep(WARMUP_SECONDS * 1000);
  await waitForQuiet(context);
  const load = loadavg()[0];
  const writesBefore = await writesSoFar(stats);
  const before = await cpuSnapshot(admin, databaseName, servers);
  for (const worker of workers) worker.postMessage({ type: 'measure', on: true });
  const stopSampling = sampleBackends(admin, databaseName);
  await sleep(STEP_SECONDS * 1000);
  for (const worker of workers) worker.postMessage({ type: 'measure', on: false });
  const backends = stopSampling();
  const after = await cpuSnapshot(admin, databaseName, servers);
  await sleep(DRAIN_SECONDS * 1000);
  // Statistics reach the views within a second or so of each commit: read after the drain.
  const writesAfter = await writesSoFar(stats);
  const reports = await Promise.all(workers.map((worker) => ask(worker, { type: 'report' }, 'report')));
  const figures = merge(reports.map((reply) => reply.figures));
  const latency = {};
  for (const kind of KINDS) {
    const sorted = (figures.latencies[kind] ?? []).sort((a, b) => a - b);
    latency[kind] = { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  }
  const delivery = figures.deliveryMs.sort((a, b) => a - b);
  const errors = Object.values(figures.errors).reduce((sum, count) => sum + count, 0);
  // A p99 of fewer than 100 answers is their slowest one: such a kind is shown, not judged.
  const worst = KINDS.filter((kind) => latency[kind].count >= MIN_JUDGED).reduce(
    (slowest, kind) => (latency[kind].p99 > slowest.p99 ? { kind, p99: latency[kind].p99 } : slowest),
    { kind: '-', p99: 0 },
  );
  return {
    people,
    rps: figures.requests / STEP_SECONDS,
    latency,
    worst,
    errors,
    errorList: figures.errors,
    expected: figures.expected,
    delivered: figures.delivered,
    undelivered: figures.undelivered,
    deliveryP50: percentile(delivery, 50),
    deliveryP99: percentile(delivery, 99),
    wsPerSecond: figures.wsMessages / STEP_SECONDS,
    wsMegabytesPerSecond: figures.wsBytes / STEP_SECONDS / 1e6,
    loopDelayP99Ms: figures.loopDelayP99Ms,
    actionsPerSecond: figures.actions / STEP_SECONDS,
    writes: writesPerAction(writesBefore, writesAfter, figures.actions),
    cpu: cpuBetween(before, after),
    backends,
    loadBefore: load,
    loadAfter: loadavg()[0],
    passed: worst.p99 <= GOALS.p99Ms && errors === 0 && figures.undelivered === 0 && figures.expected > 0,
  };
}

const ms = (value) => (Number.isFinite(value) ? value.toFixed(0) : '-');

function printStep(result) {
  const kinds = KINDS.filter((kind) => result.latency[kind].count > 0)
    .map((kind) => `${kind} ${ms(result.latency[kind].p50)}/${ms(result.latency[kind].p99)}`)
    .join(', ');
  console.info(
    `  ${result.people} people: ${result.rps.toFixed(0)} req/s, ${result.wsPerSecond.toFixed(0)} updates/s ` +
      `(${result.wsMegabytesPerSecond.toFixed(1)} MB/s) to screens; p50/p99 ms: ${kinds}`,
  );
  console.info(
    `    delivered ${result.delivered}/${result.expected} (tick to screen p50 ${ms(result.deliveryP50)} ms, p99 ${ms(result.deliveryP99)} ms); ` +
      `errors ${result.errors}; CPU % of a core: server ${result.cpu.servers.map((c) => c.toFixed(0)).join('+')}, ` +
      `postgres ${result.cpu.postgres.toFixed(0)}, generator ${result.cpu.generator.toFixed(0)} ` +
      `(its event loop delay p99 ${result.loopDelayP99Ms.toFixed(0)} ms); load ${result.loadBefore.toFixed(1)} -> ${result.loadAfter.toFixed(1)}; ` +
      `${result.passed ? 'passed' : 'FAILED'}`,
  );
  const { cpu, actionsPerSecond, backends } = result;
  const perAction = (percent) => (percent * 10) / Math.max(1, actionsPerSecond); // ms of CPU per action
  const serverPerAction = perAction(cpu.servers.reduce((sum, value) => sum + value, 0));
  console.info(
    `    ${actionsPerSecond.toFixed(0)} actions/s; CPU per action: server ${serverPerAction.toFixed(2)} ms, ` +
      `postgres ${perAction(cpu.postgres).toFixed(2)} ms, generator ${perAction(cpu.generator).toFixed(2)} ms ` +
      `(one core's worth of server time would serve about ${Math.round(ACT_EVERY_MS / serverPerAction)} people, ` +
      `all ${availableParallelism()} cores of server, PostgreSQL and generator time about ${Math.round(
        (ACT_EVERY_MS * availableParallelism()) /
          (serverPerAction + perAction(cpu.postgres) + perAction(cpu.generator)),
      )}, with no room left for latency); ` +
      `the server's event loop waited for a core ${cpu.waiting.map((w) => w.toFixed(0)).join('+')}% of the time; ` +
      `other processes on the machine: ${cpu.others.toFixed(0)}% of a core; database connections running a query ` +
      `${backends.active.toFixed(1)}, idle in a transaction ${backends.inTransaction.toFixed(1)}, of ${backends.connections.toFixed(0)}; ` +
      `queries waiting for: ${backends.waits}`,
  );
  console.info(
    `    per action, transactions (each statement outside one counts) and rows written by table (the drain's included): ${result.writes}`,
  );
  for (const [what, count] of Object.entries(result.errorList).slice(0, 8))
    console.info(`    ${count} x ${what}`);
}

function summaryTable(label, results) {
  const cell = (kind) => (r) => {
    const { count, p50, p99 } = r.latency[kind];
    if (count === 0) return '-';
    return `${ms(p50)}/${ms(p99)}${count < MIN_JUDGED ? ` (${count})` : ''}`;
  };
  console.info(`\n${label}`);
  printTable([
    [
      'people',
      'req/s',
      'tick p50/p99',
      'reads p50/p99',
      'photo p50/p99',
      'worst judged p99',
      'errors',
      'delivered/expected',
      'tick→screen p99',
      'CPU % srv/pg/gen/others',
      'load',
      'step',
    ],
    ...results.map((r) => {
      return [
        String(r.people),
        r.rps.toFixed(0),
        cell('tick')(r),
        `${cell('checklist')(r)} ${cell('shared')(r)}`,
        cell('photo')(r),
        `${ms(r.worst.p99)} (${r.worst.kind})`,
        String(r.errors),
        `${r.delivered}/${r.expected}`,
        `${ms(r.deliveryP99)} ms`,
        [
          r.cpu.servers.map((c) => c.toFixed(0)).join('+'),
          ...[r.cpu.postgres, r.cpu.generator, r.cpu.others].map((c) => c.toFixed(0)),
        ].join('/'),
        r.loadAfter.toFixed(1),
        r.passed ? 'passed' : 'FAILED',
      ];
    }),
  ]);
}

async function runWith(instances, context) {
  const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  const servers = [];
  const results = [];
  let workers = [];
  try {
    for (const [i, port] of ports.entries()) {
      // Every instance serves one public origin (as behind a load balancer): the first's address.
      servers.push(
        await startProcess(
          `instance ${i + 1}`,
          [...SERVER_ARGS, context.serverEntry],
          serverEnv(port, context.databaseUrl, context.dataDir, bases[0]),
          `${bases[i]}/healthz`,
        ),
      );
    }
    workers = startWorkers(bases, context.photo, context.databaseUrl);
    const stepContext = { ...context, workers, servers };
    console.info(`\n${instances} instance(s): stepping ${STEPS.join(', ')} people...`);
    let groups = 0;
    for (const step of STEPS) {
      const wanted = Math.ceil(step / PEOPLE_PER_GROUP);
      const started = performance.now();
      await addGroups(workers, context.known, groups, wanted);
      groups = wanted;
      const people = groups * PEOPLE_PER_GROUP;
      console.info(
        `  ${people} people at work (added in ${((performance.now() - started) / 1000).toFixed(0)} s); warming up, then measuring ${STEP_SECONDS} s...`,
      );
      const result = await measureStep(people, stepContext);
      results.push(result);
      printStep(result);
      if (!result.passed && !KEEP_GOING) break;
    }
  } finally {
    await Promise.all(
      workers.map((worker) => ask(worker, { type: 'stop' }, 'stopped').catch(() => undefined)),
    );
    await Promise.all(workers.map((worker) => worker.terminate()));
    for (const server of servers) await stopProcess(server);
  }
  return results;
}

/** A 640x480 JPEG of a few tens of KB, like a phone's photo after the app shrank it. */
function smallPhoto() {
  const [width, height] = [640, 480];
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = ((x + y) * 7 + Math.random() * 40) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 75 })
    .toBuffer();
}

const limits = raiseOpenFilesLimit();
const dataDir = await mkdtemp(path.join(tmpdir(), 'listsync-bench-'));
let bench;
const admin = new pg.Client({ connectionString: serverUrl });
/** A connection to the benchmark's database, for its statistics (not counted among the server's). */
const stats = {
  client: null,
  async connect(connectionString) {
    this.client = new pg.Client({ connectionString, application_name: STATS_CLIENT });
    await this.client.connect();
  },
  query(...args) {
    return this.client.query(...args);
  },
};
try {
  bench = await prepareBench();
  await admin.connect();
  await stats.connect(bench.databaseUrl);
  const range = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
  console.info(
    `Open files: ${limits.soft} (hard ${limits.hard}); the largest step needs about ${limits.needed} in the generator and as many in the server. ` +
      `Ephemeral ports ${range.join('-')} per source address: each person connects from its own 127.1.x.y, so they do not run out.`,
  );
  if (limits.soft < limits.needed) {
    console.warn(
      `  Steps above ${Math.floor((limits.soft - FDS_SPARE) / FDS_PER_PERSON)} people will run out of file descriptors (raise the hard limit: ulimit -Hn).`,
    );
  }
  // The built server through a link of another name: on a shared machine, something that stops
  // stray servers by their command line (pkill -f …dist/server/main.js) stopped ours twice mid-run.
  const serverEntry = path.join(dataDir, 'listsync-load-server.mjs');
  await symlink(path.join(root, 'dist/server/main.js'), serverEntry);
  const context = {
    serverEntry,
    databaseUrl: bench.databaseUrl,
    databaseName: new URL(bench.databaseUrl).pathname.slice(1),
    dataDir,
    admin,
    stats,
    photo: await smallPhoto(),
    known: new Map(),
  };
  console.info(
    `Groups of ${PEOPLE_PER_GROUP} (an owner and three recipients on one 20-task checklist), each person acting every ${ACT_EVERY_MS} ms on average; ` +
      `${WORKERS} generator worker(s), ${WARMUP_SECONDS} s warm-up and ${STEP_SECONDS} s measured per step, on ${availableParallelism()} cores.`,
  );
  const capacities = [];
  for (const instances of INSTANCES) {
    const results = await runWith(instances, context);
    summaryTable(
      `${instances} instance(s), p50/p99 in ms (reads: the owner's checklist, the recipient's shared page)`,
      results,
    );
    const firstFailure = results.findIndex((result) => !result.passed);
    const passed = firstFailure < 0 ? results : results.slice(0, firstFailure);
    capacities.push({
      instances,
      people: passed.at(-1)?.people ?? 0,
      last: results[firstFailure] ?? results.at(-1),
      passed,
    });
  }
  console.info('');
  for (const { instances, people, last, passed } of capacities) {
    const limit =
      last && !last.passed ? `; failed at ${last.people}` : `; every step passed (raise LOAD_STEPS)`;
    const generator = passed.at(-1)?.cpu.generator;
    console.info(
      `Capacity with ${instances} instance(s): ${people} active people (goal >= ${GOALS.people} on one: ${instances === 1 ? (people >= GOALS.people ? 'met' : 'MISSED') : 'n/a'})${limit}` +
        (generator === undefined
          ? ''
          : `; the generator used ${generator.toFixed(0)}% of a core at that step`),
    );
  }
  console.info(
    `Load average (1 min) at the end: ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores (other work on the machine inflates every figure).`,
  );
} finally {
  await admin.end().catch(() => undefined);
  await stats.client?.end().catch(() => undefined);
  await bench?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
