#!/usr/bin/env node
// `npm run bench:realtime`: realtime fan-out under load (issue 6). Builds the server, starts it on
// PostgreSQL (a database of its own, created here and dropped after), opens BENCH_SUBSCRIBERS (1,000)
// WebSocket subscribers on one 20-task checklist (half as the owner, half as a verified recipient),
// then makes BENCH_TICKS (100) ticks through the API, each BENCH_TICK_INTERVAL_MS (50 ms) after the
// previous one's answer, never waiting for deliveries. Each tick is timed from just before its PATCH is
// sent to the moment each subscriber receives the first update showing it (same process, same clock). Run twice: one
// instance, then two instances on one database with the subscribers split across both and the ticks
// made through the first. Prints delivered/expected (each tick's own revision; under a burst an instance
// may send a later revision instead, which is counted apart as "seen") and p50/p99 to the first update
// showing the tick; goals: 100% delivered, p99 < 100 ms.
// Figures only: nothing is asserted. DATABASE_URL names the PostgreSQL server
// (default postgres://postgres@127.0.0.1:5432/test).
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import {
  api,
  cookieOf,
  freePort,
  percentile,
  prepareBench,
  serverEnv,
  startProcess,
  stopProcess,
} from './bench-support.mjs';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS || 1_000);
const TICKS = Number(process.env.BENCH_TICKS || 100);
const TICK_INTERVAL_MS = Number(process.env.BENCH_TICK_INTERVAL_MS || 50);
const TASKS = 20;
const GOALS = { delivered: 1, p99Ms: 100 };

/** An owner, a 20-task checklist, and a browser verified as a recipient of it. */
async function seed(base) {
  const login = await api(base, null, 'POST', '/api/dev/login', {
    email: 'bench-realtime@example.com',
    displayName: 'Bench Owner',
  });
  const owner = cookieOf(login, 'listsync_session');
  const checklist = await (
    await api(base, owner, 'POST', '/api/checklists', {
      name: 'Turnover: Beach House',
      tasks: Array.from({ length: TASKS }, (_, i) => ({
        description: `Task ${i + 1}`,
        photoRequired: false,
      })),
    })
  ).json();
  const sent = await (
    await api(base, owner, 'POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      email: 'cleaner@example.com',
      recipientName: 'Cleaner',
    })
  ).json();
  const verified = await api(base, null, 'POST', '/api/verification/verify', {
    token: sent.token,
    code: sent.verificationCode,
  });
  return {
    owner,
    recipient: cookieOf(verified, 'listsync_recipient'),
    checklist,
    completed: checklist.tasks.map(() => false),
  };
}

/**
 * The n-th subscriber's own loopback address: SOCKETS_PER_ADDRESS subscribers share one, as the tabs
 * and devices of one office share its address. One address may hold 120 sockets on an instance and
 * open 240 a minute (REALTIME_LIMITS, decision 0020); this bench opens every subscriber twice
 * within a minute (one instance, then two).
 */
const SOCKETS_PER_ADDRESS = 50;
const addressOf = (n) => `127.0.2.${1 + Math.floor(n / SOCKETS_PER_ADDRESS)}`;

/** Opens one subscriber; resolves with its record once subscribed. */
function subscribe(url, origin, cookie, checklistId, localAddress) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie, origin }, localAddress });
    const subscriber = { ws, baseRevision: null, received: new Map() };
    ws.once('error', reject);
    ws.on('message', (data) => {
      const arrived = performance.now();
      // Only the type and the revision are needed, and both come first: the checklist is not read.
      const text = data.subarray(0, 160).toString();
      const revision = Number(/"revision":(\d+)/.exec(text)?.[1]);
      if (text.startsWith('{"type":"update"')) subscriber.received.set(revision, arrived);
      else if (text.includes('"type":"subscribed"')) {
        subscriber.baseRevision = revision;
        resolve(subscriber);
      } else if (text.includes('"type":"error"')) reject(new Error(`refused: ${text}`));
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'subscribe', checklistId })));
  });
}

