#!/usr/bin/env node
// `npm run bench:scale`: one large team as the web client sees it (issue 35, deliverable 4; docs/performance.md
// "A large team"). Builds the app, makes a PostgreSQL database of its own (dropped after) on DATABASE_URL's
// server, starts the built server on it, signs in (dev login), seeds the signed-in owner's team with
// BENCH_CHECKLISTS checklists (10,000) and 100 trail entries each (scripts/bench-scale-seed.mjs), then asks,
// one request at a time, with the browser's headers and the session cookie:
//   list, first page     GET /api/checklists?userId=&limit=50, the dashboard's first read: answered from the
//                        instance's cache (unchanged list) and read afresh (a checklist on the page changed
//                        before each request)
//   list, next page      the page the `Link: rel="next"` header names
//   list, unpaged        GET /api/checklists?userId= as a client that sends no paging parameters
//   counters             GET /api/dashboard/stats?timeZone=Europe/Paris
//   insights, 90 days    GET /api/insights?from=&to= (and insights.csv)
//   export               GET /api/checklists/export.csv read slowly (BENCH_EXPORT_KIB_PER_S, 256 KiB/s),
//                        the server's RSS sampled every 50 ms while it streams
// Prints p50/p95/p99 of the time from sending the request to the answer's last byte on the loopback (the
// server's time plus a loopback round trip), bytes on the wire (compressed), the server's RSS, the 1-minute
// load average beside each figure. BENCH_PAGE=1 also opens /dashboard in Chromium and times the first row
// and the 'Show more' button. BENCH_ONLY=insights measures only the rows whose label starts with it (no export).
// Figures only: nothing is asserted.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedTeam } from './bench-scale-seed.mjs';
import {
  api,
  browserHeaders,
  CHROMIUM_ARGS,
  enterpriseOwner,
  freePort,
  percentile,
  printTable,
  run,
  serverEnv,
  serverUrl,
  startProcess,
  stopProcess,
  withAdmin,
} from './bench-support.mjs';

const CHECKLISTS = Number(process.env.BENCH_CHECKLISTS || 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 100);
const PAGE = 50;
const EXPORT_BYTES_PER_S = Number(process.env.BENCH_EXPORT_KIB_PER_S || 256) * 1024;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const load = () => loadavg()[0].toFixed(1);

/** One request as the browser sends it: the time to the last byte, bytes on the wire, status, headers. */
function request(url, headers, onChunk) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get(url, { headers, agent }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
        onChunk?.(response, chunk);
      });
      response.on('end', () =>
        resolve({
          ms: performance.now() - start,
          bytes,
          status: response.statusCode,
          headers: response.headers,
        }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The server's resident set, in MiB (Linux). */
async function rssOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The next page's address from a `Link` header, if any. */
function nextLink(link) {
  return link ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] : undefined;
}

async function measure(label, url, headers, { samples = SAMPLES, before } = {}) {
  const times = [];
  let last;
  for (let i = 0; i < samples + 3; i += 1) {
    if (before) await before(i);
    last = await request(url, headers);
    if (last.status !== 200) throw new Error(`${label}: ${last.status}`);
    if (i >= 3) times.push(last.ms); // three warm-up requests
  }
  times.sort((a, b) => a - b);
  return { label, times, last, load: load() };
}

function row({ label, times, last, load: at }) {
  const ms = (p) => percentile(times, p).toFixed(1);
  return [label, String(times.length), ms(50), ms(95), ms(99), String(last.bytes), at];
}

/** Reads the export at `bytesPerS`, sampling the server's RSS; answers the time, bytes and RSS growth. */
async function slowExport(url, headers, pid, bytesPerS = EXPORT_BYTES_PER_S) {
  const before = await rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    rssOf(pid).then(
      (rss) => {
        peak = Math.max(peak, rss);
      },
      () => {},
    );
  }, 50);
  let received = 0;
  const started = performance.now();
  const result = await request(url, headers, (response, chunk) => {
    received += chunk.length;
    const due = (received / bytesPerS) * 1000 - (performance.now() - started);
    if (due > 5) {
      response.pause();
      setTimeout(() => response.resume(), due);
    }
  });
  clearInterval(sampler);
  return { ...result, before, peak, after: await rssOf(pid) };
}

