import { z } from 'zod';

/** The answers of the health checks (docs/api.md "Health and documents"); server-only, so the schemas are the types. */

/** GET /healthz: the process answers. */
export const LivenessSchema = z.strictObject({ status: z.literal('ok') }).describe('The process answers');

/** GET /readyz: the database answers (else 503 service_unavailable). */
export const ReadinessSchema = z
  .strictObject({
    status: z.literal('ready'),
    database: z.enum(['pglite', 'postgres']),
  })
  .describe('The database answers');
export type Readiness = z.infer<typeof ReadinessSchema>;
