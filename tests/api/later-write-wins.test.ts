import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { checklists, tasks } from '#server/db/schema/index';
import { createChecklist, errorOf, getChecklist, type Owner, signInOwner } from '#tests/support/checklists';
import { testJpeg, uploadPhoto } from '#tests/support/photos';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Work queued offline arrives late: per task and field the write made later wins (its `changedAt`,
 * never later than the server's clock), whatever order the writes arrive in (docs/decisions/0006).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'listsync-later-write-'));
const t = setupTestApp({ env: { DATA_DIR: dataDir } });
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const MINUTE = 60_000;
/** A moment relative to now, as a client would stamp a change (ISO 8601 with offset). */
function at(offsetMs: number): string {
  return new Date(Date.now() + offsetMs).toISOString();
}

function patchTask(owner: Owner, checklist: Checklist, index: number, body: Record<string, unknown>) {
  return owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${checklist.tasks[index]?.id}`, body);
}

async function revisionOf(checklistId: string): Promise<number> {
  const [row] = await t.db
    .select({ revision: checklists.revision })
    .from(checklists)
    .where(eq(checklists.id, checklistId));
  if (!row) throw new Error('no such checklist');
  return row.revision;
}

describe('a task written from two places', () => {
  it('keeps an untick made later when an offline tick made earlier arrives after it', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 3);
    // Ticked at T0, unticked at T2; the tick made offline at T1 (between them) arrives last.
    expect(
      (await patchTask(owner, checklist, 0, { completed: true, changedAt: at(-20 * MINUTE) })).statusCode,
    ).toBe(200);
    expect(
      (await patchTask(owner, checklist, 0, { completed: false, changedAt: at(-5 * MINUTE) })).statusCode,
    ).toBe(200);
    const before = await getChecklist(owner, checklist.id);
    const revision = await revisionOf(checklist.id);

    const late = await patchTask(owner, checklist, 0, { completed: true, changedAt: at(-10 * MINUTE) });
    expect(late.statusCode).toBe(200);
    // The answer is the checklist as it is, so the client sees what won; nothing changed.
    expect(late.json()).toEqual(before);
    expect(late.json().tasks[0]).toMatchObject({ completed: false, completedAt: null });
    expect(await getChecklist(owner, checklist.id)).toEqual(before);
    expect(await revisionOf(checklist.id)).toBe(revision);
  });

  it('applies a write made later than the stored one, and one with no changedAt (made now)', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 2);
    expect(
      (await patchTask(owner, checklist, 0, { completed: true, changedAt: at(-10 * MINUTE) })).statusCode,
    ).toBe(200);
    const later = await patchTask(owner, checklist, 0, { completed: false, changedAt: at(-MINUTE) });
    expect(later.json().tasks[0].completed).toBe(false);
    const now = await patchTask(owner, checklist, 0, { completed: true });
    expect(now.json().tasks[0].completed).toBe(true);
    expect((await getChecklist(owner, checklist.id)).tasks[0]?.completed).toBe(true);
  });

  it('clamps a changedAt in the future to now, so a fast clock cannot win later writes', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 2);
    const future = await patchTask(owner, checklist, 1, { completed: true, changedAt: at(60 * MINUTE) });
    expect(future.json().tasks[1].completed).toBe(true);
    // Made after the tick arrived: it wins, though the tick claimed to be an hour ahead.
    const untick = await patchTask(owner, checklist, 1, { completed: false });
    expect(untick.json().tasks[1].completed).toBe(false);
    expect((await getChecklist(owner, checklist.id)).tasks[1]?.completed).toBe(false);
  });

  it('judges each field on its own: a photo removal made later does not block an earlier tick', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 2);
    expect(
      (await patchTask(owner, checklist, 0, { photoUrl: null, changedAt: at(-5 * MINUTE) })).statusCode,
    ).toBe(200);
    const tick = await patchTask(owner, checklist, 0, { completed: true, changedAt: at(-10 * MINUTE) });
    expect(tick.json().tasks[0].completed).toBe(true);
    // And the completion field now holds T-10: an untick from T-15 loses, one from T-7 wins.
    expect(
      (await patchTask(owner, checklist, 0, { completed: false, changedAt: at(-15 * MINUTE) })).json()
        .tasks[0].completed,
    ).toBe(true);
    expect(
      (await patchTask(owner, checklist, 0, { completed: false, changedAt: at(-7 * MINUTE) })).json().tasks[0]
        .completed,
    ).toBe(false);
  });

  it("keeps the owner's later untick against a recipient's tick queued offline, and shows the recipient the winner", async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 2);
    const browser = recipientBrowser(t.app);
    await verified(browser, await share(owner, checklist.id));
    const offlineAt = at(-3 * MINUTE);
    expect(
      (await patchTask(owner, checklist, 1, { completed: true, changedAt: at(-4 * MINUTE) })).statusCode,
    ).toBe(200);
    expect((await patchTask(owner, checklist, 1, { completed: false })).statusCode).toBe(200);

    const replayed = await browser.call(
      'PATCH',
      `/api/checklists/${checklist.id}/tasks/${checklist.tasks[1]?.id}`,
      {
        completed: true,
        changedAt: offlineAt,
      },
    );
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toMatchObject({ userId: null, status: 'not-started' });
    expect(replayed.json().tasks[1].completed).toBe(false);
    expect((await getChecklist(owner, checklist.id)).tasks[1]?.completed).toBe(false);
  });

  it('still answers 404 for a task the checklist does not have, whatever the changedAt', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const response = await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/task_nope`, {
      completed: true,
      changedAt: at(-MINUTE),
    });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe('Task not found');
  });
});

