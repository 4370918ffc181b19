import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHECKLIST_LIMITS,
  ChecklistParams,
  ChecklistUpdateInput,
  DashboardStatsQuery,
  ID_MAX,
  PHOTO_URL_MAX,
  SubmitInput,
  TaskParams,
  TaskPatchInput,
} from '#domain/checklist';
import { ChecklistPageQuery, checklistPagePath } from '#domain/checklist-pages';
import { ChecklistPatchInput } from '#domain/checklist-patch';
import {
  ChecklistListSchema,
  ChecklistSchema,
  DashboardStatsSchema,
  VERSION_CONFLICT_EXTRA,
} from '#domain/checklist-response';
import { SignatureDetailSchema } from '#domain/signature-response';
import { ChecklistCreateInput, DuplicateInput, isFromTemplate } from '#domain/templates';
import { ownerAccess } from '../../policies/checklists.ts';
import { assignChecklist } from '../../services/checklist-assignment.ts';
import { submitChecklist, updateRemarks } from '../../services/checklist-completion.ts';
import { type ChecklistListContext, listOwnChecklistsPage } from '../../services/checklist-list.ts';
import {
  type ChecklistContext,
  createChecklist,
  deleteChecklist,
  readOwnChecklistBody,
  replaceChecklist,
} from '../../services/checklists.ts';
import { dashboardStats } from '../../services/dashboard.ts';
import { changeDueAt } from '../../services/due-dates.ts';
import { changeRequireSignature, readLatestSignature } from '../../services/signatures.ts';
import { updateTask } from '../../services/task-changes.ts';
import { createFromTemplate, duplicateChecklist } from '../../services/templates.ts';
import { noteActor } from '../plugins/analytics-events.ts';
import { sayRevision } from '../plugins/checklist-revision.ts';
import { answerIfUnclaimed, claimApart, statementKeyOf } from '../plugins/idempotency.ts';
import { answers, noBody, orJsonText } from '../plugins/responses.ts';
import { authenticateFirst, callerOf, requiredSessionCheck, requireMember } from '../plugins/session.ts';

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

const TAG = 'checklists';

/**
 * What each route takes and answers (the OpenAPI document and the tests' check of answers read them).
 * Every route here answers 401 without a session. The routes a verified recipient uses too answer
 * 404 for a checklist out of the asker's reach, the owner's alike.
 */
const SCHEMAS = {
  list: {
    tags: [TAG],
    description:
      'The active team’s checklists, newest first. Without `limit` or `cursor`: all of them. With `limit` ' +
      '(1-200): that many, and a `Link: <…>; rel="next"` header naming the next page (its `cursor` is ' +
      'opaque; none on the last page). `assignee`: only those assigned to that member. A bad `limit`, or a ' +
      'cursor the API did not give for this team’s list: 400 validation_failed (docs/api.md).',
    querystring: ChecklistPageQuery,
    response: answers({ 200: orJsonText(ChecklistListSchema) }, [
      'validation_failed',
      'unauthenticated',
      'forbidden',
    ]),
  },
  create: {
    tags: [TAG],
    description:
      "The editor's checklist, or `{templateId, name?, dueAt?}`: a new checklist from a template (own or built-in; " +
      "an unknown or another owner's template answers 404). Both count against the plan limit.",
    body: ChecklistCreateInput,
    response: answers({ 201: ChecklistSchema }, [
      'unauthenticated',
      'forbidden',
      'not_found',
      'plan_limit_reached',
    ]),
  },
  duplicate: {
    tags: [TAG],
    description:
      "A copy of the owner's checklist: its tasks in order, their details and photo rules; no ticks, " +
      "photos, remarks or shares. Named 'Name (copy)' unless a name is sent. Counts against the plan limit.",
    params: ChecklistParams,
    body: DuplicateInput,
    response: answers({ 201: ChecklistSchema }, ['unauthenticated', 'not_found', 'plan_limit_reached']),
  },
  read: {
    tags: [TAG],
    params: ChecklistParams,
    response: answers({ 200: orJsonText(ChecklistSchema) }, ['unauthenticated', 'not_found']),
  },
  replace: {
    tags: [TAG],
    params: ChecklistParams,
    body: ChecklistUpdateInput,
    response: answers(
      { 200: ChecklistSchema },
      ['unauthenticated', 'forbidden', 'not_found', 'version_conflict'],
      VERSION_CONFLICT_EXTRA,
    ),
  },
  remarks: {
    tags: [TAG],
    description:
      'Any of: the remarks (the owner’s team or a verified recipient), the assignee (a member of the ' +
      'checklist’s team, or null) and `dueAt` (an ISO 8601 instant from 2000 to 2099, or null); the ' +
      'last two for members only: a recipient gets 404. A new `dueAt` clears the overdue mark.',
    params: ChecklistParams,
    body: ChecklistPatchInput,
    response: answers({ 200: ChecklistSchema }, ['validation_failed', 'unauthenticated', 'not_found']),
  },
  delete: {
    tags: [TAG],
    params: ChecklistParams,
    response: answers({ 204: noBody('Deleted, with its tasks and photos') }, [
      'unauthenticated',
      'not_found',
    ]),
  },
  task: {
    tags: [TAG],
    params: TaskParams,
    body: TaskPatchInput,
    response: answers({ 200: orJsonText(ChecklistSchema) }, ['unauthenticated', 'not_found']),
  },
  submit: {
    tags: [TAG],
    params: ChecklistParams,
    body: SubmitInput,
    response: answers({ 200: ChecklistSchema }, [
      'validation_failed',
      'unauthenticated',
      'not_found',
      'missing_photos',
      'signature_required',
    ]),
  },
  signature: {
    tags: [TAG],
    params: ChecklistParams,
    response: answers({ 200: SignatureDetailSchema }, ['unauthenticated', 'not_found']),
  },
  stats: {
    tags: [TAG],
    querystring: DashboardStatsQuery,
    response: answers({ 200: DashboardStatsSchema }, ['unauthenticated']),
  },
};

