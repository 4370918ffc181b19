import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UserPathParams } from '#domain/user-input';
import type { Database } from '../db/client.ts';
import { ownerAccess } from '../policies/checklists.ts';
import { presentSubscription } from '../presenters/subscriptions.ts';
import { subscriptionOf } from '../services/subscriptions.ts';
import { authenticateFirst, requireUser } from './session.ts';

/** The user's plan, limits and usage (spec section 7); own uid only. */
export async function subscriptionRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);

  routes.get('/api/user/:uid/subscription', { schema: { params: UserPathParams } }, async (request) => {
    const access = ownerAccess(await requireUser(request), request.params.uid);
    return presentSubscription(await subscriptionOf(db, access.userId));
  });
}
