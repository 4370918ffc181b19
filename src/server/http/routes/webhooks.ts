import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  WebhookAnswerSchema,
  WebhookCreatedSchema,
  WebhookDeliveryAnswerSchema,
  WebhookDeliveryListSchema,
  WebhookListSchema,
} from '#domain/integrations-response';
import { WebhookDeliveryParams, WebhookInput, WebhookParams, WebhookPatch } from '#domain/webhooks';
import { ownerAccess } from '../../policies/checklists.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  readWebhook,
  retryDelivery,
  sendTestEvent,
  updateWebhook,
  type WebhookContext,
} from '../../services/webhooks.ts';
import { answers, noBody } from '../plugins/responses.ts';
import { authenticateFirst, requireMember } from '../plugins/session.ts';

const TAG = 'webhooks';
/** Every webhook route is open to API tokens with this scope (and to the owner's session). */
const config = { apiScope: 'webhooks:manage' } as const;
const REFUSED = ['unauthenticated', 'forbidden', 'plan_limit_reached'] as const;

const SCHEMAS = {
  list: {
    tags: [TAG],
    description: "The team's webhook endpoints (owner or admin of a paid team).",
    response: answers({ 200: WebhookListSchema }, [...REFUSED]),
  },
  create: {
    tags: [TAG],
    description:
      'A webhook endpoint: the events it receives, signed with the secret answered here once ' +
      '(`whsec_…`, the Standard Webhooks format). In production the URL must be https and public.',
    body: WebhookInput,
    response: answers({ 201: WebhookCreatedSchema }, [
      'validation_failed',
      ...REFUSED,
      'webhook_limit_reached',
    ]),
  },
  read: {
    tags: [TAG],
    params: WebhookParams,
    response: answers({ 200: WebhookAnswerSchema }, [...REFUSED, 'not_found']),
  },
  update: {
    tags: [TAG],
    description:
      'Changes the URL, the events or `enabled`. Turning it back on sends its waiting deliveries again, ' +
      'each with a fresh 3-day window.',
    params: WebhookParams,
    body: WebhookPatch,
    response: answers({ 200: WebhookAnswerSchema }, ['validation_failed', ...REFUSED, 'not_found']),
  },
  delete: {
    tags: [TAG],
    description: 'Deletes the endpoint and its deliveries.',
    params: WebhookParams,
    response: answers({ 204: noBody('Deleted') }, [...REFUSED, 'not_found']),
  },
  deliveries: {
    tags: [TAG],
    description: "The endpoint's last 100 deliveries, newest first.",
    params: WebhookParams,
    response: answers({ 200: WebhookDeliveryListSchema }, [...REFUSED, 'not_found']),
  },
  retry: {
    tags: [TAG],
    description: 'Sends a delivery again now (same id, so the same `webhook-id` header).',
    params: WebhookDeliveryParams,
    response: answers({ 200: WebhookDeliveryAnswerSchema }, [...REFUSED, 'not_found']),
  },
  test: {
    tags: [TAG],
    description: 'Queues a `webhook.test` delivery to the endpoint, whatever events it receives.',
    params: WebhookParams,
    response: answers({ 202: WebhookDeliveryAnswerSchema }, [...REFUSED, 'not_found']),
  },
};

/** Webhooks (docs/api.md "Webhooks", docs/integrations.md "Webhooks"). */
export async function webhookRoutes(app: FastifyInstance, context: WebhookContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;
  authenticateFirst(app);

  routes.get('/api/webhooks', { schema: SCHEMAS.list, config }, async (request) => {
    const access = ownerAccess(await requireMember(request));
    return { webhooks: await listWebhooks(db, access) };
  });

  routes.post('/api/webhooks', { schema: SCHEMAS.create, config }, async (request, reply) => {
    const access = ownerAccess(await requireMember(request));
    return reply.status(201).send(await createWebhook(context, access, request.body));
  });

  routes.get('/api/webhooks/:id', { schema: SCHEMAS.read, config }, async (request) => {
    const access = ownerAccess(await requireMember(request));
    return { webhook: await readWebhook(db, access, request.params.id) };
  });

  routes.patch('/api/webhooks/:id', { schema: SCHEMAS.update, config }, async (request) => {
    const access = ownerAccess(await requireMember(request));
    return { webhook: await updateWebhook(context, access, request.params.id, request.body) };
  });

  routes.delete('/api/webhooks/:id', { schema: SCHEMAS.delete, config }, async (request, reply) => {
    const access = ownerAccess(await requireMember(request));
    await deleteWebhook(db, access, request.params.id);
    return reply.status(204).send();
  });

  routes.get('/api/webhooks/:id/deliveries', { schema: SCHEMAS.deliveries, config }, async (request) => {
    const access = ownerAccess(await requireMember(request));
    return { deliveries: await listWebhookDeliveries(db, access, request.params.id) };
  });

  routes.post(
    '/api/webhooks/:id/deliveries/:deliveryId/retry',
    { schema: SCHEMAS.retry, config },
    async (request) => {
      const access = ownerAccess(await requireMember(request));
      const { id, deliveryId } = request.params;
      return { delivery: await retryDelivery(db, access, id, deliveryId) };
    },
  );

  routes.post('/api/webhooks/:id/test', { schema: SCHEMAS.test, config }, async (request, reply) => {
    const access = ownerAccess(await requireMember(request));
    return reply.status(202).send({ delivery: await sendTestEvent(db, access, request.params.id) });
  });
}
