import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INSIGHTS_CSV_PATH, INSIGHTS_PATH } from '#domain/insights';
import { insightsCsv, insightsCsvFileName } from '#domain/insights-csv';
import { InsightsQuery, InsightsSchema } from '#domain/insights-schemas';
import type { Database } from '../../db/client.ts';
import { ownerAccess } from '../../policies/checklists.ts';
import { readInsights } from '../../services/insights.ts';
import { answers, textFile } from '../plugins/responses.ts';
import { authenticateFirst, requireMember } from '../plugins/session.ts';

const TAG = 'insights';

const RANGE =
  '`from` and `to` are days (YYYY-MM-DD) in the team’s time zone, both included; default the last 30 ' +
  'days. A start after the end, or more than 366 days: 400 validation_failed. Any member of the active ' +
  'team; paid teams only (free: 403 plan_limit_reached).';

const SCHEMAS = {
  json: {
    tags: [TAG],
    description: `The active team’s figures (docs/insights.md). ${RANGE}`,
    querystring: InsightsQuery,
    response: answers({ 200: InsightsSchema }, ['unauthenticated', 'plan_limit_reached', 'not_found']),
  },
  csv: {
    tags: [TAG],
    description: `The same figures as a CSV file of sections, as an attachment. ${RANGE}`,
    querystring: InsightsQuery,
    response: answers({ 200: textFile('text/csv', 'The figures (docs/insights.md "CSV")') }, [
      'unauthenticated',
      'plan_limit_reached',
      'not_found',
    ]),
  },
};

/** Insights (docs/api.md "Insights"): a token with checklists:read may read them too. */
export async function insightsRoutes(app: FastifyInstance, options: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);

  routes.get(
    INSIGHTS_PATH,
    { schema: SCHEMAS.json, config: { apiScope: 'checklists:read' } },
    async (request) => readInsights(options.db, ownerAccess(await requireMember(request)), request.query),
  );

  routes.get(
    INSIGHTS_CSV_PATH,
    { schema: SCHEMAS.csv, config: { apiScope: 'checklists:read' } },
    async (request, reply) => {
      const insights = await readInsights(
        options.db,
        ownerAccess(await requireMember(request)),
        request.query,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${insightsCsvFileName(insights)}"`)
        .send(insightsCsv(insights));
    },
  );
}
