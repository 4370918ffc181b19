import { createHmac } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Webhook, WebhookDelivery } from '#domain/integrations-response';
import type { WebhookEvent } from '#domain/webhooks';
import type { Database } from '#server/db/client';
import { webhookDeliveries } from '#server/db/schema/index';
import type { Owner } from './checklists.ts';

/** Webhooks in API tests: a receiver on this machine and the calls the tests repeat. */

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

export type Responder = (delivery: ReceivedDelivery, res: http.ServerResponse) => void;

export interface Receiver {
  url: string;
  received: ReceivedDelivery[];
  /** How the next requests are answered (default: 204). */
  respond: Responder;
  /** Resolves once `count` deliveries have arrived (the test's own timeout bounds it). */
  waitFor(count: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const received: ReceivedDelivery[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver = {
    url: '',
    received,
    respond: ((_delivery, res) => {
      res.statusCode = 204;
      res.end();
    }) as Responder,
  } as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const delivery = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      received.push(delivery);
      receiver.respond(delivery, res);
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}${path}`;
  receiver.waitFor = (count) =>
    received.length >= count
      ? Promise.resolve(received)
      : new Promise((resolve) => waiters.push({ count, resolve: () => resolve(received) }));
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Verifies a delivery as a receiver would (Standard Webhooks), with node:crypto only. */
export function verifiesWith(secret: string, delivery: ReceivedDelivery): boolean {
  const id = delivery.headers['webhook-id'];
  const timestamp = delivery.headers['webhook-timestamp'];
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${delivery.body}`).digest('base64');
  return String(delivery.headers['webhook-signature'])
    .split(' ')
    .some((signature) => signature === `v1,${expected}`);
}

export async function createWebhook(
  owner: Owner,
  url: string,
  events: WebhookEvent[] = ['task.completed'],
): Promise<{ webhook: Webhook; secret: string }> {
  const response = await owner.call('POST', '/api/webhooks', { url, events });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function deliveriesOf(owner: Owner, webhookId: string): Promise<WebhookDelivery[]> {
  const response = await owner.call('GET', `/api/webhooks/${webhookId}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().deliveries;
}

/** Polls the delivery log until `done` holds (deliveries are sent in the background). */
export async function deliveriesWhen(
  owner: Owner,
  webhookId: string,
  done: (deliveries: WebhookDelivery[]) => boolean,
): Promise<WebhookDelivery[]> {
  for (;;) {
    const deliveries = await deliveriesOf(owner, webhookId);
    if (done(deliveries)) return deliveries;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** An event as a receiver reads its body. */
export interface ReceivedEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The bodies `receiver` got for this webhook's deliveries, once `done` holds for them. */
export async function eventsReceived(
  db: Database,
  receiver: Receiver,
  webhookId: string,
  done: (events: ReceivedEvent[]) => boolean,
): Promise<ReceivedEvent[]> {
  for (;;) {
    const rows = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId));
    const ids = new Set(rows.map((row) => row.id));
    const mine = receiver.received.filter((d) => ids.has(String(d.headers['webhook-id'])));
    const events = mine.map((d) => JSON.parse(d.body) as ReceivedEvent);
    if (done(events)) return events;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
