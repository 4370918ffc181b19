import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { newId, nowSeconds } from './local-stripe-objects.ts';

/**
 * Local mode's deliveries: each change becomes a Stripe-shaped event, signed by the Stripe SDK's
 * test helper with local mode's own webhook secret and posted to this server's own webhook over
 * HTTP, as Stripe would send it.
 */

/** Sends one event of `type` around `object`; a refusal is an error. */
export type DeliverEvent = (type: string, object: Record<string, unknown>) => Promise<void>;

export interface DeliveryTarget {
  /** Where this server's own webhook route answers over HTTP (its listening address). */
  webhookUrl: () => string;
  /** The secret the webhook checks signatures with. */
  secret: () => Promise<string>;
  log: FastifyBaseLogger;
}

/** One signed event to our own webhook over HTTP, as Stripe would send it; a refusal is an error. */
export async function deliverEvent(
  target: DeliveryTarget,
  type: string,
  object: Record<string, unknown>,
): Promise<void> {
  const event = {
    id: newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: await target.secret() });
  const response = await fetch(target.webhookUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) {
    target.log.error({ type, status: response.status }, 'local billing: the webhook refused an event');
    throw new Error(`the webhook answered ${response.status} to ${type}`);
  }
}