describe('a PATCH that changes both fields of a task', () => {
  async function photographedTask(owner: Owner) {
    const checklist = await createChecklist(owner, {
      tasks: [{ description: 'Meter', photoRequired: true }],
    });
    const taskId = checklist.tasks[0]?.id as string;
    expect(
      (await uploadPhoto(t.app, owner.cookie, checklist.id, taskId, await testJpeg(320, 240))).statusCode,
    ).toBe(200);
    return { checklist, taskId };
  }

  async function changeTimesOf(checklistId: string, taskId: string) {
    const [row] = await t.db
      .select({ completion: tasks.completedChangedAt, photo: tasks.photoChangedAt })
      .from(tasks)
      .where(and(eq(tasks.checklistId, checklistId), eq(tasks.id, taskId)));
    if (!row?.completion || !row.photo) throw new Error('no change times');
    return { completion: row.completion, photo: row.photo };
  }

  it('applies it field by field: the photo removal wins, the older untick does not', async () => {
    const owner = await signInOwner(t.app);
    const { checklist, taskId } = await photographedTask(owner);
    // Ticked again after the upload: the completion's time is now later than the photo's.
    expect((await patchTask(owner, checklist, 0, { completed: true })).statusCode).toBe(200);
    const times = await changeTimesOf(checklist.id, taskId);
    // Just after the photo's time (read here to the millisecond, stored to the microsecond), before the tick's.
    const between = new Date(times.photo.getTime() + 1);
    expect(times.completion.getTime()).toBeGreaterThan(between.getTime());

    const both = await patchTask(owner, checklist, 0, {
      completed: false,
      photoUrl: null,
      changedAt: between.toISOString(),
    });
    expect(both.statusCode).toBe(200);
    expect(both.json().tasks[0]).toMatchObject({ completed: true, photoUrl: null });
    expect((await getChecklist(owner, checklist.id)).tasks[0]).toMatchObject({
      completed: true,
      photoUrl: null,
    });
  });

  it('reopens a submitted checklist only for the part that applies', async () => {
    const owner = await signInOwner(t.app);
    const { checklist } = await photographedTask(owner);
    expect((await owner.call('POST', `/api/checklists/${checklist.id}/submit`, {})).statusCode).toBe(200);
    // A tick with a photo removal, both made before the upload: nothing applies, nothing reopens.
    const stale = await patchTask(owner, checklist, 0, {
      completed: true,
      photoUrl: null,
      changedAt: at(-MINUTE),
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().submittedAt).not.toBeNull();
    expect(stale.json().tasks[0].photoUrl).not.toBeNull();
    // Made now, the removal applies and reopens it.
    const fresh = await patchTask(owner, checklist, 0, { completed: true, photoUrl: null });
    expect(fresh.json()).toMatchObject({ submittedAt: null, status: 'completed' });
    expect(fresh.json().tasks[0]).toMatchObject({ completed: true, photoUrl: null });
  });
});

describe('remarks written from two places', () => {
  it('keeps the later remarks when older ones arrive after them, with no revision bump', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const url = `/api/checklists/${checklist.id}`;
    expect(
      (await owner.call('PATCH', url, { remarks: 'Boiler checked', changedAt: at(-2 * MINUTE) })).statusCode,
    ).toBe(200);
    const before = await getChecklist(owner, checklist.id);
    const revision = await revisionOf(checklist.id);

    const late = await owner.call('PATCH', url, {
      remarks: 'Written in the basement',
      changedAt: at(-9 * MINUTE),
    });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual(before);
    expect(late.json().remarks).toBe('Boiler checked');
    expect(await revisionOf(checklist.id)).toBe(revision);

    const newer = await owner.call('PATCH', url, { remarks: 'All done', changedAt: at(-MINUTE) });
    expect(newer.json().remarks).toBe('All done');
  });

  it('clamps future remarks to now: a write made after them wins', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const url = `/api/checklists/${checklist.id}`;
    expect(
      (await owner.call('PATCH', url, { remarks: 'From the future', changedAt: at(120 * MINUTE) }))
        .statusCode,
    ).toBe(200);
    expect((await owner.call('PATCH', url, { remarks: 'Now' })).json().remarks).toBe('Now');
    expect((await getChecklist(owner, checklist.id)).remarks).toBe('Now');
  });

  it('counts remarks sent with a submit as written then: older remarks replayed later lose', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const submitted = await owner.call('POST', `/api/checklists/${checklist.id}/submit`, {
      remarks: 'Final',
    });
    expect(submitted.statusCode).toBe(200);
    const late = await owner.call('PATCH', `/api/checklists/${checklist.id}`, {
      remarks: 'Draft',
      changedAt: at(-MINUTE),
    });
    expect(late.json().remarks).toBe('Final');
  });
});

