import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CheckoutSessionParams,
  type CheckoutStatus,
  CreateSubscriptionInput,
  type RedirectAnswer,
  type TestCheckoutView,
  TestPortalAction,
  type TestPortalView,
} from '#domain/billing';
import {
  CheckoutStatusSchema,
  RedirectAnswerSchema,
  TestCheckoutViewSchema,
  TestPortalViewSchema,
  WebhookReceiptSchema,
} from '#domain/billing-response';
import { AppError } from '#domain/errors';
import { canManageBilling, TEAM_MESSAGES } from '#domain/teams';
import { LocalBilling } from '../../adapters/billing/local-billing.ts';
import type { TestCheckoutReach } from '../../config/billing.ts';
import type { Database } from '../../db/client.ts';
import { ownerAccess } from '../../policies/checklists.ts';
import {
  actOnTestPortal,
  type BillingContext,
  billingUnavailable,
  checkoutStatus,
  openPortal,
  startCheckout,
  type TeamPayer,
} from '../../services/billing.ts';
import { receiveWebhook } from '../../services/billing-webhooks.ts';
import { teamActor } from '../../services/teams.ts';
import { nothingHere } from '../plugins/errors.ts';
import { answers } from '../plugins/responses.ts';
import { authenticateFirst, requireMember } from '../plugins/session.ts';
import { isFromThisComputer } from '../plugins/test-checkout-reach.ts';

const TAG = 'plans and billing';
const LOCAL = 'local mode';

/** What each route takes and answers (the OpenAPI document and the tests' check of answers read them). */
const SCHEMAS = {
  createSubscription: {
    tags: [TAG],
    body: CreateSubscriptionInput,
    response: answers({ 200: RedirectAnswerSchema }, [
      'unauthenticated',
      'forbidden',
      'subscription_exists',
      'billing_unavailable',
    ]),
  },
  checkoutStatus: {
    tags: [TAG],
    params: CheckoutSessionParams,
    response: answers({ 200: CheckoutStatusSchema }, ['unauthenticated', 'forbidden', 'not_found']),
  },
  portal: {
    tags: [TAG],
    response: answers({ 200: RedirectAnswerSchema }, [
      'unauthenticated',
      'forbidden',
      'not_found',
      'billing_unavailable',
    ]),
  },
  webhook: {
    tags: [TAG],
    response: answers({ 200: WebhookReceiptSchema }, ['signature_invalid', 'billing_unavailable']),
  },
  testCheckout: {
    tags: [LOCAL],
    params: CheckoutSessionParams,
    response: answers({ 200: TestCheckoutViewSchema }, ['unauthenticated', 'forbidden', 'not_found']),
  },
  testCheckoutStep: {
    tags: [LOCAL],
    params: CheckoutSessionParams,
    response: answers({ 200: RedirectAnswerSchema }, ['unauthenticated', 'forbidden', 'not_found']),
  },
  testPortal: {
    tags: [LOCAL],
    response: answers({ 200: TestPortalViewSchema }, ['unauthenticated', 'forbidden', 'not_found']),
  },
  testPortalAction: {
    tags: [LOCAL],
    body: TestPortalAction,
    response: answers({ 200: TestPortalViewSchema }, ['unauthenticated', 'forbidden', 'not_found']),
  },
};

/**
 * Who pays for the active team: its owner only (docs/teams.md); an admin or a member is 403 forbidden.
 * A `userId` sent beside (the spec's create-subscription body) must be the caller's own.
 */
async function payerOf(
  db: Database,
  request: FastifyRequest,
  claimedUserId?: string | null,
): Promise<TeamPayer> {
  const member = await requireMember(request);
  const access = ownerAccess(member, claimedUserId);
  const actor = await teamActor(db, member);
  if (!canManageBilling(actor.role)) throw new AppError('forbidden', TEAM_MESSAGES.billingOwnerOnly);
  return { teamId: access.teamId, email: member.user.email };
}

/** The billing services, and who may use local mode's test checkout (decision 0044). */
export interface BillingRoutesContext extends BillingContext {
  /** 'loopback': requests from this computer only; 'anyone': a test deployment; null: no test checkout. */
  testCheckoutReach: TestCheckoutReach | null;
}

/** Whether this request may use the test checkout: anyone's may, unless it runs on loopback only. */
function reaches(request: FastifyRequest, context: BillingRoutesContext): boolean {
  return context.testCheckoutReach !== 'loopback' || isFromThisComputer(request, context.publicUrl);
}

