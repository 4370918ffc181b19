import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnalyticsEventInput, type AnalyticsEventName, scrubPath, scrubProps } from '#domain/analytics';
import {
  type AnalyticsSink,
  LocalAnalytics,
  type RecordedEvent,
} from '../adapters/analytics/analytics-sink.ts';
import { REPLAYED_HEADER } from './idempotency.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Page views and events (adapters/analytics): server code records through it too. */
    analytics: AnalyticsSink;
  }
}

/**
 * POST /api/analytics/events: the browser's page views and events, for anyone (signed in or not).
 * The path and props are scrubbed here whatever the client did; the event goes on in the background,
 * so the answer (202) never waits for the analytics service.
 */
export async function analyticsRoutes(app: FastifyInstance, { sink }: { sink: AnalyticsSink }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // navigator.sendBeacon may send its JSON as text/plain: read it as JSON all the same.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 4_096 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
    }
  });

  routes.post(
    '/api/analytics/events',
    {
      schema: { body: AnalyticsEventInput },
      bodyLimit: 4_096,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { name, path, props } = request.body;
      void sink.record({
        name,
        path: scrubPath(path),
        props: scrubProps(props),
        userAgent: request.headers['user-agent'] ?? '',
        clientIp: request.ip,
      });
      reply.header('cache-control', 'no-store');
      return reply.status(202).send();
    },
  );

  // Local mode only (never in production): what was recorded, newest first.
  if (sink instanceof LocalAnalytics && app.config.appEnv !== 'production') {
    app.get('/api/dev/analytics', async (_request, reply): Promise<{ events: RecordedEvent[] }> => {
      reply.header('cache-control', 'no-store');
      return { events: await sink.list() };
    });
  }
}

/**
 * What people do, recorded where it is sure to have happened: the server's successful answer to the
 * action (an offline replay answered from its Idempotency-Key is not counted twice). Recording here
 * costs the recipient's page no code, and no route has to remember it.
 */
const ACTION_EVENTS: Record<string, AnalyticsEventName> = {
  'POST /api/checklists': 'checklist_created',
  'PUT /api/checklists/:id': 'checklist_updated',
  'DELETE /api/checklists/:id': 'checklist_deleted',
  'POST /api/checklists/:id/submit': 'checklist_submitted',
  'POST /api/checklists/:id/tasks/:taskId/photo': 'photo_uploaded',
  'POST /api/verification/send': 'checklist_shared',
  'POST /api/verification/verify': 'share_verified',
  'POST /api/mailing-list/subscribe': 'mailing_list_signup',
  'POST /api/sms-consent': 'sms_consent_recorded',
};

export function recordActionEvents(app: FastifyInstance, sink: AnalyticsSink): void {
  if (sink.kind === 'off') return;
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 300 || reply.getHeader(REPLAYED_HEADER)) return;
    const route = request.routeOptions.url;
    const name = route ? ACTION_EVENTS[`${request.method} ${route}`] : undefined;
    if (!name) return;
    const actor =
      request.routeOptions.config.recipients && !(await request.currentUser()) ? 'recipient' : 'owner';
    void sink.record({
      name,
      path: scrubPath(route ?? '/'),
      props: route?.startsWith('/api/checklists/:id/') ? { actor } : {},
      userAgent: request.headers['user-agent'] ?? '',
      clientIp: request.ip,
    });
  });
}
