import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type FileCheckResponse, VERIFY_LIMITS } from '#domain/verify';
import { FileCheckInput } from '#domain/verify-input';
import { FileCheckResponseSchema } from '#domain/verify-response';
import type { Database } from '../../db/client.ts';
import { verifyFile } from '../../services/file-verification.ts';
import { answers } from '../plugins/responses.ts';

const SCHEMAS = {
  verify: {
    tags: ['public forms'],
    body: FileCheckInput,
    response: answers({ 200: FileCheckResponseSchema }),
  },
};

/**
 * The public check of a file by its hash (decision 0060): no sign-in, the same-origin rule of every
 * public POST, a per-address limit generous enough for an office checking a folder of photos.
 */
export async function verifyRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/verify',
    {
      schema: SCHEMAS.verify,
      config: { rateLimit: { max: VERIFY_LIMITS.perIpPerMinute, timeWindow: '1 minute' } },
    },
    async (request): Promise<FileCheckResponse> => verifyFile(db, request.body.sha256),
  );
}