/** The billing a request meets: for one the test checkout does not reach, billing is off. */
function billingFor(request: FastifyRequest, context: BillingRoutesContext): BillingContext {
  return reaches(request, context) ? context : { ...context, provider: null };
}

/** Buying a plan and managing it: signed-in team owners only, each for their active team. */
export async function billingRoutes(app: FastifyInstance, context: BillingRoutesContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);

  routes.post(
    '/api/create-subscription',
    {
      schema: SCHEMAS.createSubscription,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request): Promise<RedirectAnswer> => {
      const payer = await payerOf(context.db, request, request.body.userId);
      return startCheckout(billingFor(request, context), payer, request.body);
    },
  );

  routes.get(
    '/api/billing/checkout/:sessionId',
    { schema: SCHEMAS.checkoutStatus },
    async (request): Promise<CheckoutStatus> => {
      const payer = await payerOf(context.db, request);
      return checkoutStatus(context.db, payer.teamId, request.params.sessionId);
    },
  );

  routes.post(
    '/api/billing/portal',
    { schema: SCHEMAS.portal, config: { rateLimit: { max: 30, timeWindow: '10 minutes' } } },
    async (request): Promise<RedirectAnswer> => {
      return openPortal(billingFor(request, context), (await payerOf(context.db, request)).teamId);
    },
  );
}

/**
 * POST /api/billing/webhook: Stripe's deliveries (or local mode's own). The body stays raw bytes
 * until its signature has been checked against them.
 */
export async function billingWebhookRoutes(app: FastifyInstance, context: BillingContext) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/billing/webhook', { schema: SCHEMAS.webhook }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!context.provider) throw billingUnavailable(context.supportEmail);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    const { event, outcome } = await receiveWebhook(
      {
        db: context.db,
        provider: context.provider,
        log: request.log,
        ...(context.refusedSubscription ? { refused: context.refusedSubscription } : {}),
      },
      raw,
      typeof signature === 'string' ? signature : undefined,
    );
    request.log.info({ eventId: event.id, type: event.providerType, outcome }, 'billing: webhook');
    return { received: true, outcome };
  });
}

/**
 * Local mode's test checkout and test portal (docs/api.md "Plans and billing"): the pages at /billing/test-checkout/{id}
 * and /billing/test-portal talk to these. They exist only while the local provider is in use, and
 * for a request the test checkout does not reach, they are not there (404, before anything is read).
 */
export async function localBillingRoutes(app: FastifyInstance, context: BillingRoutesContext) {
  const provider = context.provider;
  if (!(provider instanceof LocalBilling)) return;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request) => {
    if (!reaches(request, context)) throw nothingHere(request);
  });
  authenticateFirst(app);

  const notFound = () => new AppError('not_found', 'This checkout does not exist.');

  routes.get(
    '/api/billing/test-checkout/:sessionId',
    { schema: SCHEMAS.testCheckout },
    async (request): Promise<TestCheckoutView> => {
      const payer = await payerOf(context.db, request);
      const view = await provider.checkoutView(request.params.sessionId, payer.teamId, payer.email);
      if (!view) throw notFound();
      return view;
    },
  );

  routes.post(
    '/api/billing/test-checkout/:sessionId/complete',
    { schema: SCHEMAS.testCheckoutStep },
    async (request): Promise<RedirectAnswer> => {
      const payer = await payerOf(context.db, request);
      return { url: await provider.completeCheckout(request.params.sessionId, payer.teamId) };
    },
  );

  routes.post(
    '/api/billing/test-checkout/:sessionId/cancel',
    { schema: SCHEMAS.testCheckoutStep },
    async (request): Promise<RedirectAnswer> => {
      const payer = await payerOf(context.db, request);
      return { url: await provider.cancelCheckout(request.params.sessionId, payer.teamId) };
    },
  );

  routes.get(
    '/api/billing/test-portal',
    { schema: SCHEMAS.testPortal },
    async (request): Promise<TestPortalView> => {
      return provider.portalView((await payerOf(context.db, request)).teamId, '/dashboard');
    },
  );

  routes.post(
    '/api/billing/test-portal/actions',
    { schema: SCHEMAS.testPortalAction },
    async (request): Promise<TestPortalView> => {
      return actOnTestPortal(provider, (await payerOf(context.db, request)).teamId, request.body);
    },
  );
}
