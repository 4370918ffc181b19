import { z } from 'zod';
import { optionalText } from './env-fields.ts';

/**
 * Where the per-address rate limits count (docs/decisions/0020): Redis, or PostgreSQL when unset; and
 * the IPv6 network every per-address limit counts a client by (docs/decisions/0042).
 */

/** Why the range: /32 is a whole provider's allocation, /128 one address of the 2^64 a LAN holds. */
const IPV6_PREFIX_PROBLEM =
  'must be a prefix length from 32 to 128 (64: one home, one LAN, one cloud machine)';

export const RateLimitsEnv = z.object({
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  RATE_LIMIT_IPV6_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,3}$/, IPV6_PREFIX_PROBLEM)
      .transform(Number)
      .pipe(z.number().min(32, IPV6_PREFIX_PROBLEM).max(128, IPV6_PREFIX_PROBLEM))
      .default(64),
  ),
  /** Requests each API token may make per minute, counted by every instance together (decision 0049). */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(600),
});