/** The export read slowly and at once: its time and the server's RSS while it streams. */
async function exportFigures(base, dashboard, pid, rssAtStart) {
  const exported = await slowExport(`${base}/api/checklists/export.csv`, dashboard, pid);
  console.info(
    `export.csv at ${EXPORT_BYTES_PER_S / 1024} KiB/s: ${exported.bytes} bytes in ${(exported.ms / 1000).toFixed(1)} s; ` +
      `server RSS ${exported.before.toFixed(0)} -> peak ${exported.peak.toFixed(0)} -> ${exported.after.toFixed(0)} MiB ` +
      `(growth ${(exported.peak - exported.before).toFixed(1)} MiB; load ${load()})`,
  );
  const fast = await slowExport(
    `${base}/api/checklists/export.csv`,
    dashboard,
    pid,
    Number.POSITIVE_INFINITY,
  );
  console.info(
    `export.csv read at once: ${(fast.ms / 1000).toFixed(2)} s; RSS ${fast.before.toFixed(0)} -> peak ${fast.peak.toFixed(0)} MiB`,
  );
  console.info(
    `server RSS: at start ${rssAtStart.toFixed(0)} MiB, at the end ${(await rssOf(pid)).toFixed(0)} MiB`,
  );
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'listsync-scale-'));
// BENCH_REUSE=<database>: a database this script seeded before (kept by BENCH_KEEP=1): no new seed.
const reuse = process.env.BENCH_REUSE;
const dbName = reuse || `ls_bench_scale_${Date.now().toString(36)}`;
let server;
let db;
try {
  if (process.env.BENCH_NO_BUILD !== '1') {
    console.info('Building...');
    await run(process.execPath, [
      'scripts/build.mjs',
      ...(process.env.BENCH_PAGE === '1' ? [] : ['--server']),
    ]);
  }
  if (!reuse) await withAdmin((client) => client.query(`CREATE DATABASE ${dbName}`));
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.href;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = await startProcess(
    'server',
    ['dist/server/main.js'],
    serverEnv(port, databaseUrl, dataDir, base),
    `${base}/healthz`,
  );
  const { cookie, user } = await enterpriseOwner(base, databaseUrl, 'scale-owner@example.com');
  const rssAtStart = await rssOf(server.pid);

  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const seedStart = performance.now();
  const counts = reuse
    ? (await db.query('select count(*)::int as checklists from checklists')).rows[0]
    : await seedTeam(db, { teamId: user.uid, ownerId: user.uid, checklists: CHECKLISTS });
  console.info(
    `Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ${counts.checklists} checklists, ` +
      `${counts.tasks} tasks, ${counts.activity} trail entries in one team, insights summaries of ` +
      `${counts.summaries} checklists (${counts.summary_tasks} tasks) (load ${load()})`,
  );

  const dashboard = { ...browserHeaders(base, '/dashboard'), cookie };
  const insightsPage = { ...browserHeaders(base, '/insights'), cookie };
  const uid = encodeURIComponent(user.uid);
  const firstPage = `${base}/api/checklists?userId=${uid}&limit=${PAGE}`;
  const first = await request(firstPage, dashboard);
  const next = nextLink(first.headers.link);
  // A checklist on the first page changes before each request: the list is read afresh every time.
  const { rows: newest } = await db.query(
    `select id from checklists where team_id = $1 order by created_at desc, id desc limit 1`,
    [user.uid],
  );
  const bump = () => db.query('update checklists set revision = revision + 1 where id = $1', [newest[0].id]);
  const to = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const from = new Date(Date.parse(`${to}T12:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);

  console.info(`Measuring, one request at a time, ${SAMPLES} samples each (after 3 warm-up requests)...`);
  const plan = [
    ['list, first page (cached)', firstPage, dashboard],
    ['list, first page (read afresh)', firstPage, dashboard, { before: bump }],
    ...(next ? [['list, next page (Link)', new URL(next, base).href, dashboard]] : []),
    ['list, unpaged (all)', `${base}/api/checklists?userId=${uid}`, dashboard, { samples: 20 }],
    [
      'list, unpaged (read afresh)',
      `${base}/api/checklists?userId=${uid}`,
      dashboard,
      { samples: 20, before: bump },
    ],
    ['counters', `${base}/api/dashboard/stats?timeZone=Europe%2FParis`, dashboard],
    ['insights, 90 days', `${base}/api/insights?from=${from}&to=${to}`, insightsPage, { samples: 20 }],
    ['insights.csv, 90 days', `${base}/api/insights.csv?from=${from}&to=${to}`, insightsPage, { samples: 5 }],
  ];
  const table = [['request', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'bytes', 'load']];
  const only = process.env.BENCH_ONLY;
  for (const [label, url, headers, options] of plan) {
    if (only && !label.startsWith(only)) continue;
    table.push(row(await measure(label, url, headers, options)));
  }
  printTable(table);
  console.info(
    `first page: ${first.headers.link ? 'Link header, ' : 'no Link header, '}${first.bytes} bytes`,
  );

  if (!only) await exportFigures(base, dashboard, server.pid, rssAtStart);
  if (process.env.BENCH_PAGE === '1') {
    const { timePage } = await import('./bench-scale-page.mjs');
    await timePage(base, cookie, CHROMIUM_ARGS);
  }
  await api(base, cookie, 'GET', '/healthz');
} finally {
  // Closed before the database is dropped (a forced drop would end it with an error).
  await db?.end().catch(() => {});
  await stopProcess(server);
  if (process.env.BENCH_KEEP === '1') console.info(`Kept the database ${dbName} (BENCH_REUSE=${dbName})`);
  else
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)).catch(
      () => {},
    );
  await rm(dataDir, { recursive: true, force: true });
}
