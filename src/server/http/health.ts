import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';

export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  // Liveness: the process answers. Never touches dependencies, so a slow database cannot get it killed.
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  // Readiness: the database answers; load balancers stop sending traffic while it does not.
  app.get('/readyz', async (request, reply) => {
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
