import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { createPostgresRateLimitStore } from './postgres-store.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
import { createRedisRateLimitStore } from './redis-store.ts';

/** Redis when REDIS_URL is set, else the database every instance already shares (docs/decisions/0020). */
export function createRateLimitStore(
  config: Pick<Config, 'redisUrl'>,
  db: Database,
  log: FastifyBaseLogger,
): RateLimitStore {
  if (!config.redisUrl) return createPostgresRateLimitStore(db);
  return createRedisRateLimitStore({
    url: config.redisUrl,
    onError: (error) => log.warn({ err: { message: error.message } }, 'rate limits: Redis connection error'),
  });
}
