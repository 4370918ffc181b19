import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CalendarInput, CalendarParams, CalendarPatch } from '#domain/calendars';
import { CalendarAnswerSchema, CalendarListSchema } from '#domain/calendars-response';
import { ownerAccess } from '../../policies/checklists.ts';
import type { CalendarSyncContext } from '../../services/calendar-sync.ts';
import {
  createCalendar,
  deleteCalendar,
  listCalendars,
  readCalendar,
  syncCalendarNow,
  updateCalendar,
} from '../../services/calendars.ts';
import { answers, noBody } from '../plugins/responses.ts';
import { authenticateFirst, requireMember } from '../plugins/session.ts';

const TAG = 'calendars';

const SCHEMAS = {
  list: {
    tags: [TAG],
    description: "The active team's booking calendars, oldest first.",
    response: answers({ 200: CalendarListSchema }, ['unauthenticated']),
  },
  create: {
    tags: [TAG],
    description:
      'Adds a booking calendar (an iCal export of Airbnb, Vrbo, Booking.com…): each reservation becomes a ' +
      "turnover checklist from the template, named '{name} — {checkout date}', due at the next check-in. " +
      'Any member of the team may add one; a team keeps at most 50. It syncs within a minute.',
    body: CalendarInput,
    response: answers({ 201: CalendarAnswerSchema }, [
      'unauthenticated',
      'validation_failed',
      'not_found',
      'plan_limit_reached',
      'calendar_limit_reached',
    ]),
  },
  read: {
    tags: [TAG],
    description: 'One calendar of the active team with its last 20 syncs; another team’s is 404.',
    params: CalendarParams,
    response: answers({ 200: CalendarAnswerSchema }, ['unauthenticated', 'not_found']),
  },
  update: {
    tags: [TAG],
    description:
      'Changes a calendar (the member who added it, the owner or an admin; others 403). `share: null` stops sharing.',
    params: CalendarParams,
    body: CalendarPatch,
    response: answers({ 200: CalendarAnswerSchema }, [
      'unauthenticated',
      'validation_failed',
      'forbidden',
      'not_found',
      'plan_limit_reached',
    ]),
  },
  delete: {
    tags: [TAG],
    description: 'Deletes a calendar; the turnovers it made stay.',
    params: CalendarParams,
    response: answers({ 204: noBody('Deleted') }, ['unauthenticated', 'forbidden', 'not_found']),
  },
  sync: {
    tags: [TAG],
    description:
      'Syncs the calendar now and answers it with the run just made. Any member; once a minute a calendar (429 with Retry-After).',
    params: CalendarParams,
    response: answers({ 200: CalendarAnswerSchema }, ['unauthenticated', 'not_found', 'rate_limited']),
  },
};

/** Booking calendars (docs/api.md "Booking calendars"). */
export async function calendarRoutes(app: FastifyInstance, context: CalendarSyncContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);

  routes.get('/api/calendars', { schema: SCHEMAS.list }, async (request) => {
    const access = ownerAccess(await requireMember(request));
    return { calendars: await listCalendars(context, access) };
  });

  routes.post(
    '/api/calendars',
    { schema: SCHEMAS.create, config: { idempotent: 'body' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request));
      const calendar = await createCalendar(context, access, request.body);
      return reply.status(201).send({ calendar });
    },
  );

  routes.get('/api/calendars/:id', { schema: SCHEMAS.read }, async (request) => {
    const access = ownerAccess(await requireMember(request));
    return { calendar: await readCalendar(context, access, request.params.id) };
  });

  routes.patch(
    '/api/calendars/:id',
    { schema: SCHEMAS.update, config: { idempotent: 'body' } },
    async (request) => {
      const access = ownerAccess(await requireMember(request));
      return { calendar: await updateCalendar(context, access, request.params.id, request.body) };
    },
  );

  routes.delete(
    '/api/calendars/:id',
    { schema: SCHEMAS.delete, config: { idempotent: 'body' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request));
      await deleteCalendar(context, access, request.params.id);
      return reply.status(204).send();
    },
  );

  routes.post('/api/calendars/:id/sync', { schema: SCHEMAS.sync }, async (request) => {
    const access = ownerAccess(await requireMember(request));
    return { calendar: await syncCalendarNow(context, access, request.params.id) };
  });
}
