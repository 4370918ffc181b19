import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChecklistListQuery } from '#domain/checklist';
import { CHECKLIST_EXPORT_PATH, checklistExportFileName } from '#domain/checklist-export';
import type { Database } from '../../db/client.ts';
import { ownerAccess } from '../../policies/checklists.ts';
import { checklistExportChunks } from '../../services/checklist-export.ts';
import { answers, streamedTextFile } from '../plugins/responses.ts';
import { requireMember } from '../plugins/session.ts';

/**
 * GET /api/checklists/export.csv (docs/integrations.md "Export", decision 0051): the active team's
 * checklists as a CSV file, on every plan, to a signed-in member or a token with checklists:read.
 * The body is a stream the services' generator fills page by page as the client reads.
 */
const SCHEMA = {
  tags: ['checklists'],
  description:
    "The active team's checklists as CSV (RFC 4180, UTF-8 with a BOM, times in ISO 8601 UTC, newest " +
    "first): a cell a spreadsheet would read as a formula is prefixed with `'`. Streamed page by page. " +
    '`userId`, when sent, must be the caller (bearer requests may leave it out).',
  querystring: ChecklistListQuery,
  response: answers(
    {
      200: streamedTextFile(
        'text/csv',
        'The checklists, one record per checklist (docs/integrations.md "Export")',
      ),
    },
    ['unauthenticated', 'forbidden'],
  ),
};

export async function checklistExportRoutes(app: FastifyInstance, options: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    CHECKLIST_EXPORT_PATH,
    { schema: SCHEMA, config: { apiScope: 'checklists:read' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request), request.query.userId);
      const file = checklistExportFileName(new Date());
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file}"`)
          .header('cache-control', 'no-store')
          // One page ahead at most: Readable.from's default (16 objects) read 16 pages of 500 before the
          // client took the first, most of a 10,000-checklist team in memory (decision 0063).
          .send(Readable.from(checklistExportChunks(options.db, access), { highWaterMark: 1 }))
      );
    },
  );
}
