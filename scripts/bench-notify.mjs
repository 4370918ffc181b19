#!/usr/bin/env node
// `npm run bench:notify`: how many change notices one PostgreSQL primary sends through LISTEN/NOTIFY,
// and where that stops scaling (decision 0066, "Past one PostgreSQL").
//
// Every transaction that sends a NOTIFY takes one database-wide lock from its NOTIFY to the end of its
// commit, WAL flush included (notices arrive in commit order), so such transactions commit one at a
// time. The app sends a tick's notice after the tick's commit, the notices of one moment in one
// statement (services/after-commit.ts), so what bounds it is notices per statement times statements
// per second. This measures both: NOTIFY_CLIENTS senders (default 1,4,16), each sending statements of
// NOTIFY_BATCH notices (default 1,8,32) of a tick notice's size, for NOTIFY_SECONDS (3) each, with
// NOTIFY_LISTENERS connections listening (default 2: two instances), and prints notices sent and
// received per second, statements per second, and the p50 / p99 from a statement's start to the
// notice's arrival. NOTIFY_KEPT (default 0,1): 1 also writes a kept answer of 1.5 kB per notice in the
// same statement (an UPDATE, as the after-commit statement does), so each commit flushes WAL. Figures only: nothing is asserted. Talks only to DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test), on a channel of its own; every loop ends by itself.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { percentile, printTable } from './bench-support.mjs';

const list = (value, fallback) => (value || fallback).split(',').map(Number).filter(Boolean);
const CLIENTS = list(process.env.NOTIFY_CLIENTS, '1,4,16');
const BATCHES = list(process.env.NOTIFY_BATCH, '1,8,32');
const SECONDS = Number(process.env.NOTIFY_SECONDS || 3);
const LISTENERS = Number(process.env.NOTIFY_LISTENERS || 2);
const KEPT = (process.env.NOTIFY_KEPT ?? '0,1').split(',').map(Number);
const ANSWER = 'x'.repeat(1500);
const KEPT_ROWS = 100_000;
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const channel = `listsync_bench_${randomBytes(4).toString('hex')}`;
const KEPT_TABLE = `${channel}_kept`;

/** A tick's notice as the app sends it (db/change-notice.ts): about 190 bytes. */
function notice(sentAt) {
  return JSON.stringify({
    kind: 'checklist',
    op: 'change',
    checklistId: `checklist_${randomBytes(10).toString('hex')}`,
    teamId: `team_${randomBytes(10).toString('hex')}`,
    revision: 1234,
    actorShareId: null,
    sentAt,
  });
}

async function connect() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

const NOTIFY_ONLY = 'select pg_notify($1, n) from json_array_elements_text($2::json) as n';
/** The after-commit statement's shape (repositories/after-commit.ts): kept answers updated, notices sent. */
const WITH_KEPT = `with k as (update ${KEPT_TABLE} set body = $3 where id = any($4::int[]) returning 1)
  select pg_notify($1, n) from json_array_elements_text($2::json) as n`;

async function measure(clients, batch, listeners, kept) {
  const received = listeners.map(() => 0);
  const delays = [];
  const onNotice = (index) => (message) => {
    if (message.channel !== channel) return;
    received[index] += 1;
    if (index === 0) delays.push(performance.now() - JSON.parse(message.payload).sentAt);
  };
  const handlers = listeners.map((_listener, index) => onNotice(index));
  for (const [index, listener] of listeners.entries()) listener.on('notification', handlers[index]);
  const senders = await Promise.all(Array.from({ length: clients }, connect));
  let statements = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    senders.map(async (sender) => {
      while (performance.now() < until) {
        const sentAt = performance.now();
        const notices = Array.from({ length: batch }, () => notice(sentAt));
        const ids = notices.map(() => 1 + Math.floor(Math.random() * KEPT_ROWS));
        await (kept
          ? sender.query(WITH_KEPT, [channel, JSON.stringify(notices), ANSWER, ids])
          : sender.query(NOTIFY_ONLY, [channel, JSON.stringify(notices)]));
        statements += 1;
      }
    }),
  );
  // Notices still on their way arrive within moments.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const [index, listener] of listeners.entries()) listener.off('notification', handlers[index]);
  await Promise.all(senders.map((sender) => sender.end()));
  delays.sort((a, b) => a - b);
  return {
    sent: (statements * batch) / SECONDS,
    statements: statements / SECONDS,
    received: Math.min(...received) / SECONDS,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
  };
}

const listeners = await Promise.all(Array.from({ length: LISTENERS }, connect));
try {
  await Promise.all(listeners.map((listener) => listener.query(`LISTEN ${channel}`)));
  // The kept answers' rows: a table of this run's own, dropped after.
  await listeners[0].query(`create table ${KEPT_TABLE} (id int primary key, body text)`);
  await listeners[0].query(`insert into ${KEPT_TABLE} select g, null from generate_series(1, $1) g`, [
    KEPT_ROWS,
  ]);
  const rows = [
    [
      'kept',
      'senders',
      'notices/stmt',
      'notices/s',
      'stmts/s',
      'received/s each',
      'p50 ms',
      'p99 ms',
      'load',
    ],
  ];
  for (const kept of KEPT) {
    for (const batch of BATCHES) {
      for (const clients of CLIENTS) {
        const load = loadavg()[0];
        const r = await measure(clients, batch, listeners, kept);
        rows.push([
          kept ? 'yes' : 'no',
          String(clients),
          String(batch),
          String(Math.round(r.sent)),
          String(Math.round(r.statements)),
          String(Math.round(r.received)),
          r.p50.toFixed(1),
          r.p99.toFixed(1),
          load.toFixed(1),
        ]);
      }
    }
  }
  printTable(rows);
  console.info(
    `${LISTENERS} listening connection(s) (one per instance); received/s each: the fewest any listener got. ` +
      'A statement of several notices is what services/after-commit.ts sends for the ticks of one moment; ' +
      'kept: the same statement also updates one 1.5 kB row per notice, so its commit flushes WAL.',
  );
} finally {
  await listeners[0].query(`drop table if exists ${KEPT_TABLE}`).catch(() => {});
  await Promise.all(listeners.map((listener) => listener.end()));
}
