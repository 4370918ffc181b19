import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '#domain/webhooks';
import { jobRuns, webhookAttempts, webhookDeliveries } from '#server/db/schema/index';
import { paidOwner } from '#tests/support/schedules';
import { setupTestApp } from '#tests/support/test-app';
import {
  createWebhook,
  deliveriesWhen,
  type Receiver,
  startReceiver,
  verifiesWith,
} from '#tests/support/webhooks';

/** Sending deliveries: signed, retried with the same id, within time and size limits, given up on. */
const t = setupTestApp({ webhooks: { pollMs: 50, firstRetryMs: 100, timeoutMs: 1_000 } });
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  await t.app.webhooks.start();
});
afterAll(async () => {
  await receiver?.close();
});

function answerWith(status: number, body = '') {
  receiver.respond = (_delivery, res) => {
    res.statusCode = status;
    res.end(body);
  };
}

async function testEvent(owner: Awaited<ReturnType<typeof paidOwner>>, webhookId: string) {
  const response = await owner.call('POST', `/api/webhooks/${webhookId}/test`);
  expect(response.statusCode, response.body).toBe(202);
  return response.json().delivery;
}

describe('a delivery', () => {
  it('arrives signed per Standard Webhooks, with the test event and its headers', async () => {
    answerWith(204);
    const owner = await paidOwner(t.app, t.db);
    const { webhook, secret } = await createWebhook(owner, receiver.url, ['task.completed']);
    const before = receiver.received.length;
    const queued = await testEvent(owner, webhook.id);
    expect(queued).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });
    const [arrived] = (await receiver.waitFor(before + 1)).slice(before);
    if (!arrived) throw new Error('nothing arrived');
    expect(arrived.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'ListSync-Webhooks',
      'webhook-id': queued.id,
      'webhook-timestamp': expect.stringMatching(/^\d+$/),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
    });
    expect(Math.abs(Number(arrived.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
    expect(verifiesWith(secret, arrived)).toBe(true);
    expect(verifiesWith(`whsec_${Buffer.alloc(24).toString('base64')}`, arrived)).toBe(false);
    expect(verifiesWith(secret, { ...arrived, body: `${arrived.body} ` })).toBe(false);
    expect(JSON.parse(arrived.body)).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: { webhook: { id: webhook.id, url: receiver.url }, message: expect.any(String) },
    });
    const [delivered] = await deliveriesWhen(owner, webhook.id, ([d]) => d?.status === 'succeeded');
    expect(delivered).toMatchObject({
      id: queued.id,
      status: 'succeeded',
      attempts: 1,
      responseStatus: 204,
      error: null,
      nextAttemptAt: null,
      durationMs: expect.any(Number),
      lastAttemptAt: expect.any(String),
    });
  });

  it('answered 500 is retried (within the first-retry window) with the same webhook-id and body', async () => {
    answerWith(500, 'try later');
    const owner = await paidOwner(t.app, t.db);
    const { webhook, secret } = await createWebhook(owner, receiver.url);
    const before = receiver.received.length;
    const queued = await testEvent(owner, webhook.id);
    const [first] = (await receiver.waitFor(before + 1)).slice(before);
    answerWith(200, 'ok');
    await deliveriesWhen(owner, webhook.id, ([d]) => d?.status === 'succeeded');
    const mine = receiver.received.filter((d) => d.headers['webhook-id'] === queued.id);
    expect(mine).toHaveLength(2);
    expect(mine[1]?.body).toBe(first?.body);
    expect(mine.every((d) => verifiesWith(secret, d))).toBe(true);
    const attempts = await t.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, queued.id));
    expect(attempts.map((a) => [a.attempt, a.responseStatus, a.error])).toEqual([
      [1, 500, 'answered 500 Internal Server Error'],
      [2, 200, null],
    ]);
    expect(attempts[0]?.responseExcerpt).toBe('try later');
  });

  it('fails an attempt that takes longer than the time limit, and one answered with a redirect', async () => {
    const owner = await paidOwner(t.app, t.db);
    const { webhook } = await createWebhook(owner, receiver.url);
    receiver.respond = () => {}; // never answers
    const queued = await testEvent(owner, webhook.id);
    const [timedOut] = await deliveriesWhen(
      owner,
      webhook.id,
      ([d]) => (d?.attempts ?? 0) >= 1 && d?.error !== null,
    );
    expect(timedOut).toMatchObject({ id: queued.id, status: 'pending', responseStatus: null });
    expect(timedOut?.error).toMatch(/^timeout/);
    receiver.respond = (_delivery, res) => {
      res.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' });
      res.end();
    };
    const [redirected] = await deliveriesWhen(owner, webhook.id, ([d]) => d?.responseStatus === 302);
    expect(redirected?.error).toBe('answered 302 Found (redirects are not followed)');
    answerWith(204);
    await deliveriesWhen(owner, webhook.id, ([d]) => d?.status === 'succeeded');
  });

  it('reads at most 64 KiB of an answer and keeps 1 KiB of it', async () => {
    const owner = await paidOwner(t.app, t.db);
    const { webhook } = await createWebhook(owner, receiver.url);
    receiver.respond = (_delivery, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // An answer that never ends: the attempt stops reading at the cap instead of waiting for it.
      const chunk = 'x'.repeat(16 * 1024);
      const timer = setInterval(() => res.write(chunk), 5);
      res.on('close', () => clearInterval(timer));
    };
    const queued = await testEvent(owner, webhook.id);
    const [delivered] = await deliveriesWhen(owner, webhook.id, ([d]) => d?.status === 'succeeded');
    expect(delivered?.id).toBe(queued.id);
    const [attempt] = await t.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, queued.id));
    expect(attempt?.responseExcerpt).toBe('x'.repeat(WEBHOOK_LIMITS.responseExcerptMax));
    answerWith(204);
  });

  it('is sent again on POST .../retry: pending, due now, the same id', async () => {
    answerWith(204);
    const owner = await paidOwner(t.app, t.db);
    const { webhook } = await createWebhook(owner, receiver.url);
    const queued = await testEvent(owner, webhook.id);
    await deliveriesWhen(owner, webhook.id, ([d]) => d?.status === 'succeeded');
    const retried = await owner.call('POST', `/api/webhooks/${webhook.id}/deliveries/${queued.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().delivery).toMatchObject({
      id: queued.id,
      status: 'pending',
      nextAttemptAt: expect.any(String),
    });
    await deliveriesWhen(owner, webhook.id, ([d]) => d?.status === 'succeeded' && d.attempts === 2);
    expect(receiver.received.filter((d) => d.headers['webhook-id'] === queued.id)).toHaveLength(2);
  });
});

describe('the clean-up job', () => {
  it('deletes deliveries older than 30 days once they are no longer pending', async () => {
    const owner = await paidOwner(t.app, t.db);
    const { webhook } = await createWebhook(owner, 'http://127.0.0.1:9/off');
    await owner.call('PATCH', `/api/webhooks/${webhook.id}`, { enabled: false });
    const old = new Date(Date.now() - 31 * 24 * 60 * 60_000);
    const row = (id: string, status: 'succeeded' | 'failed' | 'pending', createdAt: Date) => ({
      id,
      webhookId: webhook.id,
      teamId: 'any',
      event: 'webhook.test' as const,
      body: '{}',
      status,
      giveUpAt: createdAt,
      createdAt,
    });
    const suffix = webhook.id;
    await t.db
      .insert(webhookDeliveries)
      .values([
        row(`old-ok-${suffix}`, 'succeeded', old),
        row(`old-failed-${suffix}`, 'failed', old),
        row(`old-pending-${suffix}`, 'pending', old),
        row(`new-ok-${suffix}`, 'succeeded', new Date()),
      ]);
    await t.db
      .update(jobRuns)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(jobRuns.name, 'old-webhook-deliveries'));
    expect(await t.app.jobs.runDue()).toContain('old-webhook-deliveries');
    const left = await t.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhook.id));
    expect(left.map((d) => d.id).sort()).toEqual([`new-ok-${suffix}`, `old-pending-${suffix}`]);
  });
});
