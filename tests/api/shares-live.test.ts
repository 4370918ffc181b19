import { describe, expect, it } from 'vitest';
import { createChecklist, signInOwner } from '#tests/support/checklists';
import { closeAll, subscribedSocket } from '#tests/support/realtime';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Who a checklist is shared with changes without its owner when a recipient verifies (or a link is
 * locked: sharing-link-lock.test.ts). The owner's open checklist hears it over the WebSocket
 * (`shares-changed`) and refetches its share list and activity trail; recipients are not told.
 */
const t = setupTestApp();

describe("the owner's open checklist hears of shares changing", () => {
  it('a recipient verifying tells the owner, not the recipients following it', async () => {
    const owner = await signInOwner(t.app, 'shares-live');
    const checklist = await createChecklist(owner, { name: 'Cabin turnover' });
    const first = await share(owner, checklist.id);
    const jane = recipientBrowser(t.app);
    await verified(jane, first);

    const ownerScreen = await subscribedSocket(t.app, checklist.id, { cookie: owner.cookie });
    const janeScreen = await subscribedSocket(t.app, checklist.id, { cookie: jane.cookie });
    const stranger = await signInOwner(t.app, 'shares-live-other');
    const strangerScreen = await subscribedSocket(t.app, (await createChecklist(stranger)).id, {
      cookie: stranger.cookie,
    });

    const second = await share(owner, checklist.id, { email: 'sam@example.com', recipientName: 'Sam' });
    await verified(recipientBrowser(t.app), second);

    expect(await ownerScreen.next('shares-changed')).toEqual({
      type: 'shares-changed',
      checklistId: checklist.id,
    });
    // The activity entry it announces is there to be read.
    const activity = await owner.call('GET', `/api/checklists/${checklist.id}/activity`);
    expect(activity.json().entries[0]).toMatchObject({ action: 'share_verified' });
    // A tick afterwards reaches Jane's screen; nothing about shares came before it.
    await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${checklist.tasks[0]?.id}`, {
      completed: true,
    });
    await janeScreen.next('update');
    expect(janeScreen.messages.map((message) => message.type)).not.toContain('shares-changed');
    expect(strangerScreen.messages.map((message) => message.type)).not.toContain('shares-changed');
    closeAll(ownerScreen, janeScreen, strangerScreen);
  });
});
