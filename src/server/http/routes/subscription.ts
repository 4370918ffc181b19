import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SubscriptionInfoSchema } from '#domain/billing-response';
import { UserPathParams } from '#domain/user-input';
import type { Database } from '../../db/client.ts';
import { ownerAccess } from '../../policies/checklists.ts';
import { presentSubscription } from '../../presenters/subscriptions.ts';
import { subscriptionOf } from '../../services/subscriptions.ts';
import { answers } from '../plugins/responses.ts';
import { authenticateFirst, requireMember } from '../plugins/session.ts';

/** What the route takes and answers (the OpenAPI document and the tests' check of answers read it). */
const SCHEMA = {
  tags: ['plans and billing'],
  params: UserPathParams,
  response: answers({ 200: SubscriptionInfoSchema }, ['unauthenticated', 'forbidden']),
};

/** The active team's plan, limits and usage (spec section 7); own uid only. */
export async function subscriptionRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);

  routes.get('/api/user/:uid/subscription', { schema: SCHEMA }, async (request) => {
    const member = await requireMember(request);
    const access = ownerAccess(member, request.params.uid);
    return presentSubscription(await subscriptionOf(db, access.teamId, member.user.uid));
  });
}
