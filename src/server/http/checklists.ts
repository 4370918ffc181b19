import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHECKLIST_LIMITS,
  ChecklistInput,
  ChecklistListQuery,
  ChecklistParams,
  ChecklistUpdateInput,
  DashboardStatsQuery,
  ID_MAX,
  PHOTO_URL_MAX,
  RemarksInput,
  SubmitInput,
  TaskParams,
  TaskPatchInput,
} from '#domain/checklist';
import { ownerAccess } from '../policies/checklists.ts';
import { sessionRequired } from '../policies/sessions.ts';
import { presentChecklistSummary } from '../presenters/checklists.ts';
import { submitChecklist, updateRemarks } from '../services/checklist-completion.ts';
import {
  type ChecklistContext,
  createChecklist,
  deleteChecklist,
  listChecklists,
  readOwnChecklistBody,
  replaceChecklist,
} from '../services/checklists.ts';
import { dashboardStats } from '../services/dashboard.ts';
import { updateTask } from '../services/task-changes.ts';
import { authenticateFirst, callerOf, requireUser, sessionCheckOf } from './session.ts';

/**
 * The largest checklist body the limits allow must fit: every text at its maximum length, at 3 bytes
 * per character (the most UTF-8 needs for one UTF-16 unit; JSON's \n and \" take 2), plus the keys,
 * ids, flags and photo URL of each task. 500 tasks of 1,000 + 5,000 characters: about 10.3 MB.
 */
const BYTES_PER_CHARACTER = 3;
const TASK_FRAME_BYTES = 256 + ID_MAX + PHOTO_URL_MAX;
export const CHECKLIST_BODY_LIMIT =
  BYTES_PER_CHARACTER * (CHECKLIST_LIMITS.nameMax + CHECKLIST_LIMITS.remarksMax) +
  CHECKLIST_LIMITS.tasksMax *
    (BYTES_PER_CHARACTER * (CHECKLIST_LIMITS.descriptionMax + CHECKLIST_LIMITS.detailsMax) +
      TASK_FRAME_BYTES) +
  4_096;

/** A task change is a flag and a photo URL; it is read before the session is checked, so it stays small. */
const TASK_PATCH_BODY_LIMIT = 1_024 + PHOTO_URL_MAX * BYTES_PER_CHARACTER;

/** Bodies the services wrote already (cached checklists' JSON). */
const JSON_BODY = 'application/json; charset=utf-8';

/**
 * An owner's checklists (docs/api.md). Each route: validate, authorise, one service call, present.
 * The two hottest routes (read one, tick a task) check the session inside their own query; the routes
 * a recipient may use too pass who is asking (`callerOf`) and the service's policy decides.
 */
export async function checklistRoutes(app: FastifyInstance, context: ChecklistContext) {
  const { db, cache } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);

  routes.get('/api/checklists', { schema: { querystring: ChecklistListQuery } }, async (request) => {
    const access = ownerAccess(await requireUser(request), request.query.userId);
    return (await listChecklists(db, access)).map(presentChecklistSummary);
  });

  routes.post(
    '/api/checklists',
    { schema: { body: ChecklistInput }, bodyLimit: CHECKLIST_BODY_LIMIT, config: { idempotent: 'body' } },
    async (request, reply) => {
      const access = ownerAccess(await requireUser(request), request.body.userId);
      const checklist = await createChecklist(db, access, request.body);
      return reply.status(201).send(checklist);
    },
  );

  routes.get(
    '/api/checklists/:id',
    { schema: { params: ChecklistParams }, config: { sessionInQuery: true } },
    async (request, reply) => {
      const session = sessionCheckOf(request);
      if (!session) throw sessionRequired();
      const body = await readOwnChecklistBody(db, cache, session, request.params.id);
      return reply.type(JSON_BODY).send(body);
    },
  );

  routes.put(
    '/api/checklists/:id',
    {
      schema: { params: ChecklistParams, body: ChecklistUpdateInput },
      bodyLimit: CHECKLIST_BODY_LIMIT,
      config: { idempotent: 'body' },
    },
    async (request) => {
      const access = ownerAccess(await requireUser(request), request.body.userId);
      return replaceChecklist(context, access, request.params.id, request.body);
    },
  );

  routes.patch(
    '/api/checklists/:id',
    {
      schema: { params: ChecklistParams, body: RemarksInput },
      config: { recipients: true, idempotent: 'body' },
    },
    async (request) => updateRemarks(db, callerOf(request), request.params.id, request.body),
  );

  routes.delete(
    '/api/checklists/:id',
    { schema: { params: ChecklistParams }, config: { idempotent: 'body' } },
    async (request, reply) => {
      const access = ownerAccess(await requireUser(request));
      await deleteChecklist(context, access, request.params.id);
      return reply.status(204).send();
    },
  );

  routes.patch(
    '/api/checklists/:id/tasks/:taskId',
    {
      schema: { params: TaskParams, body: TaskPatchInput },
      config: { sessionInQuery: true, recipients: true, idempotent: 'body' },
      bodyLimit: TASK_PATCH_BODY_LIMIT,
    },
    async (request, reply) => {
      const { id, taskId } = request.params;
      const body = await updateTask(context, callerOf(request), id, taskId, request.body);
      return reply.type(JSON_BODY).send(body);
    },
  );

  routes.post(
    '/api/checklists/:id/submit',
    {
      schema: { params: ChecklistParams, body: SubmitInput },
      config: { recipients: true, idempotent: 'body' },
    },
    async (request) =>
      submitChecklist(
        db,
        callerOf(request),
        request.params.id,
        request.body.remarks,
        request.body.remarksLanguage,
      ),
  );

  routes.get('/api/dashboard/stats', { schema: { querystring: DashboardStatsQuery } }, async (request) => {
    const access = ownerAccess(await requireUser(request));
    return dashboardStats(db, access, request.query.timeZone);
  });
}
