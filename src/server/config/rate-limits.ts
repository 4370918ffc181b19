import { z } from 'zod';
import { optionalText } from './env-fields.ts';

/** Where the per-IP rate limits count (docs/decisions/0020): Redis, or PostgreSQL when unset. */

export const RateLimitsEnv = z.object({
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
});
