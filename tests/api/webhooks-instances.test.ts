import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookAttempts } from '#server/db/schema/index';
import { claimDueDeliveries } from '#server/repositories/webhooks';
import { paidOwner } from '#tests/support/schedules';
import { buildTestApp, setupTestApp } from '#tests/support/test-app';
import { createWebhook, deliveriesWhen, startReceiver } from '#tests/support/webhooks';

/** The queue survives restarts and crashes, and two instances never send the same attempt twice. */
const t = setupTestApp();
const FAST = { pollMs: 50, firstRetryMs: 100, timeoutMs: 2_000 };

describe('the delivery queue', () => {
  it('keeps what was queued when the app closes before sending: the next app delivers it', async () => {
    const receiver = await startReceiver();
    try {
      const first = await buildTestApp(t.testDatabase, { webhooks: FAST });
      const owner = await paidOwner(first.app, first.db);
      const { webhook } = await createWebhook(owner, receiver.url);
      const queued = (await owner.call('POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
      await first.app.close();

      const second = await buildTestApp(t.testDatabase, { webhooks: FAST });
      try {
        await second.app.webhooks.start();
        await receiver.waitFor(1);
        expect(receiver.received.map((d) => d.headers['webhook-id'])).toEqual([queued.id]);
      } finally {
        await second.app.close();
      }
    } finally {
      await receiver.close();
    }
  });

  it('sends again an attempt whose instance died mid-flight, once its lease has ended (at least once)', async () => {
    const receiver = await startReceiver();
    // Closed at the end: its short lease would let it send again what a slower instance is sending.
    const app = await buildTestApp(t.testDatabase, { webhooks: { ...FAST, leaseMs: 400 } });
    try {
      const owner = await paidOwner(app.app, app.db);
      const { webhook } = await createWebhook(owner, receiver.url);
      const queued = (await owner.call('POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
      // An instance claims it and dies before it writes anything more.
      const claimed = await claimDueDeliveries(app.db, { leaseMs: 400, limit: 10, instance: 'crashed' });
      expect(claimed.map((c) => [c.id, c.attempt])).toEqual([[queued.id, 1]]);
      await app.app.webhooks.start();
      const [delivered] = await deliveriesWhen(owner, webhook.id, ([d]) => d?.status === 'succeeded');
      expect(delivered).toMatchObject({ id: queued.id, attempts: 2 });
      expect(receiver.received.map((d) => d.headers['webhook-id'])).toEqual([queued.id]);
    } finally {
      await app.app.close();
      await receiver.close();
    }
  });

  it('two instances on one database send each delivery exactly once', async () => {
    const receiver = await startReceiver();
    // The default time limit: on PGlite the database runs on the test's own thread, and a short limit
    // would count a busy moment as a failed attempt (then retried: sent again, as it should be).
    const SENDING = { ...FAST, timeoutMs: 10_000 };
    const one = await t.buildApp({ webhooks: SENDING });
    const two = await t.buildApp({ webhooks: SENDING });
    try {
      await Promise.all([one.app.webhooks.start(), two.app.webhooks.start()]);
      const owner = await paidOwner(one.app, one.db);
      const { webhook } = await createWebhook(owner, receiver.url);
      const count = 60;
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) {
        ids.push((await owner.call('POST', `/api/webhooks/${webhook.id}/test`)).json().delivery.id);
      }
      await receiver.waitFor(count);
      await deliveriesWhen(owner, webhook.id, (all) => all.every((d) => d.status === 'succeeded'));
      const received = receiver.received.map((d) => String(d.headers['webhook-id']));
      expect(received.sort()).toEqual([...ids].sort());
      const attempts = await one.db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, ids));
      expect(attempts.map((a) => a.attempt)).toEqual(ids.map(() => 1));
    } finally {
      await receiver.close();
    }
  });
});
