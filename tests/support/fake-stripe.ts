import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * An HTTP fake of the parts of Stripe's API the billing adapter calls, on 127.0.0.1 and a free port,
 * for the real `stripe` SDK to be pointed at (STRIPE_API_BASE). It reads the SDK's form-encoded
 * bodies, records every request, and answers Stripe's object shapes (API 2025-03-31 and later: the
 * period on subscription items) and Stripe's error shape. Tests play Stripe's side with its
 * controls (complete a checkout, change a subscription) and sign events with the SDK's test helper.
 */

export interface StripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  params: Record<string, unknown>;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface FakeStripe {
  baseUrl: string;
  webhookSecret: string;
  requests: StripeRequest[];
  customers: Map<string, StripeObject>;
  sessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  /** Stripe's side of paying: the session completes and a subscription starts (trialing when it has a trial). */
  completeCheckout(sessionId: string): { session: StripeObject; subscription: StripeObject };
  /** Changes a subscription as Stripe would (a plan switch, a cancel, a failed payment) and answers it. */
  updateSubscription(id: string, changes: Partial<SubscriptionChanges>): StripeObject;
  /** A Stripe event of `type` around `object`, its body and a Stripe-Signature for it. */
  event(
    type: string,
    object: unknown,
    options?: { id?: string; timestamp?: number; secret?: string },
  ): SignedEvent;
  close(): Promise<void>;
}

export interface SubscriptionChanges {
  status: string;
  priceId: string;
  interval: 'month' | 'year';
  cancelAtPeriodEnd: boolean;
}

export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Stripe's bracket notation ('subscription_data[metadata][userId]=u', 'line_items[0][price]=p') as objects. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

