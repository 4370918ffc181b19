import { beforeAll, describe, expect, it } from 'vitest';
import { createChecklist } from '#tests/support/checklists';
import { paidOwner } from '#tests/support/schedules';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';
import {
  createWebhook,
  eventsReceived,
  type ReceivedEvent,
  type Receiver,
  startReceiver,
} from '#tests/support/webhooks';

/** The team's review as webhook events (migration 0034): `checklist.approved`, `checklist.redo_requested`. */
const t = setupTestApp({ webhooks: { pollMs: 50 } });
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  await t.app.webhooks.start();
  return () => receiver.close();
});

const eventsFor = (webhookId: string, done: (events: ReceivedEvent[]) => boolean) =>
  eventsReceived(t.db, receiver, webhookId, done);

describe('review events', () => {
  it('sends a redo per task with the note, then the approval; every checklist object says approvedAt', async () => {
    const owner = await paidOwner(t.app, t.db, 'reviews');
    const { webhook } = await createWebhook(owner, receiver.url, [
      'checklist.submitted',
      'checklist.approved',
      'checklist.redo_requested',
    ]);
    const checklist = await createChecklist(owner, { name: 'Cabin 9' }, 2);
    const [first, second] = checklist.tasks;
    if (!first || !second) throw new Error('no tasks');
    const sent = await share(owner, checklist.id, { email: 'jane.doe@example.com', recipientName: 'Jane' });
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    const submit = () => browser.call('POST', `/api/checklists/${checklist.id}/submit`, {});
    for (const task of [first, second]) {
      await browser.call('PATCH', `/api/checklists/${checklist.id}/tasks/${task.id}`, { completed: true });
    }
    expect((await submit()).statusCode).toBe(200);
    const redo = await owner.call('POST', `/api/checklists/${checklist.id}/review`, {
      decision: 'redo',
      note: 'Streaks on the mirror',
      taskIds: [first.id, second.id],
    });
    expect(redo.statusCode, redo.body).toBe(200);
    expect((await submit()).statusCode).toBe(200);
    const approve = await owner.call('POST', `/api/checklists/${checklist.id}/review`, {
      decision: 'approved',
    });
    expect(approve.statusCode, approve.body).toBe(200);

    // Deliveries go out side by side, so they may arrive in any order (decision 0050): wait for all.
    const events = await eventsFor(
      webhook.id,
      (all) =>
        all.filter((e) => e.type === 'checklist.approved').length === 1 &&
        all.filter((e) => e.type === 'checklist.redo_requested').length === 2 &&
        all.filter((e) => e.type === 'checklist.submitted').length === 2,
    );
    const byType = (type: string) => events.filter((e) => e.type === type);
    const redos = byType('checklist.redo_requested');
    expect(redos.map((e) => (e.data.task as { id: string }).id).sort()).toEqual([first.id, second.id].sort());
    for (const event of redos) {
      expect(event.data).toMatchObject({
        checklist: { id: checklist.id, status: 'not-started', submittedAt: null, approvedAt: null },
        task: { completed: false },
        note: 'Streaks on the mirror',
        actor: { kind: 'owner', name: 'reviews person' },
      });
    }
    expect(byType('checklist.submitted')[0]?.data).toMatchObject({ checklist: { approvedAt: null } });
    expect(byType('checklist.approved')[0]?.data).toMatchObject({
      checklist: { id: checklist.id, status: 'completed', approvedAt: expect.any(String) },
      actor: { kind: 'owner', name: 'reviews person' },
      note: null,
    });
    expect(JSON.stringify(events)).not.toContain('jane.doe@example.com');
  });
});
