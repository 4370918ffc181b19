import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChecklistParams } from '#domain/checklist';
import { RemarksTranslationQuery, UserLanguageInput } from '#domain/translation-input';
import { RemarksTranslationSchema, UserLanguageSchema } from '#domain/translation-response';
import { UserPathParams } from '#domain/user-input';
import type { Database } from '../../db/client.ts';
import { ownerAccess } from '../../policies/checklists.ts';
import { remarksInLanguage } from '../../services/shared-translation.ts';
import type { TranslationService } from '../../services/translation.ts';
import { setUserLanguage } from '../../services/users.ts';
import { answers } from '../plugins/responses.ts';
import { authenticateFirst, requireMember } from '../plugins/session.ts';

/** What each route takes and answers (the OpenAPI document and the tests' check of answers read them). */
const SCHEMAS = {
  remarks: {
    tags: ['translation'],
    params: ChecklistParams,
    querystring: RemarksTranslationQuery,
    response: answers({ 200: RemarksTranslationSchema }, ['unauthenticated', 'not_found']),
  },
  language: {
    tags: ['translation'],
    params: UserPathParams,
    body: UserLanguageInput,
    response: answers({ 200: UserLanguageSchema }, ['unauthenticated', 'forbidden']),
  },
};

/** The owner's side of translation (docs/api.md "Translation"): their language, remarks in it. */
export async function translationRoutes(
  app: FastifyInstance,
  { db, translation }: { db: Database; translation: TranslationService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);

  routes.get(
    '/api/checklists/:id/remarks',
    { schema: SCHEMAS.remarks, config: { apiScope: 'checklists:read' } },
    async (request) => {
      const access = ownerAccess(await requireMember(request));
      return remarksInLanguage(db, translation, access, request.params.id, request.query.lang);
    },
  );

  routes.put(
    '/api/user/:uid/language',
    { schema: SCHEMAS.language, config: { idempotent: 'body' } },
    async (request) => {
      const access = ownerAccess(await requireMember(request), request.params.uid);
      return setUserLanguage(db, access.userId, request.body.language);
    },
  );
}
