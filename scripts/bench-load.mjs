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
// asserted. LOAD_SERVER_ARGS adds node flags to the servers (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof').
// DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
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
const SERVER_ARGS = process.env.LOAD_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
/** After the window, how long a tick made at its end has to reach every screen. */
const DRAIN_SECONDS = 3;
const PEOPLE_PER_GROUP = 4;
const GOALS = { p99Ms: 100, people: 5_000 };
/** Sockets per person in each process (one WebSocket, one HTTP connection), and some to spare. */
const FDS_PER_PERSON = 2;
const FDS_SPARE = 500;

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

async function cpuSnapshot(admin, databaseName, servers) {
  const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [databaseName]);
  const backends = new Map(rows.map(({ pid }) => [pid, cpuSecondsOf(pid)]));
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    servers: servers.map((server) => cpuSecondsOf(server.pid)),
    backends,
    generator: (usage.user + usage.system) / 1e6,
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
  return {
    servers: after.servers.map((end, i) => percent(end - before.servers[i])),
    postgres: percent(backends),
    generator: percent(after.generator - before.generator),
  };
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
}

function merge(reports) {
  const merged = {
    latencies: {},
    requests: 0,
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
    for (const key of ['requests', 'expected', 'delivered', 'undelivered', 'wsMessages', 'wsBytes']) {
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

async function measureStep(people, context) {
  const { workers, admin, databaseName, servers } = context;
  await sleep(WARMUP_SECONDS * 1000);
  const load = loadavg()[0];
  const before = await cpuSnapshot(admin, databaseName, servers);
  for (const worker of workers) worker.postMessage({ type: 'measure', on: true });
  await sleep(STEP_SECONDS * 1000);
  for (const worker of workers) worker.postMessage({ type: 'measure', on: false });
  const after = await cpuSnapshot(admin, databaseName, servers);
  await sleep(DRAIN_SECONDS * 1000);
  const reports = await Promise.all(workers.map((worker) => ask(worker, { type: 'report' }, 'report')));
  const figures = merge(reports.map((reply) => reply.figures));
  const latency = {};
  for (const kind of KINDS) {
    const sorted = (figures.latencies[kind] ?? []).sort((a, b) => a - b);
    latency[kind] = { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  }
  const delivery = figures.deliveryMs.sort((a, b) => a - b);
  const errors = Object.values(figures.errors).reduce((sum, count) => sum + count, 0);
  const worst = Math.max(...Object.values(latency).map((kind) => (kind.count > 0 ? kind.p99 : 0)));
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
    cpu: cpuBetween(before, after),
    loadBefore: load,
    loadAfter: loadavg()[0],
    passed: worst <= GOALS.p99Ms && errors === 0 && figures.undelivered === 0 && figures.expected > 0,
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
  for (const [what, count] of Object.entries(result.errorList).slice(0, 8))
    console.info(`    ${count} x ${what}`);
}

function summaryTable(label, results) {
  const cell = (kind) => (r) =>
    r.latency[kind].count > 0 ? `${ms(r.latency[kind].p50)}/${ms(r.latency[kind].p99)}` : '-';
  const worstKind = (r) =>
    KINDS.reduce(
      (worst, kind) =>
        r.latency[kind].count > 0 && r.latency[kind].p99 > (r.latency[worst]?.p99 ?? -1) ? kind : worst,
      KINDS[0],
    );
  console.info(`\n${label}`);
  printTable([
    [
      'people',
      'req/s',
      'tick p50/p99',
      'reads p50/p99',
      'photo p50/p99',
      'worst p99',
      'errors',
      'delivered/expected',
      'tick→screen p99',
      'CPU srv/pg/gen %',
      'load',
      'step',
    ],
    ...results.map((r) => {
      const reads = ['checklist', 'shared'].map((kind) => r.latency[kind]).filter((kind) => kind.count > 0);
      return [
        String(r.people),
        r.rps.toFixed(0),
        cell('tick')(r),
        reads.map((kind) => `${ms(kind.p50)}/${ms(kind.p99)}`).join(' '),
        cell('photo')(r),
        `${ms(r.worst)} (${worstKind(r)})`,
        String(r.errors),
        `${r.delivered}/${r.expected}`,
        `${ms(r.deliveryP99)} ms`,
        `${r.cpu.servers.map((c) => c.toFixed(0)).join('+')}/${r.cpu.postgres.toFixed(0)}/${r.cpu.generator.toFixed(0)}`,
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
          [...SERVER_ARGS, 'dist/server/main.js'],
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
      if (!result.passed) break;
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
try {
  bench = await prepareBench();
  await admin.connect();
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
  const context = {
    databaseUrl: bench.databaseUrl,
    databaseName: new URL(bench.databaseUrl).pathname.slice(1),
    dataDir,
    admin,
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
    const passed = results.filter((result) => result.passed);
    capacities.push({ instances, people: passed.at(-1)?.people ?? 0, last: results.at(-1), passed });
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
  await bench?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