function stripeError(status: number, message: string, code = 'resource_missing') {
  return { status, body: { error: { type: 'invalid_request_error', code, message, param: 'id' } } };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;

  function subscriptionObject(input: {
    id: string;
    customer: string;
    priceId: string;
    interval: 'month' | 'year';
    status: string;
    trialEnd: number | null;
    metadata: Record<string, unknown>;
    cancelAtPeriodEnd?: boolean;
  }): StripeObject {
    const start = now();
    const periodEnd = input.trialEnd ?? start + (input.interval === 'year' ? 365 : 30) * DAY;
    return {
      id: input.id,
      object: 'subscription',
      customer: input.customer,
      status: input.status,
      created: start,
      start_date: start,
      trial_start: input.trialEnd ? start : null,
      trial_end: input.trialEnd,
      cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
      cancel_at: input.cancelAtPeriodEnd ? periodEnd : null,
      canceled_at: null,
      ended_at: null,
      livemode: false,
      metadata: input.metadata,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            quantity: 1,
            current_period_start: start,
            current_period_end: periodEnd,
            price: {
              id: input.priceId,
              object: 'price',
              currency: 'usd',
              unit_amount: 4900,
              recurring: { interval: input.interval, interval_count: 1 },
            },
          },
        ],
      },
    };
  }

  function answer(request: StripeRequest): { status: number; body: unknown } {
    const { method, path, params } = request;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        created: now(),
        email: params.email ?? null,
        metadata: params.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: params.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: params.customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        metadata: params.metadata ?? {},
        subscription: null,
        created: now(),
        expires_at: now() + DAY,
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        livemode: false,
        // Kept for completeCheckout (Stripe does not echo these on the session).
        _request: params,
      };
      sessions.set(sessionId, session);
      const { _request, ...visible } = session;
      return { status: 200, body: visible };
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = sessions.get(expire[1] ?? '');
      if (!session) return stripeError(404, `No such checkout.session: '${expire[1]}'`);
      if (session.status !== 'open') {
        return stripeError(
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired.`,
          'checkout_session_not_open',
        );
      }
      session.status = 'expired';
      const { _request, ...visible } = session;
      return { status: 200, body: visible };
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && subscription) {
      const found = subscriptions.get(subscription[1] ?? '');
      return found
        ? { status: 200, body: found }
        : stripeError(404, `No such subscription: '${subscription[1]}'`);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(String(params.customer)))
        return stripeError(400, `No such customer: '${params.customer}'`);
      return {
        status: 200,
        body: {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `https://billing.stripe.com/p/session/${id('bps')}`,
          livemode: false,
        },
      };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`, 'url_invalid');
  }

  const server = createServer(async (incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://stripe.local');
    const body = await readBody(incoming);
    const recorded: StripeRequest = {
      method: incoming.method ?? '',
      path: url.pathname,
      authorization: incoming.headers.authorization,
      idempotencyKey: incoming.headers['idempotency-key'] as string | undefined,
      params: parseStripeForm(incoming.method === 'GET' ? url.search.slice(1) : body),
    };
    requests.push(recorded);
    const reply = answer(recorded);
    response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    webhookSecret,
    requests,
    customers,
    sessions,
    subscriptions,
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const params = session._request as Record<string, unknown>;
      const lineItems = params.line_items as Record<string, { price: string }>;
      const subscriptionData = (params.subscription_data ?? {}) as Record<string, unknown>;
      const trialDays = Number(subscriptionData.trial_period_days ?? 0);
      const priceId = lineItems['0']?.price ?? '';
      const created = subscriptionObject({
        id: id('sub'),
        customer: String(session.customer),
        priceId,
        interval: priceId.toLowerCase().includes('year') ? 'year' : 'month',
        status: trialDays > 0 ? 'trialing' : 'active',
        trialEnd: trialDays > 0 ? now() + trialDays * DAY : null,
        metadata: (subscriptionData.metadata ?? {}) as Record<string, unknown>,
      });
      subscriptions.set(created.id, created);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: created.id });
      const { _request, ...visible } = session;
      return { session: visible as StripeObject, subscription: created };
    },
    updateSubscription(subscriptionId, changes) {
      const current = subscriptions.get(subscriptionId);
      if (!current) throw new Error(`no subscription ${subscriptionId}`);
      const item = (current.items as { data: Record<string, unknown>[] }).data[0] as Record<string, unknown>;
      const price = item.price as Record<string, unknown>;
      const next = subscriptionObject({
        id: current.id,
        customer: String(current.customer),
        priceId: changes.priceId ?? String(price.id),
        interval: changes.interval ?? (price.recurring as { interval: 'month' | 'year' }).interval,
        status: changes.status ?? String(current.status),
        trialEnd: (current.trial_end as number | null) ?? null,
        metadata: current.metadata as Record<string, unknown>,
        cancelAtPeriodEnd: changes.cancelAtPeriodEnd ?? current.cancel_at_period_end === true,
      });
      if (next.status === 'canceled') Object.assign(next, { canceled_at: now(), ended_at: now() });
      subscriptions.set(subscriptionId, next);
      return next;
    },
    event(type, object, options = {}) {
      const eventId = options.id ?? id('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      });
      return { id: eventId, payload, signature };
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The four prices the billing tests sell (STRIPE_PRICE_*). */
export const TEST_STRIPE_PRICES = {
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: 'price_proMonth',
  STRIPE_PRICE_PROFESSIONAL_YEARLY: 'price_proYear',
  STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_entMonth',
  STRIPE_PRICE_ENTERPRISE_YEARLY: 'price_entYear',
};

/** The settings of an app billing through this fake (its API, its webhook secret, the test prices). */
export function stripeTestEnv(stripe: Pick<FakeStripe, 'webhookSecret' | 'baseUrl'>): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_listsync',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.baseUrl,
    ...TEST_STRIPE_PRICES,
  };
}

/** An invoice of a subscription as Stripe's invoice.paid / invoice.payment_failed carry it. */
export function invoiceOf(subscription: StripeObject, status: 'paid' | 'open'): StripeObject {
  return {
    id: id('in'),
    object: 'invoice',
    customer: subscription.customer,
    status,
    attempted: true,
    amount_due: 4900,
    amount_paid: status === 'paid' ? 4900 : 0,
    currency: 'usd',
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
  };
}
