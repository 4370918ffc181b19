import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnalyticsEventInput, referrerOrigin, scrubPath, scrubProps } from '#domain/analytics';
import { AnalyticsEventListSchema } from '#domain/local-mode';
import {
  type AnalyticsSink,
  LocalAnalytics,
  type RecordedEvent,
} from '../../adapters/analytics/analytics-sink.ts';
import { visitorOf } from '../plugins/analytics-events.ts';
import { answers, noBody } from '../plugins/responses.ts';

/** The beacon's body is a few hundred bytes; anything near this is not ours. */
const EVENT_BODY_LIMIT = 4_096;

/** What each route takes and answers (the OpenAPI document and the tests' check of answers read them). */
const SCHEMAS = {
  event: {
    tags: ['analytics'],
    body: AnalyticsEventInput,
    response: answers({ 202: noBody('Taken: recorded in the background') }),
  },
  devEvents: { tags: ['local mode'], response: answers({ 200: AnalyticsEventListSchema }) },
};

/**
 * POST /api/analytics/events: the browser's page views and events, for anyone (signed in or not).
 * The path and props are scrubbed here whatever the client did; the event goes on in the background,
 * so the answer (202) never waits for the analytics service.
 */
export async function analyticsRoutes(app: FastifyInstance, { sink }: { sink: AnalyticsSink }) {
  const { config } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // navigator.sendBeacon sends a string as text/plain (a simple request, no preflight): it is our JSON.
  // Only this plugin's routes read text/plain this way.
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: EVENT_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
      }
    },
  );

  routes.post(
    '/api/analytics/events',
    {
      schema: SCHEMAS.event,
      bodyLimit: EVENT_BODY_LIMIT,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { name, path, props, referrer } = request.body;
      const from = name === 'pageview' ? referrerOrigin(referrer, config.publicUrl.origin) : undefined;
      void sink.record({
        name,
        path: scrubPath(path),
        props: scrubProps(props),
        ...visitorOf(request),
        ...(from ? { referrer: from } : {}),
      });
      return reply.header('cache-control', 'no-store').status(202).send();
    },
  );

  // Local mode only (never in production): what was recorded, newest first.
  if (sink instanceof LocalAnalytics && config.appEnv !== 'production') {
    app.get(
      '/api/dev/analytics',
      { schema: SCHEMAS.devEvents },
      async (_request, reply): Promise<{ events: RecordedEvent[] }> => {
        reply.header('cache-control', 'no-store');
        return { events: await sink.list() };
      },
    );
  }
}
