#!/usr/bin/env node
// `npm run bench:api`: the checklist API under load, beside a bare Fastify hello-world as the ceiling.
//
// Builds the server, starts it on PostgreSQL (a database of its own, created here and dropped after),
// seeds an owner with 50 checklists, one of them with 50 tasks, then runs autocannon (50 connections,
// BENCH_SECONDS each, after a short warm-up) against: the hello-world, GET /api/checklists,
// GET /api/checklists/{id} and PATCH of a task (each connection ticks and unticks its own task).
// Prints req/s, p50 and p99 and each ratio to the ceiling, and the goals of issue 3. Figures only:
// nothing is asserted. DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test).
// BENCH_SECONDS, BENCH_CONNECTIONS change the load; BENCH_ONLY=health,list,get,patch picks endpoints; BENCH_SERVER_ARGS adds node flags to the server
// (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  api,
  cookieOf,
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

const GOALS = { getOneRatio: 0.3, patchRatio: 0.15, p99Ms: 25 };

const HELLO_WORLD = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** An owner on the enterprise tier (raised in the database: the server's limits stay as they are). */
async function seed(base, databaseUrl) {
  const login = await api(base, null, 'POST', '/api/dev/login', {
    email: 'bench@example.com',
    displayName: 'Bench Owner',
  });
  const cookie = cookieOf(login, 'listsync_session');
  const { user } = await login.json();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`update users set tier = 'enterprise' where id = $1`, [user.uid]);
  await db.end();

  const task = (i) => ({
    description: `Task ${i + 1}: check and photograph`,
    details: 'Look behind the sofa.',
    photoRequired: i % 3 === 0,
  });
  const big = await (
    await api(base, cookie, 'POST', '/api/checklists', {
      name: 'Turnover: Beach House (50 tasks)',
      tasks: Array.from({ length: TASKS_IN_BIG_ONE }, (_, i) => task(i)),
    })
  ).json();
  for (let n = 1; n < CHECKLISTS; n += 1) {
    await api(base, cookie, 'POST', '/api/checklists', {
      name: `Checklist ${n}`,
      tasks: Array.from({ length: 5 }, (_, i) => task(i)),
    });
  }
  return { cookie, big };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, pipelining: 1, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function measure(label, options) {
  await cannon({ ...options, duration: 2 }); // warm-up: JIT, pools, caches
  const result = await cannon({ ...options, duration: seconds });
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'listsync-bench-'));
let server;
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
  hello = await startProcess(
    'hello-world',
    ['--input-type=module', '-e', HELLO_WORLD],
    { PORT: String(helloPort) },
    `http://127.0.0.1:${helloPort}/`,
  );

  console.info(`Seeding ${CHECKLISTS} checklists (one of ${TASKS_IN_BIG_ONE} tasks)...`);
  const { cookie, big } = await seed(base, databaseUrl);
  const headers = { cookie };

  console.info(`Measuring: ${connections} connections, ${seconds} s each (after a 2 s warm-up)...`);
  let nextClient = 0;
  const targets = {
    // Not a goal: the app's own floor (every hook, no database), to tell framework cost from query cost.
    health: ['GET /healthz (no database)', { url: `${base}/healthz` }],
    list: [`GET /api/checklists (${CHECKLISTS})`, { url: `${base}/api/checklists`, headers }],
    get: [
      `GET /api/checklists/{id} (${TASKS_IN_BIG_ONE} tasks)`,
      { url: `${base}/api/checklists/${big.id}`, headers },
    ],
    patch: [
      'PATCH /api/checklists/{id}/tasks/{taskId}',
      {
        url: base,
        headers: { ...headers, 'content-type': 'application/json' },
        requests: [
          {
            method: 'PATCH',
            // Each connection ticks and unticks its own task of the big checklist, in turn.
            setupRequest: (request, context) => {
              if (context.task === undefined) {
                context.task = big.tasks[nextClient % big.tasks.length].id;
                nextClient += 1;
                context.completed = false;
              }
              context.completed = !context.completed;
              return {
                ...request,
                path: `/api/checklists/${big.id}/tasks/${context.task}`,
                body: JSON.stringify({ completed: context.completed }),
              };
            },
          },
        ],
      },
    ],
  };
  const only = process.env.BENCH_ONLY?.split(',');
  const results = {
    ceiling: await measure('hello-world (ceiling)', { url: `http://127.0.0.1:${helloPort}/` }),
  };
  for (const [key, [label, options]] of Object.entries(targets)) {
    if (!only || only.includes(key)) results[key] = await measure(label, options);
  }

  const ceiling = results.ceiling.rps;
  const ratio = (r) => r.rps / ceiling;
  const table = [
    ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'of ceiling', 'errors'],
    ...Object.values(results).map((r) => [
      r.label,
      String(Math.round(r.rps)),
      String(r.p50),
      String(r.p99),
      `${(ratio(r) * 100).toFixed(1)}%`,
      String(r.errors),
    ]),
  ];
  printTable(table);
  const verdict = (ok) => (ok ? 'met' : 'MISSED');
  const { list, get, patch } = results;
  if (get) {
    console.info(
      `GET one >= ${GOALS.getOneRatio * 100}% of the ceiling: ${(ratio(get) * 100).toFixed(1)}% (${verdict(ratio(get) >= GOALS.getOneRatio)})`,
    );
  }
  if (patch) {
    console.info(
      `PATCH >= ${GOALS.patchRatio * 100}% of the ceiling: ${(ratio(patch) * 100).toFixed(1)}% (${verdict(ratio(patch) >= GOALS.patchRatio)})`,
    );
  }
  const measured = [list, get, patch].filter(Boolean);
  console.info(
    `p99 < ${GOALS.p99Ms} ms: ${measured.map((r) => `${r.p99} ms`).join(', ')} (${verdict(measured.every((r) => r.p99 < GOALS.p99Ms))})`,
  );
} finally {
  // Let the server finish the last requests autocannon abandoned before it closes its database pool.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await stopProcess(hello);
  await stopProcess(server);
  await bench?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
