import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAccounts } from '#server/db/schema/index';
import { registerErrorHandling } from '#server/http/plugins/errors';
import { loggerOptions } from '#server/logging';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';

/**
 * A failed query never logs its parameters (e-mails, remarks, session-id hashes), at any level and on
 * either driver: Drizzle writes them into its error's message, stack and `params`, PGlite onto its own
 * error, PostgreSQL into `detail` ("Key (email)=(…)") and into data exceptions' messages. The log keeps
 * the statement and the SQLSTATE. The request goes through the app's own logger options and error handler.
 */

const SENTINEL = 'Sentinel-7f3a9c-Secret';
const SENTINEL_EMAIL = `${SENTINEL.toLowerCase()}@example.com`;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

async function appLoggingTo(lines: string[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { ...(loggerOptions({ logLevel: 'trace' }) as object), stream } });
  registerErrorHandling(app);
  const { db } = database.handle;
  const failing: Record<string, () => Promise<unknown>> = {
    // 23505, with the e-mail in PostgreSQL's detail and in Drizzle's params.
    duplicate: async () => {
      await db
        .insert(localAccounts)
        .values({ email: SENTINEL_EMAIL, displayName: SENTINEL })
        .onConflictDoNothing();
      await db.insert(localAccounts).values({ email: SENTINEL_EMAIL, displayName: SENTINEL });
    },
    // 22P02: PostgreSQL quotes the value it could not read in its message.
    cast: () => db.execute(sql`select ${SENTINEL}::uuid as id`),
    // 22P02 on a select through the query builder.
    select: () =>
      db
        .select()
        .from(localAccounts)
        .where(sql`${localAccounts.email} = ${SENTINEL} or ${SENTINEL}::int = 1`),
  };
  app.get<{ Params: { kind: string } }>('/fail/:kind', async (request) => {
    try {
      return await (failing[request.params.kind] as () => Promise<unknown>)();
    } catch (error) {
      // As several services log it: the message alone, under err, at every level.
      request.log.trace({ err: { message: (error as Error).message } }, 'failed (message only)');
      request.log.debug({ err: error }, 'failed (debug)');
      throw error;
    }
  });
  await app.ready();
  return app;
}

describe('a failed query in the logs', () => {
  it.each([
    ['duplicate', 'insert into "local_accounts"', '23505'],
    ['cast', '::uuid as id', '22P02'],
    ['select', 'from "local_accounts"', '22P02'],
  ])('%s: the statement and the SQLSTATE, never the parameters', async (kind, statement, sqlState) => {
    const lines: string[] = [];
    const app = await appLoggingTo(lines);
    const response = await app.inject({ method: 'GET', url: `/fail/${kind}` });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');

    const log = lines.join('');
    const failed = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request failed');
    expect(failed).toHaveLength(1);
    expect(failed[0].level).toBe(50);
    expect(failed[0].err.query).toContain(statement);
    expect(JSON.stringify(failed[0].err)).toContain(`"sqlState":"${sqlState}"`);
    expect(log).toContain('failed (message only)');
    expect(log).toContain('failed (debug)');
    expect(log).not.toContain(SENTINEL);
    expect(log.toLowerCase()).not.toContain(SENTINEL.toLowerCase());
  });
});
