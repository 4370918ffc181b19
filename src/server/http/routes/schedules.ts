import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ScheduleInput, ScheduleParams, SchedulePatch } from '#domain/schedules';
import { OccurrenceAnswerSchema, ScheduleAnswerSchema, ScheduleListSchema } from '#domain/schedules-response';
import { ownerAccess } from '../../policies/checklists.ts';
import { type RunnerContext, runScheduleNow } from '../../services/schedule-runner.ts';
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  type ScheduleContext,
  updateSchedule,
} from '../../services/schedules.ts';
import { answers, noBody } from '../plugins/responses.ts';
import { authenticateFirst, requireMember } from '../plugins/session.ts';

const TAG = 'schedules';

const SCHEMAS = {
  list: {
    tags: [TAG],
    description: "The active team's schedules (every member reads them), each with its next and last runs.",
    response: answers({ 200: ScheduleListSchema }, ['unauthenticated']),
  },
  create: {
    tags: [TAG],
    description:
      'A recurring schedule (owner or admin; paid teams only). Each run makes a checklist from the template ' +
      "named '{name} — {YYYY-MM-DD}', due `dueAfterMinutes` later, assigned and shared when set.",
    body: ScheduleInput,
    response: answers({ 201: ScheduleAnswerSchema }, [
      'validation_failed',
      'unauthenticated',
      'forbidden',
      'plan_limit_reached',
      'schedule_limit_reached',
    ]),
  },
  update: {
    tags: [TAG],
    description: 'Changes any field; `paused` pauses and resumes (owner or admin).',
    params: ScheduleParams,
    body: SchedulePatch,
    response: answers({ 200: ScheduleAnswerSchema }, [
      'validation_failed',
      'unauthenticated',
      'forbidden',
      'not_found',
    ]),
  },
  delete: {
    tags: [TAG],
    description: 'Deletes the schedule (owner or admin); the checklists it made stay.',
    params: ScheduleParams,
    response: answers({ 204: noBody('Deleted') }, ['unauthenticated', 'forbidden', 'not_found']),
  },
  run: {
    tags: [TAG],
    description:
      "Makes one extra run now (owner or admin; paid teams). Over the plan's checklist limit: 403 plan_limit_reached.",
    params: ScheduleParams,
    response: answers({ 201: OccurrenceAnswerSchema }, [
      'unauthenticated',
      'forbidden',
      'not_found',
      'plan_limit_reached',
    ]),
  },
};

/** Recurring schedules (docs/api.md "Schedules", docs/automation.md "Recurring schedules"). */
export async function scheduleRoutes(
  app: FastifyInstance,
  { context, runner }: { context: ScheduleContext; runner: RunnerContext },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);

  routes.get('/api/schedules', { schema: SCHEMAS.list }, async (request) => {
    const access = ownerAccess(await requireMember(request));
    return { schedules: await listSchedules(context.db, access) };
  });

  routes.post(
    '/api/schedules',
    { schema: SCHEMAS.create, config: { idempotent: 'body' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request));
      const schedule = await createSchedule(context, access, request.body);
      return reply.status(201).send({ schedule });
    },
  );

  routes.patch('/api/schedules/:id', { schema: SCHEMAS.update }, async (request) => {
    const access = ownerAccess(await requireMember(request));
    return { schedule: await updateSchedule(context, access, request.params.id, request.body) };
  });

  routes.delete(
    '/api/schedules/:id',
    { schema: SCHEMAS.delete, config: { idempotent: 'body' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request));
      await deleteSchedule(context.db, access, request.params.id);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/api/schedules/:id/run',
    { schema: SCHEMAS.run, config: { idempotent: 'body' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request));
      const occurrence = await runScheduleNow(runner, access, request.params.id);
      return reply.status(201).send({ occurrence });
    },
  );
}