/**
 * An owner's checklists (docs/api.md). Each route: validate, authorise, one service call, present.
 * The two hottest routes (read one, tick a task) check the session inside their own query; the routes
 * a recipient may use too pass who is asking (`callerOf`) and the service's policy decides.
 * The routes are registered in groups, below, in this order (the OpenAPI document lists them so).
 */
export async function checklistRoutes(
  app: FastifyInstance,
  context: ChecklistContext & Pick<ChecklistListContext, 'cursors'>,
) {
  authenticateFirst(app);
  collectionRoutes(app, context);
  oneChecklistRoutes(app, context);
  taskAndSubmitRoutes(app, context);

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/dashboard/stats',
    { schema: SCHEMAS.stats, config: { apiScope: 'checklists:read' } },
    async (request) => {
      const access = ownerAccess(await requireMember(request));
      return dashboardStats(context.db, access, request.query.timeZone);
    },
  );
}

/** The owner's list, and the checklists made new: from the editor, from a template, as a copy. */
function collectionRoutes(
  app: FastifyInstance,
  context: ChecklistContext & Pick<ChecklistListContext, 'cursors'>,
) {
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/checklists',
    { schema: SCHEMAS.list, config: { sessionInQuery: true, apiScope: 'checklists:read' } },
    async (request, reply) => {
      const page = await listOwnChecklistsPage(context, requiredSessionCheck(request), request.query);
      if (page.next) {
        const next = checklistPagePath({ ...request.query, cursor: page.next });
        reply.header('link', `<${next}>; rel="next"`);
      }
      return reply.type(JSON_BODY).send(page.body);
    },
  );

  routes.post(
    '/api/checklists',
    {
      schema: SCHEMAS.create,
      bodyLimit: CHECKLIST_BODY_LIMIT,
      config: { idempotent: 'body', apiScope: 'checklists:write' },
    },
    async (request, reply) => {
      const { body } = request;
      const access = ownerAccess(await requireMember(request), body.userId);
      const checklist = isFromTemplate(body)
        ? await createFromTemplate(db, access, body)
        : await createChecklist(db, access, body);
      return reply.status(201).send(checklist);
    },
  );

  routes.post(
    '/api/checklists/:id/duplicate',
    { schema: SCHEMAS.duplicate, config: { idempotent: 'body', apiScope: 'checklists:write' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request));
      const checklist = await duplicateChecklist(db, access, request.params.id, request.body);
      return reply.status(201).send(checklist);
    },
  );
}

