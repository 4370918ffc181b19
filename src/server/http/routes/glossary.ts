import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChecklistParams } from '#domain/checklist';
import {
  ChecklistTranslationQuery,
  GlossaryEntryInput,
  GlossaryParams,
  TaskTranslationParams,
  TranslationCorrectionInput,
  TranslationCorrectionQuery,
} from '#domain/glossary';
import {
  ChecklistTranslationSchema,
  GlossaryEntryAnswerSchema,
  GlossaryListSchema,
} from '#domain/glossary-response';
import type { Database } from '../../db/client.ts';
import { ownerAccess } from '../../policies/checklists.ts';
import { addGlossaryEntry, listGlossaryEntries, removeGlossaryEntry } from '../../services/glossary.ts';
import type { TranslationService } from '../../services/translation.ts';
import { checklistTranslation, setTaskCorrection } from '../../services/translation-corrections.ts';
import { answers, noBody } from '../plugins/responses.ts';
import { authenticateFirst, requireMember } from '../plugins/session.ts';

const TAG = 'translation';

const SCHEMAS = {
  list: {
    tags: [TAG],
    description: "The team's glossary, every language (any member).",
    response: answers({ 200: GlossaryListSchema }, ['unauthenticated']),
  },
  add: {
    tags: [TAG],
    description:
      'Adds a term every engine translates as `target` into `language` (whole words, any case). The owner ' +
      "and admins only; a language of the team's plan; at most 500 entries; one entry per term and language.",
    body: GlossaryEntryInput,
    response: answers({ 201: GlossaryEntryAnswerSchema }, [
      'validation_failed',
      'unauthenticated',
      'forbidden',
      'plan_limit_reached',
      'glossary_limit_reached',
      'glossary_term_exists',
    ]),
  },
  delete: {
    tags: [TAG],
    description: 'Deletes a glossary entry (the owner and admins only).',
    params: GlossaryParams,
    response: answers({ 204: noBody('Deleted') }, ['unauthenticated', 'forbidden', 'not_found']),
  },
  view: {
    tags: [TAG],
    description:
      "The checklist's tasks as a recipient reading `lang` sees them, with the team's corrections.",
    params: ChecklistParams,
    querystring: ChecklistTranslationQuery,
    response: answers({ 200: ChecklistTranslationSchema }, [
      'validation_failed',
      'unauthenticated',
      'not_found',
    ]),
  },
  correct: {
    tags: [TAG],
    description:
      "The team's own translation of one task's description or details into `language`: shown instead of " +
      "the engine's wherever the team has that exact text.",
    params: TaskTranslationParams,
    body: TranslationCorrectionInput,
    response: answers({ 200: ChecklistTranslationSchema }, [
      'validation_failed',
      'unauthenticated',
      'not_found',
    ]),
  },
  uncorrect: {
    tags: [TAG],
    description: "Removes the team's translation of that text: the engine's shows again.",
    params: TaskTranslationParams,
    querystring: TranslationCorrectionQuery,
    response: answers({ 200: ChecklistTranslationSchema }, [
      'validation_failed',
      'unauthenticated',
      'not_found',
    ]),
  },
};

/** The team glossary and corrections of one task (docs/api.md "Glossary", docs/translation.md). */
export async function glossaryRoutes(
  app: FastifyInstance,
  { db, translation }: { db: Database; translation: TranslationService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);

  routes.get(
    '/api/glossary',
    { schema: SCHEMAS.list, config: { apiScope: 'checklists:read' } },
    async (request) => {
      const access = ownerAccess(await requireMember(request));
      return { entries: await listGlossaryEntries(db, access) };
    },
  );

  routes.post(
    '/api/glossary',
    { schema: SCHEMAS.add, config: { idempotent: 'body', apiScope: 'checklists:write' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request));
      const entry = await addGlossaryEntry(db, access, request.body);
      return reply.status(201).send({ entry });
    },
  );

  routes.delete(
    '/api/glossary/:id',
    { schema: SCHEMAS.delete, config: { idempotent: 'body', apiScope: 'checklists:write' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request));
      await removeGlossaryEntry(db, access, request.params.id);
      return reply.status(204).send();
    },
  );

  routes.get(
    '/api/checklists/:id/translation',
    { schema: SCHEMAS.view, config: { apiScope: 'checklists:read' } },
    async (request) => {
      const access = ownerAccess(await requireMember(request));
      return checklistTranslation(db, translation, access, request.params.id, request.query.lang);
    },
  );

  routes.put(
    '/api/checklists/:id/tasks/:taskId/translation',
    { schema: SCHEMAS.correct, config: { idempotent: 'body', apiScope: 'checklists:write' } },
    async (request) => {
      const access = ownerAccess(await requireMember(request));
      const { id: checklistId, taskId } = request.params;
      const { language, field, text } = request.body;
      return setTaskCorrection(db, translation, access, { checklistId, taskId, language, field }, text);
    },
  );

  routes.delete(
    '/api/checklists/:id/tasks/:taskId/translation',
    { schema: SCHEMAS.uncorrect, config: { idempotent: 'body', apiScope: 'checklists:write' } },
    async (request) => {
      const access = ownerAccess(await requireMember(request));
      const { id: checklistId, taskId } = request.params;
      return setTaskCorrection(db, translation, access, { checklistId, taskId, ...request.query }, null);
    },
  );
}
