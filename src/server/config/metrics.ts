import { z } from 'zod';
import { optionalText } from './env-fields.ts';

/**
 * GET /metrics (docs/decisions/0022): on its own port (loopback by default) and/or on the main port
 * for a bearer token.
 */

export const MetricsEnv = z.object({
  METRICS_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'expected a port number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(65535))
      .optional(),
  ),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(32, { error: 'METRICS_TOKEN must be at least 32 characters of random text' }).optional(),
  ),
});
export type MetricsEnv = z.infer<typeof MetricsEnv>;

/** `port` on `host`, and/or the main port for a bearer `token`; null and null: not served. */
export interface MetricsConfig {
  port: number | null;
  host: string;
  token: string | null;
}

export function readMetrics(e: MetricsEnv): MetricsConfig {
  return { port: e.METRICS_PORT ?? null, host: e.METRICS_HOST, token: e.METRICS_TOKEN ?? null };
}
