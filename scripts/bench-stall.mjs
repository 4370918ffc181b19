#!/usr/bin/env node
// `npm run bench:stall`: does heavy work stall the server? (issue 30 item 1, docs/decisions/0041)
//
// Builds the server and runs it three times on PostgreSQL (a database of its own, dropped after):
// idle, for the floor this (shared) machine allows; with the heavy work on the event loop
// (WORKER_THREADS=0); and on its worker threads (the default). Each loaded run: an owner (their team
// on the enterprise tier, set in the database) has 5 checklists of 500 long tasks, every task ticked,
// one of 20 tasks that need photos, and one of 200 tasks to share in Spanish. Then, at once: the 5
// reports downloaded, 20 photos uploaded (16 JPEGs of 12 megapixels, 4 HEIC), and the 200-task
// checklist shared in Spanish and read by its verified recipient until its translation has landed
// (a fake LibreTranslate in this process, 100 ms a call). Meanwhile a probe on a thread of its own
// asks GET /healthz every 10 ms. The load's calls carry what the web client sends (the browser's
// headers, the cookies, Origin on writes, an Idempotency-Key on uploads).
// Prints /healthz's p50, p99 and max and the work's times for each run, and the ratio of the two
// loaded runs. Goal with the worker threads: p99 < 50 ms, max < 250 ms. Figures only: nothing is
// asserted. DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test).
// BENCH_SERVER_ARGS adds node flags to the server (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof');
// BENCH_ONLY=threads skips the run on the event loop.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import sharp from 'sharp';
import {
  browserHeaders,
  cookieOf,
  freePort,
  percentile,
  prepareBench,
  printTable,
  root,
  serverEnv,
  startProcess,
  stopProcess,
} from './bench-support.mjs';

const REPORTS = 5;
const REPORT_TASKS = 500;
const JPEG_PHOTOS = 16;
const HEIC_PHOTOS = 4;
const TRANSLATED_TASKS = 200;
const PROBE_EVERY_MS = 10;
const IDLE_SECONDS = 10;
const GOAL = { p99: 50, max: 250 };

/** LibreTranslate as the server calls it: its language list, and each batch after 100 ms. */
async function fakeLibreTranslate() {
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const answer = (body) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/languages') {
      return answer(['en', 'es'].map((code) => ({ code, name: code, targets: ['en', 'es'] })));
    }
    const { q } = JSON.parse(Buffer.concat(chunks).toString());
    setTimeout(() => answer({ translatedText: q.map((text) => `[es] ${text}`) }), 100);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** A camera-like 12-megapixel JPEG under the 5 MB limit (noise, so it compresses like a photo). */
