import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import type { ShareSummary } from '#domain/sharing';
import { checklistActivity, tasks } from '#server/db/schema/index';
import { createChecklist, errorOf, getChecklist, signInOwner } from '#tests/support/checklists';
import {
  type RecipientBrowser,
  recipientBrowser,
  share,
  verified,
  verifiedRecipientOf as verifiedRecipientOfApp,
} from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

const t = setupTestApp();

const verifiedRecipientOf = (taskCount = 3) => verifiedRecipientOfApp(t.app, taskCount);

function tickAs(browser: RecipientBrowser, checklist: Checklist, index: number, completed = true) {
  return browser.call('PATCH', `/api/checklists/${checklist.id}/tasks/${checklist.tasks[index]?.id}`, {
    completed,
  });
}

describe('a verified recipient', () => {
  it('ticks and unticks, writes remarks that are saved, and submits; the owner sees it all, with who did it', async () => {
    const { owner, checklist, sent, browser } = await verifiedRecipientOf(3);
    const ticked = await tickAs(browser, checklist, 0);
    expect(ticked.statusCode).toBe(200);
    const afterTick: Checklist = ticked.json();
    expect(afterTick.userId).toBeNull();
    expect(afterTick).toMatchObject({ status: 'in-progress', progress: 33 });
    expect((await tickAs(browser, checklist, 1)).statusCode).toBe(200);
    expect((await tickAs(browser, checklist, 1, false)).statusCode).toBe(200);

    const remarks = await browser.call('PATCH', `/api/checklists/${checklist.id}`, {
      remarks: 'Keys in the box',
    });
    expect(remarks.statusCode).toBe(200);
    expect(remarks.json()).toMatchObject({ remarks: 'Keys in the box', userId: null });

    const seen = await getChecklist(owner, checklist.id);
    expect(seen.tasks.map((task) => task.completed)).toEqual([true, false, false]);
    expect(seen.remarks).toBe('Keys in the box');
    expect(seen.userId).toBe(owner.uid);

    const submitted = await browser.call('POST', `/api/checklists/${checklist.id}/submit`, {});
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'completed', progress: 100, userId: null });

    const record = await t.db
      .select()
      .from(checklistActivity)
      .where(eq(checklistActivity.checklistId, checklist.id))
      .orderBy(checklistActivity.at);
    expect(record.map((row) => [row.action, row.shareId])).toEqual([
      ['share_sent', sent.shareId],
      ['share_verified', sent.shareId],
      ['task_completed', sent.shareId],
      ['task_completed', sent.shareId],
      ['task_uncompleted', sent.shareId],
      ['remarks_changed', sent.shareId],
      ['submitted', sent.shareId],
    ]);
    expect(record.find((row) => row.action === 'remarks_changed')).toMatchObject({
      actorKind: 'recipient',
      shareName: 'Jane',
      shareChannel: 'email',
    });

    // The owner's own tick is recorded as theirs (no share).
    await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${checklist.tasks[2]?.id}`, {
      completed: true,
    });
    const [ownerTick] = await t.db
      .select()
      .from(checklistActivity)
      .where(
        and(
          eq(checklistActivity.checklistId, checklist.id),
          eq(checklistActivity.taskId, checklist.tasks[2]?.id ?? ''),
        ),
      );
    expect(ownerTick).toMatchObject({ action: 'task_completed', shareId: null });

    const listed = await owner.call('GET', `/api/checklists/${checklist.id}/shares`);
    const [row]: ShareSummary[] = listed.json().shares;
    expect(row).toMatchObject({ id: sent.shareId, recipientName: 'Jane', channel: 'email', verified: true });
    expect(row?.maskedContact).toBe('j•••e@example.com');
    expect(row?.lastActivityAt).not.toBeNull();
  });

  it('is held to the same submit rule: a completed photo task without its photo blocks it', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {
      tasks: [{ description: 'Photo of the kitchen', photoRequired: true }],
    });
    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    await t.db.update(tasks).set({ completed: true }).where(eq(tasks.checklistId, checklist.id));
    const refused = await browser.call('POST', `/api/checklists/${checklist.id}/submit`, {});
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('missing_photos');
  });

  it('reaches no other checklist, of the same owner or another, and no owner route', async () => {
    const { owner, checklist, browser } = await verifiedRecipientOf();
    const sameOwnersOther = await createChecklist(owner, { name: 'Not shared' });
    const stranger = await signInOwner(t.app, 'stranger');
    const strangers = await createChecklist(stranger, { name: 'Someone else' });
    for (const other of [sameOwnersOther, strangers]) {
      for (const response of [
        await tickAs(browser, other, 0),
        await browser.call('PATCH', `/api/checklists/${other.id}`, { remarks: 'hi' }),
        await browser.call('POST', `/api/checklists/${other.id}/submit`, {}),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(errorOf(response)).toMatchObject({ code: 'not_found', message: 'Checklist not found' });
      }
    }
    const ownerRoutes: [Parameters<RecipientBrowser['call']>[0], string, unknown?][] = [
      ['GET', '/api/checklists'],
      ['GET', `/api/checklists/${checklist.id}`],
      [
        'PUT',
        `/api/checklists/${checklist.id}`,
        { name: 'Mine now', tasks: [{ description: 'x' }], version: 1 },
      ],
      ['DELETE', `/api/checklists/${checklist.id}`],
      ['POST', '/api/checklists', { name: 'New', tasks: [{ description: 'x' }] }],
      ['GET', `/api/checklists/${checklist.id}/shares`],
      [
        'POST',
        '/api/verification/send',
        { checklistId: checklist.id, email: 'me@example.com', consent: true },
      ],
      ['GET', '/api/dashboard/stats'],
    ];
    for (const [method, url, body] of ownerRoutes) {
      const response = await browser.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await getChecklist(owner, checklist.id)).name).toBe('Cabin turnover');
    expect((await getChecklist(stranger, strangers.id)).tasks[0]?.completed).toBe(false);
  });

  it('loses access when the owner revokes the share: the link is dead and so is the browser grant', async () => {
    const { owner, checklist, sent, browser } = await verifiedRecipientOf();
    const revoked = await owner.call('DELETE', `/api/checklists/${checklist.id}/shares/${sent.shareId}`);
    expect(revoked.statusCode).toBe(204);

    expect((await tickAs(browser, checklist, 0)).statusCode).toBe(404);
    expect((await browser.call('GET', `/api/shared/checklist?token=${sent.token}`)).statusCode).toBe(401);
    expect((await browser.call('GET', `/api/verification/status/${sent.token}`)).json()).toEqual({
      verified: false,
      expired: false,
    });
    const retry = await browser.verify(sent.token, '123456');
    expect(retry.statusCode).toBe(404);
    expect(errorOf(retry).code).toBe('share_not_found');
    expect((await owner.call('GET', `/api/checklists/${checklist.id}/shares`)).json()).toEqual({
      shares: [],
    });

    // Revoking twice, or another owner's share, finds nothing.
    expect(
      (await owner.call('DELETE', `/api/checklists/${checklist.id}/shares/${sent.shareId}`)).statusCode,
    ).toBe(404);
  });

  it('loses access when the owner makes a new link; the new link works with a new code', async () => {
    const { owner, checklist, sent, browser } = await verifiedRecipientOf();
    const renewed = await share(owner, checklist.id, { newLink: true });
    expect(renewed.token).not.toBe(sent.token);
    expect((await tickAs(browser, checklist, 0)).statusCode).toBe(404);
    expect((await browser.verify(sent.token, renewed.verificationCode as string)).statusCode).toBe(404);
    expect((await browser.call('GET', `/api/shared/checklist?token=${renewed.token}`)).statusCode).toBe(401);
    await verified(browser, renewed);
    expect((await tickAs(browser, checklist, 0)).statusCode).toBe(200);
  });

  it('only the owner sees and revokes shares', async () => {
    const { checklist, sent } = await verifiedRecipientOf();
    const stranger = await signInOwner(t.app, 'stranger');
    expect((await stranger.call('GET', `/api/checklists/${checklist.id}/shares`)).statusCode).toBe(404);
    expect(
      (await stranger.call('DELETE', `/api/checklists/${checklist.id}/shares/${sent.shareId}`)).statusCode,
    ).toBe(404);
  });

  it('with an owner session for other checklists in the same browser, still reaches the shared one', async () => {
    const { checklist, browser } = await verifiedRecipientOf();
    const neighbour = await signInOwner(t.app, 'neighbour');
    const both = `${neighbour.cookie}; ${browser.cookie}`;
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/checklists/${checklist.id}/tasks/${checklist.tasks[0]?.id}`,
      headers: { cookie: both },
      payload: { completed: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().userId).toBeNull();
  });

  it("the owner's browser, verified on a share of its own checklist too, acts as the owner", async () => {
    const owner = await signInOwner(t.app, 'own-share');
    const checklist = await createChecklist(owner);
    const browser = recipientBrowser(t.app);
    await verified(browser, await share(owner, checklist.id));
    const both = { cookie: `${owner.cookie}; ${browser.cookie}` };
    const ticked = await t.app.inject({
      method: 'PATCH',
      url: `/api/checklists/${checklist.id}/tasks/${checklist.tasks[0]?.id}`,
      headers: both,
      payload: { completed: true },
    });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json().userId).toBe(owner.uid);
    const remarked = await t.app.inject({
      method: 'PATCH',
      url: `/api/checklists/${checklist.id}`,
      headers: both,
      payload: { remarks: 'Mine' },
    });
    expect(remarked.json().userId).toBe(owner.uid);
    const actors = await t.db
      .select({ action: checklistActivity.action, shareId: checklistActivity.shareId })
      .from(checklistActivity)
      .where(eq(checklistActivity.checklistId, checklist.id))
      .orderBy(checklistActivity.at);
    expect(actors.filter((row) => !row.action.startsWith('share_'))).toEqual([
      { action: 'task_completed', shareId: null },
      { action: 'remarks_changed', shareId: null },
    ]);
  });
});