/** One checklist: read, replace, its remarks (a recipient's too), delete. */
function oneChecklistRoutes(app: FastifyInstance, context: ChecklistContext) {
  const { db, cache } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/checklists/:id',
    {
      schema: SCHEMAS.read,
      config: { sessionInQuery: true, answersRevision: true, apiScope: 'checklists:read' },
    },
    async (request, reply) => {
      const read = await readOwnChecklistBody(db, cache, requiredSessionCheck(request), request.params.id);
      return sayRevision(reply, read.revision).type(JSON_BODY).send(read.body);
    },
  );

  routes.put(
    '/api/checklists/:id',
    {
      schema: SCHEMAS.replace,
      bodyLimit: CHECKLIST_BODY_LIMIT,
      config: { idempotent: 'body', answersRevision: true, apiScope: 'checklists:write' },
    },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request), request.body.userId);
      const saved = await replaceChecklist(context, access, request.params.id, request.body);
      return sayRevision(reply, saved.revision).send(saved.checklist);
    },
  );

  routes.patch(
    '/api/checklists/:id',
    {
      schema: SCHEMAS.remarks,
      // A remark (the checklist page's autosave, queued offline) claims its key in its write's statement.
      config: {
        recipients: true,
        idempotent: 'in-statement',
        answersRevision: true,
        apiScope: 'checklists:write',
      },
    },
    async (request, reply) => {
      const { remarks, assigneeUid, dueAt, requireSignature, ...rest } = request.body;
      const onlyRemarks = assigneeUid === undefined && dueAt === undefined && requireSignature === undefined;
      // Anything more than remarks claims the key first, on its own (nothing runs on a replay).
      if (!onlyRemarks && (await claimApart(request, reply))) return reply;
      const caller = callerOf(request);
      const { id } = request.params;
      let saved = assigneeUid !== undefined ? await assignChecklist(db, caller, id, assigneeUid) : null;
      // Members only (a recipient: 404), before the remarks, so a refused patch writes nothing.
      if (dueAt !== undefined) saved = await changeDueAt(db, caller, id, dueAt);
      if (requireSignature !== undefined)
        saved = await changeRequireSignature(db, caller, id, requireSignature);
      if (remarks !== undefined) {
        const key = onlyRemarks ? statementKeyOf(request) : undefined;
        saved = await updateRemarks(context, caller, id, { ...rest, remarks }, key);
        // The key was held by another request: its answer, or why not, and nothing ran here.
        if (!saved) {
          if (!(await answerIfUnclaimed(request, reply, key)))
            throw new Error('an unclaimed key went unanswered');
          return reply;
        }
      }
      if (!saved) throw new Error('a patch with nothing to change passed validation');
      return sayRevision(reply, saved.revision).send(saved.checklist);
    },
  );

  routes.delete(
    '/api/checklists/:id',
    { schema: SCHEMAS.delete, config: { idempotent: 'body', apiScope: 'checklists:write' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request));
      await deleteChecklist(context, access, request.params.id);
      return reply.status(204).send();
    },
  );
}

/** The work on a checklist, the owner's or a recipient's: a task changed, the checklist submitted. */
function taskAndSubmitRoutes(app: FastifyInstance, context: ChecklistContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.patch(
    '/api/checklists/:id/tasks/:taskId',
    {
      schema: SCHEMAS.task,
      config: {
        sessionInQuery: true,
        recipients: true,
        idempotent: 'in-statement',
        answersRevision: true,
        apiScope: 'checklists:write',
      },
      bodyLimit: TASK_PATCH_BODY_LIMIT,
    },
    async (request, reply) => {
      const { id, taskId } = request.params;
      const key = statementKeyOf(request);
      const updated = await updateTask(context, callerOf(request), id, taskId, request.body, key);
      if (updated.body === null) {
        // The key was held by another request: its answer, or why not, and nothing ran here.
        if (!(await answerIfUnclaimed(request, reply, key)))
          throw new Error('an unclaimed key went unanswered');
        return reply;
      }
      noteActor(request, updated.actorKind);
      return sayRevision(reply, updated.revision).type(JSON_BODY).send(updated.body);
    },
  );

  routes.post(
    '/api/checklists/:id/submit',
    {
      schema: SCHEMAS.submit,
      config: { recipients: true, idempotent: 'body', answersRevision: true, apiScope: 'checklists:write' },
    },
    async (request, reply) => {
      const submitted = await submitChecklist(context, callerOf(request), request.params.id, request.body);
      return sayRevision(reply, submitted.revision).send(submitted.checklist);
    },
  );

  // The latest signature with its drawing (the checklist's answers carry who signed and when only).
  routes.get(
    '/api/checklists/:id/signature',
    { schema: SCHEMAS.signature, config: { recipients: true, apiScope: 'checklists:read' } },
    async (request) => readLatestSignature(context.db, callerOf(request), request.params.id),
  );
}
