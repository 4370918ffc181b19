import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry, ActivityPage } from '#domain/activity';
import type { Checklist } from '#domain/checklist';
import { checklistActivity } from '#server/db/schema/index';
import { createChecklist, errorOf, type Owner, signInOwner } from '#tests/support/checklists';
import { testPicture, uploadPhoto } from '#tests/support/photos';
import { type RecipientBrowser, verifiedRecipientOf } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

const t = setupTestApp();

/** The database's refusal (the trigger's message), under Drizzle's 'Failed query' wrapper. */
function refusedAsAppendOnly(error: unknown): boolean {
  const cause = (error as { cause?: { message?: string } }).cause;
  return /checklist_activity is append-only/.test(cause?.message ?? String(error));
}

function jpegTakenAt(taken: string, colour: number) {
  return testPicture(800, 600)
    .modulate({ hue: colour })
    .withExif({ IFD0: { Make: 'TestCam' }, IFD2: { DateTimeOriginal: taken } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function activityOf(owner: Owner | RecipientBrowser, checklistId: string, query = '') {
  return owner.call('GET', `/api/checklists/${checklistId}/activity${query}`);
}

async function sha256Hex(bytes: Buffer) {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(bytes).digest('hex');
}

const sharedAndVerified = (taskCount = 3) => verifiedRecipientOf(t.app, taskCount);

const taskUrl = (checklist: Checklist, index: number) =>
  `/api/checklists/${checklist.id}/tasks/${checklist.tasks[index]?.id}`;

describe('the activity trail', () => {
  it('records every action, by the owner and by a recipient, with who they are and the photo evidence', async () => {
    const { owner, checklist, sent, browser } = await sharedAndVerified(3);
    const [task1, task2, task3] = checklist.tasks.map((task) => task.id);
    expect((await browser.call('PATCH', taskUrl(checklist, 0), { completed: true })).statusCode).toBe(200);
    expect((await browser.call('PATCH', taskUrl(checklist, 0), { completed: false })).statusCode).toBe(200);
    const first = await jpegTakenAt('2026:11:20 09:15:00', 10);
    const second = await jpegTakenAt('2026:11:21 10:30:45', 200);
    expect((await uploadPhoto(t.app, browser.cookie, checklist.id, task2 ?? '', first)).statusCode).toBe(200);
    expect((await uploadPhoto(t.app, browser.cookie, checklist.id, task2 ?? '', second)).statusCode).toBe(
      200,
    );
    expect((await browser.call('PATCH', taskUrl(checklist, 1), { photoUrl: null })).statusCode).toBe(200);
    expect(
      (await browser.call('PATCH', `/api/checklists/${checklist.id}`, { remarks: 'Keys left' })).statusCode,
    ).toBe(200);
    expect((await browser.call('POST', `/api/checklists/${checklist.id}/submit`, {})).statusCode).toBe(200);
    expect((await owner.call('PATCH', taskUrl(checklist, 2), { completed: true })).statusCode).toBe(200);
    const relinked = await owner.call(
      'POST',
      `/api/checklists/${checklist.id}/shares/${sent.shareId}/new-link`,
    );
    expect(relinked.statusCode).toBe(200);
    expect(
      (await owner.call('DELETE', `/api/checklists/${checklist.id}/shares/${sent.shareId}`)).statusCode,
    ).toBe(204);

    const response = await activityOf(owner, checklist.id, '?limit=100');
    expect(response.statusCode).toBe(200);
    const page: ActivityPage = response.json();
    expect(page.next).toBeNull();
    const oldestFirst = [...page.entries].reverse();
    const jane = { kind: 'recipient', name: 'Jane', maskedContact: 'j•••e@example.com', verifiedBy: 'email' };
    const me = { kind: 'owner', name: 'host person' };
    const shape = (entry: ActivityEntry) => [entry.action, entry.actor, entry.taskId ?? null];
    expect(oldestFirst.map(shape)).toEqual([
      ['share_sent', me, null],
      ['share_verified', jane, null],
      ['task_completed', jane, task1],
      ['task_uncompleted', jane, task1],
      ['task_completed', jane, task2],
      ['photo_added', jane, task2],
      ['photo_added', jane, task2],
      ['photo_removed', jane, task2],
      ['remarks_changed', jane, null],
      ['submitted', jane, null],
      ['task_completed', me, task3],
      ['link_replaced', me, null],
      ['share_revoked', me, null],
    ]);
    const photoEntries = oldestFirst.filter((entry) => entry.action.startsWith('photo_'));
    expect(
      photoEntries.map((entry) => [entry.photoSha256, entry.photoCapturedAt, entry.photoReplaced]),
    ).toEqual([
      [await sha256Hex(first), '2026-11-20T09:15:00', undefined],
      [await sha256Hex(second), '2026-11-21T10:30:45', true],
      [await sha256Hex(second), '2026-11-21T10:30:45', undefined],
    ]);
    const times = page.entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(page.entries.map((entry) => entry.id)).size).toBe(page.entries.length);
  });

  it('keeps who a recipient was when the entry was written, whatever happens to the share later', async () => {
    const { owner, checklist, sent, browser } = await sharedAndVerified(1);
    await browser.call('PATCH', taskUrl(checklist, 0), { completed: true });
    // A later send may rename the share; the entry keeps the name it was written with.
    await t.db.execute(sql`update shares set recipient_name = 'Janet' where id = ${sent.shareId}`);
    const page: ActivityPage = (await activityOf(owner, checklist.id)).json();
    const tick = page.entries.find((entry) => entry.action === 'task_completed');
    expect(tick?.actor).toEqual({
      kind: 'recipient',
      name: 'Jane',
      maskedContact: 'j•••e@example.com',
      verifiedBy: 'email',
    });
  });

  it('pages newest first by an opaque cursor, with nothing lost or repeated', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 4);
    for (let round = 0; round < 3; round++) {
      for (let index = 0; index < 4; index++) {
        await owner.call('PATCH', taskUrl(checklist, index), { completed: round % 2 === 0 });
      }
    }
    const all: ActivityPage = (await activityOf(owner, checklist.id, '?limit=100')).json();
    expect(all.entries).toHaveLength(12);
    const seen: ActivityEntry[] = [];
    let query = '?limit=5';
    for (let pages = 0; pages < 5; pages++) {
      const response = await activityOf(owner, checklist.id, query);
      expect(response.statusCode).toBe(200);
      const page: ActivityPage = response.json();
      seen.push(...page.entries);
      if (!page.next) break;
      expect(page.entries).toHaveLength(5);
      query = `?limit=5&before=${page.next}`;
    }
    expect(seen.map((entry) => entry.id)).toEqual(all.entries.map((entry) => entry.id));
    const defaultPage: ActivityPage = (await activityOf(owner, checklist.id)).json();
    expect(defaultPage.entries).toHaveLength(12);
  });

  it.each([
    ['?limit=0'],
    ['?limit=101'],
    ['?limit=abc'],
    ['?limit=2.5'],
    ['?before='],
    ['?before=not%20a%20cursor'],
    ['?before=bm90IGpzb24'],
    [`?before=${Buffer.from(JSON.stringify(['yesterday', 'activity_x'])).toString('base64url')}`],
    [`?before=${Buffer.from(JSON.stringify(['2026-13-45 99:00:00+00', 'a'])).toString('base64url')}`],
    [`?before=${Buffer.from(JSON.stringify({ at: 1 })).toString('base64url')}`],
    [`?before=${'A'.repeat(300)}`],
    ['?extra=1'],
  ])('refuses a bad page %s with 400 validation_failed', async (query) => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const response = await activityOf(owner, checklist.id, query);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation_failed');
  });

  it("is the owner's only: another owner, a recipient (even verified, even signed in) and nobody get nothing", async () => {
    const { checklist, browser } = await sharedAndVerified(1);
    const stranger = await signInOwner(t.app, 'stranger');
    for (const asker of [stranger, browser]) {
      const response = await activityOf(asker, checklist.id);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('not_found');
    }
    // A recipient who also has an account of their own.
    const both = await t.app.inject({
      method: 'GET',
      url: `/api/checklists/${checklist.id}/activity`,
      headers: { cookie: `${stranger.cookie}; ${browser.cookie}` },
    });
    expect(both.statusCode).toBe(404);
    const nobody = await t.app.inject({ method: 'GET', url: `/api/checklists/${checklist.id}/activity` });
    expect(nobody.statusCode).toBe(401);
    const missing = await activityOf(stranger, 'checklist_nope');
    expect(missing.statusCode).toBe(404);
  });
});

