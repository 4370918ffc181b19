import type { FastifyInstance } from 'fastify';
import { LivenessSchema, ReadinessSchema } from '#domain/health';
import type { DatabaseHandle } from '../../db/client.ts';
import { answers } from '../plugins/responses.ts';

/** What each route answers (the OpenAPI document and the tests' check of answers read them). */
const SCHEMAS = {
  liveness: { tags: ['operations'], response: answers({ 200: LivenessSchema }) },
  readiness: { tags: ['operations'], response: answers({ 200: ReadinessSchema }, ['service_unavailable']) },
};

export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  // Liveness: the process answers. Never touches dependencies, so a slow database cannot get it killed.
  app.get(
    '/healthz',
    { schema: SCHEMAS.liveness, config: { withoutDatabase: true } },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  // Readiness: the database answers; load balancers stop sending traffic while it does not.
  app.get('/readyz', { schema: SCHEMAS.readiness }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed');
      return reply.status(503).send({
        error: { code: 'service_unavailable', message: 'The database is not reachable.' },
      });
    }
  });
}
