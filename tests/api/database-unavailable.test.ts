import { createServer, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { checklists } from '#server/db/schema/index';
import { registerErrorHandling } from '#server/http/plugins/errors';
import { loggerOptions } from '#server/logging';
import { createChecklist, errorOf, signInOwner } from '#tests/support/checklists';
import { testDatabaseKind } from '#tests/support/database';
import { buildTestApp, freePort, setupTestApp } from '#tests/support/test-app';

/**
 * A request whose database cannot be reached (down, restarting, its connection cut, no connection to
 * be had) answers 503 `service_unavailable` with Retry-After, not 500: the same request works once the
 * database is back, and clients retry it (src/server/db/unavailable.ts, http/plugins/errors.ts). The failure is
 * still logged, without the query's parameters. The errors here are the drivers' own, from real
 * connections to peers that refuse, hang up or never answer, and on PostgreSQL from a backend killed
 * by pg_terminate_backend in the middle of a request.
 */

const t = setupTestApp();
const SENTINEL = 'Sentinel-d41f-Secret';
const UNAVAILABLE = {
  error: {
    code: 'service_unavailable',
    message: 'The service is briefly unavailable. Please try again in a moment.',
  },
};

/** A TCP peer where PostgreSQL should be: it hangs up at once, or accepts and never says a word. */
async function fakePeer(behaviour: 'hang-up' | 'silent'): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (behaviour === 'hang-up') socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `postgres://nobody@127.0.0.1:${port}/nothing`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the answer while the database cannot be reached', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  const pools: pg.Pool[] = [];
  const peers: { close(): Promise<void> }[] = [];

  /** Drizzle over a pool of its own to `url`, as the app's is (db/client.ts). */
  function databaseAt(url: string, options: pg.PoolConfig = {}) {
    const pool = new pg.Pool({ connectionString: url, ...options });
    pool.on('error', () => {});
    pools.push(pool);
    return { pool, db: drizzle(pool) };
  }

  /** A statement that carries the sentinel as a parameter: the logs must never show it. */
  const query = (db: ReturnType<typeof databaseAt>['db']) => db.execute(sql`select ${SENTINEL} as secret`);

  beforeAll(async () => {
    const closedPort = await freePort();
    const hangUp = await fakePeer('hang-up');
    const silent = await fakePeer('silent');
    peers.push(hangUp, silent);
    const refused = databaseAt(`postgres://nobody@127.0.0.1:${closedPort}/nothing`);
    const cut = databaseAt(hangUp.url);
    const slow = databaseAt(silent.url, { connectionTimeoutMillis: 300 });
    const full = databaseAt(silent.url, { connectionTimeoutMillis: 300, max: 1 });

    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = Fastify({ logger: { ...(loggerOptions({ logLevel: 'info' }) as object), stream } });
    registerErrorHandling(app);
    const routes: Record<string, () => Promise<unknown>> = {
      // ECONNREFUSED: nothing listens (the server is down).
      refused: () => query(refused.db),
      // 'Connection terminated unexpectedly': the peer hung up (a crash, a restart).
      'hung-up': () => query(cut.db),
      // 'Connection terminated due to connection timeout': the server never answered.
      'connect-timeout': () => query(slow.db),
      // 'timeout exceeded when trying to connect': the pool's one connection is taken and no other comes.
      'pool-exhausted': async () => {
        const taken = full.pool.connect().catch(() => undefined);
        try {
          return await query(full.db);
        } finally {
          await taken;
        }
      },
      // A fault of the statement, on the file's real database: still 500.
      bug: () => t.db.execute(sql`select ${SENTINEL}::uuid as id`),
    };
    app.get<{ Params: { kind: string } }>('/db/:kind', (request) =>
      (routes[request.params.kind] as () => Promise<unknown>)(),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    for (const pool of pools) await pool.end().catch(() => undefined);
    for (const peer of peers) await peer.close();
  });

  it.each([
    ['refused', 'ECONNREFUSED'],
    ['hung-up', 'Connection terminated unexpectedly'],
    ['connect-timeout', 'Connection terminated due to connection timeout'],
    ['pool-exhausted', 'timeout exceeded when trying to connect'],
  ])('%s: 503 service_unavailable with Retry-After, logged without the parameters', async (kind, cause) => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: `/db/${kind}` });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual(UNAVAILABLE);

    const failed = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: 50, databaseUnavailable: true });
    // Drizzle's error with the statement, the driver's below it.
    expect(failed[0].err.query).toContain('select $1 as secret');
    expect(JSON.stringify(failed[0].err)).toContain(cause);
    expect(lines.join('')).not.toContain(SENTINEL);
  });

  it('a fault of the statement stays 500 internal_error, without Retry-After', async () => {
    const response = await app.inject({ method: 'GET', url: '/db/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(errorOf(response).code).toBe('internal_error');
  });
});

async function revisionOf(checklistId: string): Promise<number> {
  const [row] = await t.db
    .select({ revision: checklists.revision })
    .from(checklists)
    .where(eq(checklists.id, checklistId));
  return row?.revision ?? 0;
}

describe.runIf(testDatabaseKind() === 'postgres')('a request in flight when its connection is killed', () => {
  it('answers 503 with Retry-After as its route declares, and the same request works once retried', async () => {
    // An app with a pool of its own, so only its connections are killed.
    const handle = await openDatabase(t.testDatabase.config);
    const { app } = await buildTestApp(t.testDatabase, { handle });
    const holder = new pg.Client({ connectionString: (t.testDatabase.config as { url: string }).url });
    await holder.connect();
    try {
      const owner = await signInOwner(app);
      const created = await createChecklist(owner);
      const taskId = created.tasks[0]?.id as string;
      const tickOnce = () =>
        app.inject({
          method: 'PATCH',
          url: `/api/checklists/${created.id}/tasks/${taskId}`,
          headers: { cookie: owner.cookie, 'idempotency-key': 'tick-during-outage' },
          payload: { completed: true },
        });

      const before = await revisionOf(created.id);
      // Another session holds the checklist's row: the tick's statement waits on it, in flight.
      await holder.query('begin');
      await holder.query('select id from checklists where id = $1 for update', [created.id]);
      const ticking = tickOnce();
      let waiting: number | null = null;
      // Up to 30 s: under a full parallel run the request's first statements alone can take seconds.
      const deadline = Date.now() + 30_000;
      while (waiting === null && Date.now() < deadline) {
        const { rows } = await holder.query<{ pid: number }>(
          `select pid from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        waiting = rows[0]?.pid ?? null;
        if (waiting === null) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(waiting, 'the tick waiting on the row lock').not.toBeNull();
      // As a server restart or an administrator does to every connection: 57P01 admin_shutdown.
      await holder.query('select pg_terminate_backend($1)', [waiting]);

      const outage = await ticking;
      expect(outage.statusCode).toBe(503);
      expect(outage.headers['retry-after']).toBe('5');
      expect(outage.json()).toEqual(UNAVAILABLE);
      await holder.query('rollback');

      // Nothing was kept for the key: the client's retry runs and ticks.
      const retried = await tickOnce();
      expect(retried.statusCode).toBe(200);
      expect(retried.json().tasks[0].completed).toBe(true);
      // The killed statement left nothing: one tick, one revision.
      expect(await revisionOf(created.id)).toBe(before + 1);
    } finally {
      await holder.end();
      await app.close();
      await handle.close();
    }
  }, 60_000);
});
