import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresRateLimitStore } from '#server/adapters/rate-limit/postgres-store';
import type { RateLimitStore } from '#server/adapters/rate-limit/rate-limit-store';
import { createRedisRateLimitStore } from '#server/adapters/rate-limit/redis-store';
import { rateLimitWindows } from '#server/db/schema/index';
import { redisAvailable, TEST_REDIS_URL } from '#tests/support/redis';
import { setupTestApp } from '#tests/support/test-app';

/**
 * What each rate-limit store does (adapters/rate-limit), written once and run against both: fixed
 * windows per key, no hit lost when many arrive at once, ended windows start again.
 */
const t = setupTestApp();

const uniqueKey = (label: string) => `test ${label} ${randomBytes(6).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function describeStore(name: string, makeStore: () => RateLimitStore, skip = false) {
  describe.skipIf(skip)(name, () => {
    let store: RateLimitStore;
    beforeAll(() => {
      store = makeStore();
    });
    afterAll(async () => store?.close());

    it('counts hits of a key in its window and says how long the window has left', async () => {
      const key = uniqueKey('count');
      const first = await store.hit(key, 60_000);
      expect(first.hits).toBe(1);
      expect(first.resetMs).toBeGreaterThan(55_000);
      expect(first.resetMs).toBeLessThanOrEqual(60_000);
      const second = await store.hit(key, 60_000);
      expect(second.hits).toBe(2);
      // The window runs from the first hit: a later hit does not move its end.
      expect(second.resetMs).toBeLessThanOrEqual(first.resetMs);
      expect((await store.hit(uniqueKey('other'), 60_000)).hits).toBe(1);
    });

    it('loses no hit when many arrive at once', async () => {
      const key = uniqueKey('burst');
      const answers = await Promise.all(Array.from({ length: 40 }, () => store.hit(key, 60_000)));
      expect(answers.map((a) => a.hits).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
    });

    it('starts a new window once the last one ended', async () => {
      const key = uniqueKey('window');
      await store.hit(key, 150);
      await store.hit(key, 150);
      await sleep(250);
      const again = await store.hit(key, 150);
      expect(again.hits).toBe(1);
      expect(again.resetMs).toBeGreaterThan(0);
    });
  });
}

describeStore('PostgreSQL store', () => createPostgresRateLimitStore(t.db));
describeStore('Redis store', () => createRedisRateLimitStore({ url: TEST_REDIS_URL }), !redisAvailable);

describe('the PostgreSQL store keeps its windows in an UNLOGGED table, emptied by the periodic job', () => {
  it('deletes the windows that ended and only those', async () => {
    const store = createPostgresRateLimitStore(t.db);
    const ended = uniqueKey('ended');
    const live = uniqueKey('live');
    await store.hit(ended, 1);
    await store.hit(live, 60_000);
    await sleep(20);
    const deleted = await store.deleteExpired();
    expect(deleted).toBeGreaterThanOrEqual(1);
    const keys = (await t.db.select({ key: rateLimitWindows.key }).from(rateLimitWindows)).map((r) => r.key);
    expect(keys).toContain(live);
    expect(keys).not.toContain(ended);
  });

  it('is UNLOGGED (no write-ahead log for a hit)', async () => {
    const result = await t.db.execute(
      sql`select relpersistence from pg_class where relname = 'rate_limit_windows'`,
    );
    const rows = (result as unknown as { rows: { relpersistence: string }[] }).rows;
    expect(rows[0]?.relpersistence).toBe('u');
  });
});
