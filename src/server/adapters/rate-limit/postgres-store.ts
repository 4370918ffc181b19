import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { rateLimitWindows } from '../../db/schema/index.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

/**
 * The counts in the UNLOGGED table rate_limit_windows, one upsert a hit: a new key, or one whose
 * window ended, starts at 1 with a new window; a live one adds 1. The row lock of the upsert orders
 * concurrent hits of one key, from any instance, so none is lost. Ended windows stay until the
 * periodic job deletes them (a hit on one simply starts it again).
 */
const hitQuery = preparedPerDatabase((db: Database) => {
  const w = rateLimitWindows;
  const ended = sql`${w.expiresAt} <= clock_timestamp()`;
  return db
    .insert(w)
    .values({
      key: sql.placeholder('key'),
      hits: 1,
      expiresAt: sql`clock_timestamp() + ${sql.placeholder('windowMs')}::int * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: w.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${w.hits} + 1 end`,
        expiresAt: sql`case when ${ended} then excluded.expires_at else ${w.expiresAt} end`,
      },
    })
    .returning({
      hits: w.hits,
      resetMs: sql<number>`greatest(0, ceil(extract(epoch from ${w.expiresAt} - clock_timestamp()) * 1000))::int`,
    })
    .prepare('rate_limit_hit');
});

export function createPostgresRateLimitStore(db: Database): RateLimitStore {
  return {
    kind: 'postgres',

    async hit(key, windowMs) {
      const [row] = await hitQuery(db).execute({ key, windowMs: Math.max(1, Math.ceil(windowMs)) });
      if (!row) throw new Error('the rate-limit upsert answered no row');
      return { hits: row.hits, resetMs: Number(row.resetMs) };
    },

    async deleteExpired() {
      const gone = await db
        .delete(rateLimitWindows)
        .where(lt(rateLimitWindows.expiresAt, sql`clock_timestamp()`))
        .returning({ key: rateLimitWindows.key });
      return gone.length;
    },

    async close() {},
  };
}