async function openSubscribers(bases, seeded) {
  const subscribers = [];
  const batch = 100;
  for (let start = 0; start < SUBSCRIBERS; start += batch) {
    const opening = [];
    for (let i = start; i < Math.min(start + batch, SUBSCRIBERS); i += 1) {
      const base = bases[i % bases.length];
      const url = `${base.replace('http', 'ws')}/ws`;
      const cookie = i % 2 === 0 ? seeded.owner : seeded.recipient;
      opening.push(subscribe(url, bases[0], cookie, seeded.checklist.id, addressOf(i)));
    }
    subscribers.push(...(await Promise.all(opening)));
  }
  return subscribers;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ticks through `tickBase`; answers delivered, expected and the latencies. */
async function measure(label, bases, tickBase, seeded) {
  const subscribers = await openSubscribers(bases, seeded);
  const base = Math.max(...subscribers.map((s) => s.baseRevision));
  const sentAt = [];
  const answers = [];
  const ticking = [];
  for (let k = 0; k < TICKS; k += 1) {
    const index = k % TASKS;
    const task = seeded.checklist.tasks[index];
    // Every tick changes something: each task is ticked, then unticked, in turn.
    const completed = !seeded.completed[index];
    seeded.completed[index] = completed;
    const started = performance.now();
    sentAt.push(started);
    ticking.push(
      api(tickBase, seeded.owner, 'PATCH', `/api/checklists/${seeded.checklist.id}/tasks/${task.id}`, {
        completed,
      }).then(() => answers.push(performance.now() - started)),
    );
    // Ticks on one checklist commit one after another: the next waits for this answer.
    await ticking[k];
    await sleep(TICK_INTERVAL_MS);
  }
  await Promise.all(ticking);
  await sleep(2_000); // the last deliveries
  const latencies = [];
  const first = new Array(TICKS).fill(Number.POSITIVE_INFINITY);
  const last = new Array(TICKS).fill(0);
  let delivered = 0;
  let seen = 0;
  for (const subscriber of subscribers) {
    // Revisions arrive rising; a skipped one (coalesced under a burst) is seen with the next one.
    const arrivals = [...subscriber.received].sort(([a], [b]) => a - b);
    let next = 0;
    for (let k = 0; k < TICKS; k += 1) {
      const revision = base + k + 1;
      if (subscriber.received.has(revision)) delivered += 1;
      while (next < arrivals.length && arrivals[next][0] < revision) next += 1;
      if (next === arrivals.length) continue;
      const arrived = arrivals[next][1];
      seen += 1;
      latencies.push(arrived - sentAt[k]);
      first[k] = Math.min(first[k], arrived);
      last[k] = Math.max(last[k], arrived);
    }
    subscriber.ws.terminate();
  }
  const sorted = (values) => values.filter(Number.isFinite).sort((a, b) => a - b);
  const spread = sorted(last.map((end, k) => end - first[k]));
  const answered = sorted(answers);
  latencies.sort((a, b) => a - b);
  const expected = subscribers.length * TICKS;
  return {
    label,
    delivered,
    seen,
    expected,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    answerP50: percentile(answered, 50),
    answerP99: percentile(answered, 99),
    spreadP50: percentile(spread, 50),
    spreadP99: percentile(spread, 99),
  };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'listsync-bench-'));
const servers = [];
let bench;
try {
  bench = await prepareBench();
  const databaseUrl = bench.databaseUrl;

  const [portA, portB] = [await freePort(), await freePort()];
  const [baseA, baseB] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
  // Both instances serve one public origin (as behind a load balancer): A's address stands for it.
  for (const [label, port, base] of [
    ['instance A', portA, baseA],
    ['instance B', portB, baseB],
  ]) {
    servers.push(
      await startProcess(
        label,
        ['dist/server/main.js'],
        serverEnv(port, databaseUrl, dataDir, baseA),
        `${base}/healthz`,
      ),
    );
  }
  const seeded = await seed(baseA);
  console.info(
    `${SUBSCRIBERS} subscribers on one ${TASKS}-task checklist, ${TICKS} ticks, one every ${TICK_INTERVAL_MS} ms after the previous answer...`,
  );
  const results = [
    await measure('one instance', [baseA], baseA, seeded),
    await measure('two instances (ticks through A)', [baseA, baseB], baseA, seeded),
  ];
  const verdict = (ok) => (ok ? 'met' : 'MISSED');
  for (const r of results) {
    const share = r.delivered / r.expected;
    console.info(
      `${r.label}: delivered ${r.delivered}/${r.expected} (${(share * 100).toFixed(2)}%, ${verdict(share >= GOALS.delivered)}); ` +
        `every tick seen (in its own update or a later one) ${r.seen}/${r.expected}`,
    );
    console.info(
      `  tick to delivery (to the first update showing it) p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (p99 < ${GOALS.p99Ms} ms: ${verdict(r.p99 < GOALS.p99Ms)})`,
    );
    console.info(
      `  for reference: the tick's own answer p50 ${r.answerP50.toFixed(1)} ms, p99 ${r.answerP99.toFixed(1)} ms; ` +
        `first to last subscriber of one tick p50 ${r.spreadP50.toFixed(1)} ms, p99 ${r.spreadP99.toFixed(1)} ms`,
    );
  }
  console.info(
    `load average (1 min) at the end: ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores (other work on the machine inflates every figure)`,
  );
} finally {
  for (const server of servers) await stopProcess(server);
  await bench?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
