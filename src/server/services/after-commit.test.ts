import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { AfterCommitWriter, ANSWER_CHARS_PER_STATEMENT } from './after-commit.ts';

const dialect = new PgDialect();

/** A database that records each statement and lets the test decide when each one ends. */
function recordingDatabase() {
  const statements: { sql: string; params: unknown[]; end(error?: Error): void }[] = [];
  const db = {
    execute(query: SQL) {
      const { sql, params } = dialect.sqlToQuery(query);
      return new Promise<void>((resolve, reject) => {
        statements.push({ sql, params, end: (error) => (error ? reject(error) : resolve()) });
      });
    },
  } as unknown as Database;
  return { db, statements };
}

const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
const turn = () => new Promise((resolve) => setImmediate(resolve));

function answer(key: string, body = '{}') {
  return { principal: 'user_1', key, requestHash: 'h', status: 200, body, contentType: null };
}
const notice = (revision: number) =>
  ({
    kind: 'checklist',
    op: 'change',
    checklistId: 'c1',
    teamId: 'u1',
    revision,
    actorShareId: null,
  }) as const;

/** A statement that keeps answers and sends the notices of these revisions, in this order. */
function expectNoticesAndAnswers(
  statement: { sql: string; params: unknown[] } | undefined,
  revisions: number[],
) {
  const notices = JSON.parse(String(statement?.params.at(-1))).map((text: string) => JSON.parse(text));
  expect(notices.map((n: { revision: number }) => n.revision)).toEqual(revisions);
  expect(statement?.sql).toContain('update "idempotency_keys"');
}

describe('AfterCommitWriter', () => {
  it('sends large kept answers (whole checklists) a bounded amount per statement, the loop free between', async () => {
    const { db, statements } = recordingDatabase();
    const writer = new AfterCommitWriter(db, log);
    const body = `{"tasks":"${'x'.repeat(ANSWER_CHARS_PER_STATEMENT / 2 - 20)}"}`;
    const written: string[] = [];
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5'])
      writer.keepAnswer(answer(key, body), () => written.push(key));
    writer.afterCommit(notice(1));
    await turn();
    const keysOf = (index: number) =>
      (JSON.parse(String(statements[index]?.params[0])) as { key: string }[]).map((kept) => kept.key);
    expect(statements).toHaveLength(1);
    expect(keysOf(0)).toEqual(['k1', 'k2']);
    // The notice goes with the first.
    expect(statements[0]?.sql).toContain('pg_notify');
    statements[0]?.end();
    await turn();
    await turn();
    expect(written).toEqual(['k1', 'k2']);
    expect(keysOf(1)).toEqual(['k3', 'k4']);
    expect(statements[1]?.sql).not.toContain('pg_notify');
    statements[1]?.end();
    await turn();
    await turn();
    expect(keysOf(2)).toEqual(['k5']);
    statements[2]?.end();
    await writer.flush();
    expect(written).toEqual(['k1', 'k2', 'k3', 'k4', 'k5']);
  });

  it('sends an answer larger than the bound alone', async () => {
    const { db, statements } = recordingDatabase();
    const writer = new AfterCommitWriter(db, log);
    writer.keepAnswer(answer('huge', 'x'.repeat(ANSWER_CHARS_PER_STATEMENT * 2)), () => {});
    writer.keepAnswer(answer('small'), () => {});
    await turn();
    expect(statements).toHaveLength(1);
    expect((JSON.parse(String(statements[0]?.params[0])) as { key: string }[]).map((a) => a.key)).toEqual([
      'huge',
    ]);
    statements[0]?.end();
    await turn();
    await turn();
    expect(statements).toHaveLength(2);
    statements[1]?.end();
    await writer.flush();
  });

  it('writes an answer and a notice queued in one turn in one statement', async () => {
    const { db, statements } = recordingDatabase();
    const writer = new AfterCommitWriter(db, log);
    const written: string[] = [];
    writer.keepAnswer(answer('k1'), () => written.push('k1'));
    writer.afterCommit(notice(1));
    await turn();
    expect(statements).toHaveLength(1);
    expect(statements[0]?.sql).toMatch(/^with "kept" as \(update "idempotency_keys".*\) select pg_notify\(/s);
    expect(written).toEqual([]);
    statements[0]?.end();
    await writer.flush();
    expect(written).toEqual(['k1']);
  });

  it('holds what arrives while a statement is on its way, then sends it all in the next, in order', async () => {
    const { db, statements } = recordingDatabase();
    const writer = new AfterCommitWriter(db, log);
    writer.afterCommit(notice(1));
    await turn();
    expect(statements).toHaveLength(1);
    writer.afterCommit(notice(2));
    await turn();
    writer.afterCommit(notice(3));
    writer.keepAnswer(answer('k2'), () => {});
    await turn();
    // Still one: the first has not ended.
    expect(statements).toHaveLength(1);
    statements[0]?.end();
    await turn();
    await turn();
    expect(statements).toHaveLength(2);
    expectNoticesAndAnswers(statements[1], [2, 3]);
    statements[1]?.end();
    await writer.flush();
    expect(statements).toHaveLength(2);
  });

  it('flush waits for everything queued; a failed statement is logged and the next still goes', async () => {
    const { db, statements } = recordingDatabase();
    const writer = new AfterCommitWriter(db, log);
    let done = false;
    writer.keepAnswer(answer('k3'), () => {
      done = true;
    });
    const flushed = writer.flush().then(() => 'flushed');
    await turn();
    expect(statements).toHaveLength(1);
    expect(statements[0]?.sql).toMatch(/^update "idempotency_keys"/);
    writer.afterCommit(notice(4));
    statements[0]?.end(new Error('connection lost'));
    await turn();
    await turn();
    expect(done).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(statements).toHaveLength(2);
    expect(statements[1]?.sql).toMatch(/^select pg_notify/);
    const pending = await Promise.race([flushed, turn().then(() => 'pending')]);
    expect(pending).toBe('pending');
    statements[1]?.end();
    expect(await flushed).toBe('flushed');
  });
});

describe('AfterCommitWriter gathering (decision 0065)', () => {
  it('sends nothing before its window, then everything queued within it in one statement', async () => {
    const { db, statements } = recordingDatabase();
    const writer = new AfterCommitWriter(db, log, 40);
    writer.afterCommit(notice(1));
    await turn();
    expect(statements).toHaveLength(0);
    writer.keepAnswer(answer('k1'), () => {});
    writer.afterCommit(notice(2));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(statements).toHaveLength(1);
    expectNoticesAndAnswers(statements[0], [1, 2]);
    // Nothing more follows once it ends: the window had everything.
    const ended = statements.splice(0).map((statement) => statement.end());
    await writer.flush();
    expect([ended.length, statements.length]).toEqual([1, 0]);
  });

  it('flush does not wait for the window', async () => {
    const { db, statements } = recordingDatabase();
    const writer = new AfterCommitWriter(db, log, 60_000);
    writer.afterCommit(notice(1));
    const flushed = writer.flush();
    await turn();
    expect(statements).toHaveLength(1);
    statements[0]?.end();
    await flushed;
  });
});
