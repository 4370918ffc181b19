import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ActivityPageSchema, ActivityQuery } from '#domain/activity-schemas';
import { ChecklistParams } from '#domain/checklist';
import { checklistNotFound, ownerAccess } from '../../policies/checklists.ts';
import { presentActivityPage } from '../../presenters/activity.ts';
import { listActivity } from '../../services/activity.ts';
import type { CursorKey } from '../../services/activity-cursors.ts';
import { type ReportContext, renderChecklistReport } from '../../services/report.ts';
import { recipientBrowserHash } from '../plugins/recipient.ts';
import { answers, binaryFile } from '../plugins/responses.ts';
import { authenticateFirst, requireMember } from '../plugins/session.ts';

const TAG = 'proof';

/** What each route takes and answers (the OpenAPI document and the tests' check of answers read them). */
const SCHEMAS = {
  activity: {
    tags: [TAG],
    params: ChecklistParams,
    querystring: ActivityQuery,
    response: answers({ 200: ActivityPageSchema }, ['unauthenticated', 'not_found', 'validation_failed']),
  },
  report: {
    tags: [TAG],
    params: ChecklistParams,
    response: answers({ 200: binaryFile('application/pdf', 'The completion report, as an attachment') }, [
      'unauthenticated',
      'not_found',
    ]),
  },
};

/**
 * A report costs about a second and a half of CPU and some 60 MB while it renders (decision 0023):
 * per IP, plenty for an owner, not enough to tie up an instance.
 */
const REPORT_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

/** A recipient's browser gets through the session check (then 404), anyone with no cookie 401. */
const AS_OWNER = { recipients: true, apiScope: 'checklists:read' } as const;

/**
 * The owner of the checklist may: a signed-in owner's access (the service answers 404 unless the
 * checklist is theirs); a recipient, even verified on this very checklist, gets 404 as anyone else.
 */
async function ownerOnly(request: FastifyRequest) {
  const member = await request.currentMember();
  if (member) return ownerAccess(member);
  if (recipientBrowserHash(request)) throw checklistNotFound();
  return ownerAccess(await requireMember(request));
}

/**
 * The owner's proof of a checklist (docs/api.md "Activity and report"; docs/decisions/0023): its activity trail and
 * its completion report. Owner only: anyone else, a recipient included, is answered 404.
 */
export async function proofRoutes(
  app: FastifyInstance,
  options: { reports: ReportContext; cursors: CursorKey },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(routes);
  const { reports, cursors } = options;

  routes.get(
    '/api/checklists/:id/activity',
    { schema: SCHEMAS.activity, config: AS_OWNER },
    async (request) => {
      const access = await ownerOnly(request);
      const { page, next } = await listActivity(
        reports.db,
        cursors,
        access,
        request.params.id,
        request.query,
      );
      return presentActivityPage(page, next);
    },
  );

  routes.get(
    '/api/checklists/:id/report.pdf',
    { schema: SCHEMAS.report, config: { ...AS_OWNER, rateLimit: REPORT_LIMIT } },
    async (request, reply) => {
      const access = await ownerOnly(request);
      const report = await renderChecklistReport(reports, access, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${report.filename}"`)
        .header('x-report-sha256', report.sha256)
        .header('cache-control', 'private, no-store')
        .send(report.bytes);
    },
  );
}
