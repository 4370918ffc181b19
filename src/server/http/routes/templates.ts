import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TemplateInput, TemplateParams } from '#domain/templates';
import { SavedTemplateSchema, TemplateListSchema } from '#domain/templates-response';
import type { Database } from '../../db/client.ts';
import { ownerAccess } from '../../policies/checklists.ts';
import { deleteTemplate, listTemplates, saveAsTemplate } from '../../services/templates.ts';
import { answers, noBody } from '../plugins/responses.ts';
import { authenticateFirst, requireMember } from '../plugins/session.ts';

const TAG = 'templates';

/** What each route takes and answers; all of them answer 401 without a session. */
const SCHEMAS = {
  list: {
    tags: [TAG],
    response: answers({ 200: TemplateListSchema }, ['unauthenticated']),
  },
  save: {
    tags: [TAG],
    description:
      "Saves the owner's checklist as a template: its tasks in order, their details and photo rules, " +
      'nothing of their state. Templates do not count against the plan limit; an owner keeps at most 100.',
    body: TemplateInput,
    response: answers({ 201: SavedTemplateSchema }, [
      'unauthenticated',
      'not_found',
      'template_limit_reached',
    ]),
  },
  delete: {
    tags: [TAG],
    description: "Deletes one of the owner's templates; built-in ones cannot be (403 forbidden).",
    params: TemplateParams,
    response: answers({ 204: noBody('Deleted') }, ['unauthenticated', 'forbidden', 'not_found']),
  },
};

/** Templates (docs/api.md "Templates"); a checklist is made from one by POST /api/checklists. */
export async function templateRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);

  routes.get(
    '/api/templates',
    { schema: SCHEMAS.list, config: { apiScope: 'checklists:read' } },
    async (request) => {
      const access = ownerAccess(await requireMember(request));
      return { templates: await listTemplates(db, access) };
    },
  );

  routes.post(
    '/api/templates',
    { schema: SCHEMAS.save, config: { idempotent: 'body', apiScope: 'checklists:write' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request));
      const template = await saveAsTemplate(db, access, request.body);
      return reply.status(201).send({ template });
    },
  );

  routes.delete(
    '/api/templates/:id',
    { schema: SCHEMAS.delete, config: { idempotent: 'body', apiScope: 'checklists:write' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request));
      await deleteTemplate(db, access, request.params.id);
      return reply.status(204).send();
    },
  );
}
