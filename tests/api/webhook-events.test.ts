import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checklists, jobRuns, webhookDeliveries } from '#server/db/schema/index';
import { createChecklist, signInOwner, tick } from '#tests/support/checklists';
import { testJpeg, uploadPhoto } from '#tests/support/photos';
import { paidOwner } from '#tests/support/schedules';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';
import {
  createWebhook,
  eventsReceived,
  type ReceivedEvent,
  type Receiver,
  startReceiver,
} from '#tests/support/webhooks';

/** Each of the eight events, made through the real routes, reaches an endpoint that wants it. */
const t = setupTestApp({ webhooks: { pollMs: 50 } });
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  await t.app.webhooks.start();
  return () => receiver.close();
});

const ALL = [
  'checklist.created',
  'checklist.submitted',
  'task.completed',
  'task.uncompleted',
  'photo.added',
  'remarks.changed',
  'share.verified',
  'checklist.overdue',
] as const;

const eventsFor = (webhookId: string, done: (events: ReceivedEvent[]) => boolean) =>
  eventsReceived(t.db, receiver, webhookId, done);

describe('events', () => {
  it('sends all eight, each with what a receiver needs and no code, token or full contact', async () => {
    const owner = await paidOwner(t.app, t.db, 'events');
    const { webhook } = await createWebhook(owner, receiver.url, [...ALL]);
    const { webhook: ticksOnly } = await createWebhook(owner, receiver.url, ['task.completed']);
    const checklist = await createChecklist(owner, { name: 'Cabin 4' }, 2);
    const [first, second] = checklist.tasks;
    if (!first || !second) throw new Error('no tasks');
    expect((await tick(owner, checklist, 0)).statusCode).toBe(200);
    expect((await tick(owner, checklist, 0, false)).statusCode).toBe(200);
    const photo = await uploadPhoto(t.app, owner.cookie, checklist.id, first.id, await testJpeg(64, 48));
    expect(photo.statusCode, photo.body).toBe(200);
    const remarks = await owner.call('PATCH', `/api/checklists/${checklist.id}`, { remarks: 'Lamp broken' });
    expect(remarks.statusCode).toBe(200);
    const sent = await share(owner, checklist.id, { email: 'jane.doe@example.com', recipientName: 'Jane' });
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    for (const task of [first, second]) {
      const ticked = await browser.call('PATCH', `/api/checklists/${checklist.id}/tasks/${task.id}`, {
        completed: true,
      });
      expect(ticked.statusCode, ticked.body).toBe(200);
    }
    const submitted = await browser.call('POST', `/api/checklists/${checklist.id}/submit`, {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    const late = await createChecklist(owner, { name: 'Late one' }, 1);
    await t.db
      .update(checklists)
      .set({ dueAt: sql`now() - interval '1 hour'` })
      .where(eq(checklists.id, late.id));
    await t.db
      .update(jobRuns)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(jobRuns.name, 'overdue-checklists'));
    await t.app.jobs.runDue();

    const events = await eventsFor(webhook.id, (all) => all.some((e) => e.type === 'checklist.overdue'));
    const byType = (type: string) => events.filter((e) => e.type === type);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(ALL));
    expect(byType('checklist.created')).toHaveLength(2);
    const cabin = { id: checklist.id, name: 'Cabin 4' };
    expect(byType('checklist.created')[0]?.data).toMatchObject({
      checklist: { ...cabin, status: 'not-started', tasksDone: 0, tasksTotal: 2 },
      actor: { kind: 'owner', name: 'events person' },
    });
    const completed = byType('task.completed');
    const [ownerTick] = completed;
    const recipientTicks = completed.filter((e) => (e.data.actor as { kind: string }).kind === 'recipient');
    expect(ownerTick?.data).toMatchObject({
      checklist: { ...cabin, status: 'in-progress' },
      task: { id: first.id, description: first.description, completed: true },
      actor: { kind: 'owner', name: 'events person' },
    });
    expect(recipientTicks.map((e) => e.data.actor)).toEqual([
      { kind: 'recipient', name: 'Jane' },
      { kind: 'recipient', name: 'Jane' },
    ]);
    expect(byType('task.uncompleted')[0]?.data).toMatchObject({ task: { id: first.id, completed: false } });
    expect(byType('photo.added')[0]?.data).toMatchObject({
      task: { id: first.id },
      photo: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/), replaced: false },
    });
    expect(byType('remarks.changed')[0]?.data).toMatchObject({ remarks: 'Lamp broken' });
    expect(byType('share.verified')[0]?.data).toMatchObject({
      actor: { kind: 'recipient', name: 'Jane' },
      recipient: { name: 'Jane', channel: 'email', maskedContact: 'j•••e@example.com' },
    });
    expect(byType('checklist.submitted')[0]?.data).toMatchObject({
      checklist: { ...cabin, status: 'completed', submittedAt: expect.any(String) },
      actor: { kind: 'recipient', name: 'Jane' },
    });
    expect(byType('checklist.overdue')[0]?.data).toMatchObject({
      checklist: { id: late.id, name: 'Late one', status: 'not-started' },
      dueAt: expect.any(String),
      at: expect.any(String),
    });
    const everything = JSON.stringify(events);
    for (const secret of ['jane.doe@example.com', sent.token, sent.verificationCode ?? 'none']) {
      expect(everything).not.toContain(secret);
    }
    // The endpoint that wants ticks only got the ticks, each one.
    const ticks = await eventsFor(ticksOnly.id, (all) => all.length >= completed.length);
    expect(ticks.map((e) => e.type)).toEqual(completed.map(() => 'task.completed'));
  });

  it('queues nothing for a team without webhooks, or a downgraded team', async () => {
    const owner = await paidOwner(t.app, t.db, 'downgraded');
    const { webhook } = await createWebhook(owner, receiver.url, [...ALL]);
    await setOwnedTeamTier(t.db, owner.uid, 'free');
    const checklist = await createChecklist(owner);
    await tick(owner, checklist, 0);
    const free = await signInOwner(t.app, 'free');
    await tick(free, await createChecklist(free), 0);
    const queued = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhook.id));
    expect(queued).toEqual([]);
  });
});