describe('a malformed changedAt', () => {
  it.each([
    ['not a date', 'yesterday'],
    ['no offset', '2026-05-01T10:00:00'],
    ['no such day', '2026-02-30T10:00:00Z'],
    ['a number', 1_700_000_000_000],
  ])('is refused with 400 (%s), on a task and on remarks', async (_label, changedAt) => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    for (const response of [
      await patchTask(owner, checklist, 0, { completed: true, changedAt }),
      await owner.call('PATCH', `/api/checklists/${checklist.id}`, { remarks: 'x', changedAt }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'validation_failed',
        message: 'changedAt must be an ISO 8601 date-time',
      });
    }
    expect((await getChecklist(owner, checklist.id)).tasks[0]?.completed).toBe(false);
  });

  it('takes any offset, and a date before 1970 as older than everything', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const withOffset = await patchTask(owner, checklist, 0, {
      completed: true,
      changedAt: '2026-01-01T09:00:00+05:30',
    });
    expect(withOffset.json().tasks[0].completed).toBe(true);
    const ancient = await patchTask(owner, checklist, 0, {
      completed: false,
      changedAt: '0000-01-01T00:00:00Z',
    });
    expect(ancient.statusCode).toBe(200);
    expect(ancient.json().tasks[0].completed).toBe(true);
  });
});
