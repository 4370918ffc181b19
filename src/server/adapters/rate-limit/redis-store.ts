import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit-store.ts';

/**
 * The counts in Redis (REDIS_URL): one key a window, INCR then PEXPIRE on the first hit, in one
 * script so a window can never be left without its expiry. Redis deletes ended windows itself.
 */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

/** Our keys in a Redis that others may share. */
export const REDIS_KEY_PREFIX = 'listsync:rate-limit:';

type ScriptClient = Redis & {
  listsyncRateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
};

export interface RedisRateLimitOptions {
  url: string;
  /** Called with each connection error (the client reconnects by itself). */
  onError?(error: Error): void;
}

export function createRedisRateLimitStore(options: RedisRateLimitOptions): RateLimitStore {
  const client = new Redis(options.url, {
    // A request waits for at most this long on a Redis that went away, then fails (503), never hangs.
    commandTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  }) as ScriptClient;
  client.on('error', (error: Error) => options.onError?.(error));
  client.defineCommand('listsyncRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });

  return {
    kind: 'redis',

    async hit(key, windowMs) {
      const [hits, ttl] = await client.listsyncRateLimitHit(
        `${REDIS_KEY_PREFIX}${key}`,
        Math.max(1, Math.ceil(windowMs)),
      );
      return { hits: Number(hits), resetMs: Math.max(0, Number(ttl)) };
    },

    async deleteExpired() {
      return 0;
    },

    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
