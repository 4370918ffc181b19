import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '#domain/webhooks';
import { outboxMessages, users } from '#server/db/schema/index';
import { paidOwner } from '#tests/support/schedules';
import { setupTestApp } from '#tests/support/test-app';
import { createWebhook, deliveriesWhen, startReceiver } from '#tests/support/webhooks';

/**
 * Giving up on a delivery: a retry window of 400 ms (through an option, in place of 3 days) and the
 * only dispatcher on this database, so no other instance's window applies. The attempt's time limit
 * stays the real 10 s: the receiver answers at once, and a shorter limit made a busy machine's slow
 * answer a timeout (a failure of another kind, or a retry that failed again).
 */
const t = setupTestApp({ webhooks: { pollMs: 50, firstRetryMs: 50, retryForMs: 400 } });

describe('giving up', () => {
  it('fails the delivery after its window, turns the endpoint off and e-mails the owner once', async () => {
    const short = t;
    await short.app.webhooks.start();
    const failing = await startReceiver('/down');
    failing.respond = (_delivery, res) => {
      res.statusCode = 503;
      res.end();
    };
    try {
      const owner = await paidOwner(short.app, short.db, 'giving-up');
      const { webhook } = await createWebhook(owner, failing.url);
      const first = (await owner.call('POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
      const second = (await owner.call('POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
      const deliveries = await deliveriesWhen(owner, webhook.id, (all) =>
        all.some((d) => d.status === 'failed'),
      );
      expect(deliveries.find((d) => d.status === 'failed')).toMatchObject({
        status: 'failed',
        responseStatus: 503,
        error: 'answered 503 Service Unavailable',
        nextAttemptAt: null,
      });
      const off = (await owner.call('GET', `/api/webhooks/${webhook.id}`)).json().webhook;
      expect(off).toMatchObject({ enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledAfterFailures });
      const [user] = await short.db.select().from(users).where(eq(users.id, owner.uid));
      const mailsToOwner = () =>
        short.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.to, user?.email ?? ''));
      // The e-mail goes after the endpoint is turned off: wait for it, then make sure no second one follows.
      while ((await mailsToOwner()).length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const mails = await mailsToOwner();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(failing.url);
      // Fixed and turned on again: what was still waiting goes out, with a fresh window.
      failing.respond = (_delivery, res) => {
        res.statusCode = 200;
        res.end();
      };
      // What is still waiting now (an attempt in flight when the endpoint went off may have failed
      // since the first look): nothing is claimed while it is off, so this holds until it is on.
      const before = await deliveriesWhen(owner, webhook.id, () => true);
      const waiting = [first.id, second.id].filter(
        (id) => before.find((d) => d.id === id)?.status === 'pending',
      );
      const on = await owner.call('PATCH', `/api/webhooks/${webhook.id}`, { enabled: true });
      expect(on.json().webhook).toMatchObject({ enabled: true, disabledReason: null });
      const after = await deliveriesWhen(owner, webhook.id, (all) =>
        waiting.every((id) => all.find((d) => d.id === id)?.status === 'succeeded'),
      );
      expect(after.filter((d) => d.status === 'failed')).toHaveLength(2 - waiting.length);
    } finally {
      await failing.close();
    }
  });
});
