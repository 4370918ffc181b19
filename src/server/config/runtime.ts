import { z } from 'zod';

/** How this process runs: which kind of deployment it is, how much it logs, how long it takes to stop. */

export const RuntimeEnv = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
});

export type AppEnv = z.infer<typeof RuntimeEnv>['APP_ENV'];
export type LogLevel = z.infer<typeof RuntimeEnv>['LOG_LEVEL'];