async function cameraJpeg() {
  const [width, height] = [4000, 3000];
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = (i % 251) + ((seed >> 16) & 31);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** Calls the API as the web client does from `page`; fails unless the answer is 2xx. */
function client(base, page, cookie) {
  const headers = () => ({
    ...browserHeaders(base, page),
    ...(cookie.value ? { cookie: cookie.value } : {}),
  });
  return async (method, url, body, extra = {}) => {
    const write = method !== 'GET';
    const response = await fetch(new URL(url, base), {
      method,
      headers: {
        ...headers(),
        ...(write ? { origin: base } : {}),
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...extra,
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    return response;
  };
}

async function ok(response) {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return response;
}

const key = () => randomBytes(12).toString('hex');
const words = 'Wipe every surface, check behind the door and under the sink, and photograph the result. ';

/** The owner, their checklists (the large ones ticked, as the offline queue sends ticks). */
async function seed(base, databaseUrl, label) {
  const cookie = { value: null };
  const owner = client(base, '/dashboard', cookie);
  const login = await ok(
    await owner('POST', '/api/dev/login', { email: `${label}@example.com`, displayName: 'Bench Owner' }),
  );
  cookie.value = cookieOf(login, 'listsync_session');
  const { user } = await login.json();
  // The team a first sign-in makes has the user's id (docs/teams.md); its tier sets the plan.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`update teams set tier = 'enterprise', manual_tier = 'enterprise' where id = $1`, [
      user.uid,
    ]);
  } finally {
    await db.end();
  }
  const create = async (name, count, task) =>
    (
      await ok(
        await owner('POST', '/api/checklists', {
          name,
          tasks: Array.from({ length: count }, (_, i) => task(i)),
        }),
      )
    ).json();
  const large = [];
  for (let n = 1; n <= REPORTS; n += 1) {
    large.push(
      await create(`Turnover ${n}: ${REPORT_TASKS} long tasks`, REPORT_TASKS, (i) => ({
        description: `Task ${i + 1}. ${words.repeat(12)}`.slice(0, 1000),
        details: words.repeat(7).slice(0, 600),
        photoRequired: false,
      })),
    );
  }
  // Seeding only, so without the Idempotency-Key the web client sends: each tick's kept answer would be
  // its whole checklist (about 1 MB), 2,500 of them for the server to write before the load.
  const ticks = large.flatMap((checklist) => checklist.tasks.map((task) => [checklist.id, task.id]));
  await inTurns(ticks, 8, async ([checklistId, taskId]) => {
    await ok(
      await owner('PATCH', `/api/checklists/${checklistId}/tasks/${taskId}`, {
        completed: true,
        changedAt: new Date().toISOString(),
      }),
    );
  });
  const photos = await create('Photos', JPEG_PHOTOS + HEIC_PHOTOS, (i) => ({
    description: `Photo ${i + 1}`,
    photoRequired: true,
  }));
  const translated = await create('Para traducir', TRANSLATED_TASKS, (i) => ({
    description: `Task ${i + 1}: ${words}`,
    details: `Details of task ${i + 1}: ${words}`,
    photoRequired: false,
  }));
  return { owner, large, photos, translated };
}

/** Runs `work` on each item, `width` at a time. */
async function inTurns(items, width, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * A thread of its own asking GET /healthz every PROBE_EVERY_MS (its first answers, while its fetch
 * warms up, not counted); resolves once it measures. `stop()` answers the latencies (ms) and the
 * calls over 100 ms with when they were asked, from the start.
 */
async function probe(base) {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const get = async () => { const r = await fetch(workerData.url); await r.arrayBuffer(); return r.ok; };
    const latencies = []; const slow = []; let stopped = false; let failed = 0;
    parentPort.on('message', () => { stopped = true; });
    (async () => {
      for (let n = 0; n < 20; n++) await get();
      const begun = performance.now();
      parentPort.postMessage('measuring');
      while (!stopped) {
        const started = performance.now();
        try { if (!(await get())) failed++; } catch { failed++; }
        const took = performance.now() - started;
        latencies.push(took);
        if (took > 100) slow.push([Math.round(started - begun), Math.round(took)]);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, workerData.every - took)));
      }
      parentPort.postMessage({ latencies, failed, slow });
    })();`;
  const worker = new Worker(source, {
    eval: true,
    workerData: { url: `${base}/healthz`, every: PROBE_EVERY_MS },
  });
  const messages = [];
  const next = () => new Promise((resolve) => worker.once('message', resolve));
  messages.push(next());
  await messages[0];
  const done = next();
  return {
    stop: async () => {
      worker.postMessage('stop');
      const result = await done;
      await worker.terminate();
      return result;
    },
  };
}

/** One call's time and status. */
async function timed(call) {
  const started = performance.now();
  const response = await call();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** The shared checklist in Spanish, verified and read until the translation has landed. */
async function translation(base, seeded) {
  const started = performance.now();
  const sent = await (
    await ok(
      await seeded.owner('POST', '/api/verification/send', {
        consent: true,
        checklistId: seeded.translated.id,
        email: 'cleaner@example.com',
        recipientName: 'Cleaner',
        targetLanguage: 'es',
      }),
    )
  ).json();
  const cookie = { value: null };
  const recipient = client(base, `/shared/checklist/${sent.token}`, cookie);
  const verified = await ok(
    await recipient('POST', '/api/verification/verify', { token: sent.token, code: sent.verificationCode }),
  );
  cookie.value = cookieOf(verified, 'listsync_recipient');
  for (;;) {
    const page = await (
      await ok(
        await recipient('GET', `/api/shared/checklist?token=${encodeURIComponent(sent.token)}&lang=es`),
      )
    ).json();
    if (page.translated && !page.translationNote) return { ms: performance.now() - started, status: 200 };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function load(base, seeded, files) {
  const reports = seeded.large.map((checklist) =>
    timed(() => seeded.owner('GET', `/api/checklists/${checklist.id}/report.pdf`)),
  );
  const uploads = seeded.photos.tasks.map((task, index) => {
    const heic = index >= JPEG_PHOTOS;
    const form = new FormData();
    form.append(
      'photo',
      new Blob([heic ? files.heic : files.jpeg], { type: heic ? 'image/heic' : 'image/jpeg' }),
      heic ? 'IMG.HEIC' : 'IMG.jpg',
    );
    return timed(() =>
      seeded.owner('POST', `/api/checklists/${seeded.photos.id}/tasks/${task.id}/photo`, form, {
        accept: 'application/json',
        'idempotency-key': key(),
      }),
    );
  });
  const [reportTimes, uploadTimes, translated] = await Promise.all([
    Promise.all(reports),
    Promise.all(uploads),
    translation(base, seeded),
  ]);
  return { reportTimes, uploadTimes, translated };
}

const METRICS_TOKEN = randomBytes(24).toString('hex');

/**
 * Waits until the server has written what the seeding left queued: a tick's kept answer is its whole
 * checklist (about 1 MB here), and 2,500 of them take the writer a while; the load starts after.
 */
async function quiet(base) {
  for (;;) {
    const response = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
    const text = await response.text();
    const size = (queue) => Number(new RegExp(`queue="${queue}"} (\\d+)`).exec(text)?.[1] ?? 0);
    if (size('idempotent_answers') === 0 && size('change_notices') === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The server as the benchmark runs it: local mode on the benchmark's database, our fake translator. */
async function startServer(context, env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'listsync-stall-'));
  const server = await startProcess(
    'server',
    [...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? []), 'dist/server/main.js'],
    {
      ...serverEnv(port, context.databaseUrl, dataDir, base),
      LIBRETRANSLATE_URL: context.translator.url,
      METRICS_TOKEN,
      ...env,
    },
    `${base}/healthz`,
  );
  return {
    base,
    stop: async (label) => {
      const stopping = performance.now();
      await stopProcess(server);
      console.info(`${label}: the server stopped in ${ms(performance.now() - stopping)}`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** /healthz alone on a server with nothing else to do: what the machine itself allows (it is shared). */
async function idlePhase(label, context) {
  const server = await startServer(context, {});
  try {
    console.info(`${label}: /healthz every ${PROBE_EVERY_MS} ms for ${IDLE_SECONDS} s, nothing else...`);
    const load1 = loadavg()[0];
    const prober = await probe(server.base);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    return { label, load: load1, health: await prober.stop() };
  } finally {
    await server.stop(label);
  }
}

async function phase(run, label, env, context) {
  const server = await startServer(context, env);
  const { base } = server;
  try {
    console.info(
      `${label}: seeding ${REPORTS} checklists of ${REPORT_TASKS} long tasks, every task ticked...`,
    );
    const seeded = await seed(base, context.databaseUrl, `stall-${run}`);
    await quiet(base);
    console.info(
      `${label}: ${REPORTS} reports, ${JPEG_PHOTOS + HEIC_PHOTOS} photos and a translation at once, /healthz every ${PROBE_EVERY_MS} ms...`,
    );
    const load1 = loadavg()[0];
    // A second with nothing to do: the seeding's last work (and, in a profile, its samples) ends first.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const prober = await probe(base);
    const started = performance.now();
    const work = await load(base, seeded, context.files);
    const wallMs = performance.now() - started;
    const health = await prober.stop();
    return { label, load: load1, wallMs, ...work, health };
  } finally {
    await server.stop(label);
  }
}

const ms = (value) => `${Math.round(value)} ms`;
const statuses = (times) => {
  const counts = {};
  for (const { status } of times) counts[status] = (counts[status] ?? 0) + 1;
  return Object.entries(counts)
    .map(([status, count]) => `${count}×${status}`)
    .join(' ');
};

const latest = (times) => (times ? `${ms(Math.max(...times.map((t) => t.ms)))} ${statuses(times)}` : '');

function report(results) {
  const rows = [
    ['', 'healthz n', 'p50', 'p99', 'max', 'reports (last)', 'photos (last)', 'translation', 'all', 'load'],
  ];
  for (const r of results) {
    const sorted = [...r.health.latencies].sort((a, b) => a - b);
    r.p99 = percentile(sorted, 99);
    r.max = sorted.at(-1);
    rows.push([
      r.label,
      `${sorted.length}${r.health.failed ? ` (${r.health.failed} failed)` : ''}`,
      ms(percentile(sorted, 50)),
      ms(r.p99),
      ms(r.max),
      latest(r.reportTimes),
      latest(r.uploadTimes),
      r.translated ? ms(r.translated.ms) : '',
      r.wallMs ? ms(r.wallMs) : '',
      r.load.toFixed(1),
    ]);
  }
  printTable(rows);
  for (const r of results) {
    const slow = r.health.slow.map(([at, took]) => `${took} ms at +${(at / 1000).toFixed(1)} s`);
    if (slow.length > 0) console.info(`${r.label}: /healthz over 100 ms: ${slow.join(', ')}`);
  }
  const inline = results.find((r) => r.run === 'loop');
  const threads = results.find((r) => r.run === 'threads');
  if (inline) {
    console.info(
      `/healthz on the loop ÷ on threads: p99 ${(inline.p99 / threads.p99).toFixed(1)}x, max ${(inline.max / threads.max).toFixed(1)}x`,
    );
  }
  const verdict = (ok) => (ok ? 'met' : 'MISSED');
  console.info(
    `goal with worker threads: p99 < ${GOAL.p99} ms: ${ms(threads.p99)} (${verdict(threads.p99 < GOAL.p99)}); max < ${GOAL.max} ms: ${ms(threads.max)} (${verdict(threads.max < GOAL.max)})`,
  );
}

let bench;
let translator;
try {
  bench = await prepareBench();
  translator = await fakeLibreTranslate();
  const files = {
    jpeg: await cameraJpeg(),
    heic: await readFile(path.join(root, 'tests/fixtures/photo.heic')),
  };
  const context = { databaseUrl: bench.databaseUrl, translator, files };
  const results = [{ run: 'idle', ...(await idlePhase('idle server (the floor)', context)) }];
  if (process.env.BENCH_ONLY !== 'threads') {
    const label = 'on the event loop (WORKER_THREADS=0)';
    results.push({ run: 'loop', ...(await phase('loop', label, { WORKER_THREADS: '0' }, context)) });
  }
  results.push({ run: 'threads', ...(await phase('threads', 'on worker threads (default)', {}, context)) });
  report(results);
} finally {
  translator?.close();
  await bench?.drop();
}
