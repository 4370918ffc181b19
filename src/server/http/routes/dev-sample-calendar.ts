import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sampleCalendarIcs } from '#domain/sample-calendar';
import { localDateOf } from '#domain/time-zones';
import type { Config } from '../../config/index.ts';
import { answers } from '../plugins/responses.ts';

const SCHEMA = {
  tags: ['local mode'],
  description:
    'Local mode only: a sample booking calendar (iCal, shaped as Airbnb exports one) with stays around today, ' +
    'for trying booking calendars without a listing. Answers only at this computer’s address.',
  response: answers({
    200: { description: 'An iCal file', content: { 'text/calendar': { schema: z.string() } } },
  }),
};

/** GET /api/dev/sample-calendar.ics: exists only in local mode (never in production), loopback Host only. */
export async function devSampleCalendarRoutes(app: FastifyInstance, { config }: { config: Config }) {
  if (config.appEnv === 'production' || config.localServices.length === 0) return;
  app.get('/api/dev/sample-calendar.ics', { schema: SCHEMA }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.type('text/calendar; charset=utf-8');
    return sampleCalendarIcs(localDateOf(new Date(), 'UTC'));
  });
}
