import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#domain/errors';
import type { Config } from '../../config/index.ts';
import { AppMetrics } from '../../metrics.ts';
import { answers, textFile } from '../plugins/responses.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export const METRICS_PATH = '/metrics';

const SCHEMA = {
  tags: ['operations'],
  hide: true,
  response: answers({ 200: textFile('text/plain', 'Prometheus text exposition format (version 0.0.4)') }, [
    'unauthenticated',
  ]),
};

/** The separate metrics listener of each app (listenMetrics), closed with the app. */
const servers = new WeakMap<FastifyInstance, Server>();

/**
 * This app's metrics (docs/decisions/0022): always counted in memory (a few increments), served only
 * when configured. With METRICS_PORT or METRICS_TOKEN set: one histogram observation per answered
 * request, labelled with its route's pattern, and the process metrics. Register before the routes,
 * so the hook sees them all.
 */
export function registerMetrics(app: FastifyInstance, config: Pick<Config, 'metrics'>): AppMetrics {
  const metrics = new AppMetrics();
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => {
    const server = servers.get(app);
    if (server?.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port, token } = config.metrics;
  if (port === null && token === null) return metrics;
  metrics.collectDefaults();
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime);
    done();
  });
  return metrics;
}

/**
 * With METRICS_TOKEN: GET /metrics on the main port for `Authorization: Bearer <token>` (401
 * without it or with another); unset, the path is not a route (404).
 */
export async function metricsRoutes(app: FastifyInstance, { token }: { token: string | null }) {
  if (token === null) return;
  const metrics = app.metrics;
  const expected = digest(token);
  app.get(
    METRICS_PATH,
    { schema: SCHEMA, config: { ownBearer: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!presented || !timingSafeEqual(digest(presented), expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthenticated', 'The metrics need the bearer token of METRICS_TOKEN.');
      }
      const body = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
    },
  );
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * METRICS_PORT: a plain HTTP listener answering GET /metrics only, without a token (whoever can reach
 * the port may read it: keep it on loopback or a private network). Closed when the app closes.
 */
export async function listenMetrics(app: FastifyInstance, port: number, host: string): Promise<AddressInfo> {
  const registry = app.metrics.registry;
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (body) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: could not collect');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
      },
    );
  });
  servers.set(app, server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server.address() as AddressInfo;
}
