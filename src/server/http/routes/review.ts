import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChecklistParams } from '#domain/checklist';
import { ChecklistSchema } from '#domain/checklist-response';
import { ReviewInput } from '#domain/review';
import { type ReviewContext, reviewChecklist } from '../../services/review.ts';
import { sayRevision } from '../plugins/checklist-revision.ts';
import { answers } from '../plugins/responses.ts';
import { authenticateFirst, callerOf } from '../plugins/session.ts';

const SCHEMAS = {
  review: {
    tags: ['checklists'],
    summary: 'Approve a submitted checklist, or send tasks back to be done again',
    params: ChecklistParams,
    body: ReviewInput,
    response: answers({ 200: ChecklistSchema }, [
      'validation_failed',
      'unauthenticated',
      'not_found',
      'not_submitted',
    ]),
  },
};

/**
 * The team's review of a submitted checklist (docs/review-and-proof.md "Review"): validate, one service
 * call (the policy inside decides: a member of the checklist's team; a recipient is not found), present.
 */
export async function reviewRoutes(app: FastifyInstance, context: ReviewContext) {
  authenticateFirst(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/checklists/:id/review',
    {
      schema: SCHEMAS.review,
      config: { idempotent: 'body', answersRevision: true, apiScope: 'checklists:write' },
    },
    async (request, reply) => {
      const reviewed = await reviewChecklist(context, callerOf(request), request.params.id, request.body);
      return sayRevision(reply, reviewed.revision).send(reviewed.checklist);
    },
  );
}
