import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiTokenInput, ApiTokenParams } from '#domain/api-access';
import { ApiTokenCreatedSchema, ApiTokenListSchema } from '#domain/integrations-response';
import type { Database } from '../../db/client.ts';
import { ownerAccess } from '../../policies/checklists.ts';
import { createApiToken, listApiTokens, revokeToken } from '../../services/api-tokens.ts';
import { answers, noBody } from '../plugins/responses.ts';
import { authenticateFirst, requireMember } from '../plugins/session.ts';

const TAG = 'api tokens';

const SCHEMAS = {
  list: {
    tags: [TAG],
    description: "The active team's live API tokens (owner or admin). Secrets are never listed.",
    response: answers({ 200: ApiTokenListSchema }, ['unauthenticated', 'forbidden']),
  },
  create: {
    tags: [TAG],
    description:
      'Makes a team API token (owner or admin of a paid team; a signed-in session only). The secret ' +
      '(`ls_…`) is answered this once and stored as a hash: send it as `Authorization: Bearer <secret>`.',
    body: ApiTokenInput,
    response: answers({ 201: ApiTokenCreatedSchema }, [
      'validation_failed',
      'unauthenticated',
      'forbidden',
      'plan_limit_reached',
      'token_limit_reached',
    ]),
  },
  revoke: {
    tags: [TAG],
    description: 'Revokes the token (owner or admin): its next request is 401.',
    params: ApiTokenParams,
    response: answers({ 204: noBody('Revoked') }, ['unauthenticated', 'forbidden', 'not_found']),
  },
};

/** A team's API tokens (docs/api.md "API tokens", docs/integrations.md "Tokens"): sessions only. */
export async function apiTokenRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);

  routes.get('/api/tokens', { schema: SCHEMAS.list }, async (request) => {
    const access = ownerAccess(await requireMember(request));
    return { tokens: await listApiTokens(db, access) };
  });

  routes.post('/api/tokens', { schema: SCHEMAS.create }, async (request, reply) => {
    const access = ownerAccess(await requireMember(request));
    return reply.status(201).send(await createApiToken(db, access, request.body));
  });

  routes.delete(
    '/api/tokens/:id',
    { schema: SCHEMAS.revoke, config: { idempotent: 'body' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request));
      await revokeToken(db, access, request.params.id);
      return reply.status(204).send();
    },
  );
}