describe('the trail is append-only in the database', () => {
  it('refuses to change or delete an entry; deleting the checklist takes its entries with it', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 2);
    await owner.call('PATCH', taskUrl(checklist, 0), { completed: true });
    const ofChecklist = eq(checklistActivity.checklistId, checklist.id);
    await expect(
      t.db.update(checklistActivity).set({ action: 'task_uncompleted' }).where(ofChecklist),
    ).rejects.toSatisfy(refusedAsAppendOnly);
    await expect(
      t.db.update(checklistActivity).set({ at: sql`now() - interval '1 day'` }).where(ofChecklist),
    ).rejects.toSatisfy(refusedAsAppendOnly);
    await expect(t.db.delete(checklistActivity).where(ofChecklist)).rejects.toSatisfy(refusedAsAppendOnly);
    expect(await t.db.select().from(checklistActivity).where(ofChecklist)).toHaveLength(1);

    expect((await owner.call('DELETE', `/api/checklists/${checklist.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(checklistActivity).where(ofChecklist)).toHaveLength(0);
  });

  it("lets a share's delete clear only its id (ON DELETE SET NULL), never what the entry says", async () => {
    const { checklist, sent } = await sharedAndVerified(1);
    const ofShare = eq(checklistActivity.shareId, sent.shareId);
    await expect(
      t.db.update(checklistActivity).set({ shareName: 'Someone else' }).where(ofShare),
    ).rejects.toSatisfy(refusedAsAppendOnly);
    await expect(
      t.db.update(checklistActivity).set({ shareId: null, shareName: 'Someone else' }).where(ofShare),
    ).rejects.toSatisfy(refusedAsAppendOnly);
    await t.db.execute(sql`delete from share_grants where share_id = ${sent.shareId}`);
    await t.db.execute(sql`delete from share_code_sends where share_id = ${sent.shareId}`);
    await t.db.execute(sql`delete from shares where id = ${sent.shareId}`);
    const rows = await t.db
      .select()
      .from(checklistActivity)
      .where(eq(checklistActivity.checklistId, checklist.id));
    expect(rows.map((row) => [row.action, row.shareId, row.shareName])).toEqual(
      expect.arrayContaining([
        ['share_sent', null, 'Jane'],
        ['share_verified', null, 'Jane'],
      ]),
    );
  });
});
