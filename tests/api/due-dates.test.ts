import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { CHECKLIST_REVISION_HEADER } from '#domain/checklist-revision';
import { DUE_LIMITS, DUE_MESSAGES } from '#domain/due-dates';
import { checklists, jobRuns, notifications, teamMembers } from '#server/db/schema/index';
import { markOverdueChecklists } from '#server/services/due-dates';
import {
  asEdit,
  createChecklist,
  errorOf,
  getChecklist,
  type Owner,
  signInOwner,
} from '#tests/support/checklists';
import { otherInstances } from '#tests/support/instances';
import { closeAll, subscribedSocket } from '#tests/support/realtime';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { ownedTeamId, setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Due dates (docs/automation.md "Due dates, overdue and reminders"): `dueAt` on POST, PUT and PATCH,
 * and the overdue check: each checklist past due and not completed is marked once, however many
 * instances look, and its team told once.
 */
const t = setupTestApp();
const instance = otherInstances(t);

const HOUR = 60 * 60_000;
/** Two hours ago, to the second (the check looks back DUE_LIMITS.overdueLookbackDays). */
const PAST = new Date(Math.floor((Date.now() - 2 * HOUR) / 1000) * 1000).toISOString();
const LATER = '2099-06-01T12:00:00.000Z';

async function owner(label: string): Promise<Owner> {
  const signed = await signInOwner(t.app, label);
  await setOwnedTeamTier(t.db, signed.uid, 'professional');
  return signed;
}

function revisionOf(response: { headers: Record<string, unknown> }): number {
  return Number(response.headers[CHECKLIST_REVISION_HEADER]);
}

async function noticesOf(checklistId: string, kind: 'overdue' | 'due_soon') {
  return t.db
    .select({ ownerId: notifications.ownerId, name: notifications.checklistName })
    .from(notifications)
    .where(and(eq(notifications.checklistId, checklistId), eq(notifications.kind, kind)));
}

/** Makes the overdue job due again, as if its minute had passed. */
async function overdueJobDue() {
  await t.db
    .update(jobRuns)
    .set({ nextRunAt: sql`now() - interval '1 second'` })
    .where(eq(jobRuns.name, 'overdue-checklists'));
}

describe('dueAt in the bodies', () => {
  it('is set by POST (editor and template), answered as an ISO instant, and null by default', async () => {
    const host = await owner('due-post');
    expect((await createChecklist(host)).dueAt).toBeNull();
    const made = await createChecklist(host, { dueAt: '2026-12-02T16:00:00+01:00' });
    expect(made.dueAt).toBe('2026-12-02T15:00:00.000Z');
    expect(made.overdue).toBe(false);
    const fromTemplate = await host.call('POST', '/api/checklists', {
      templateId: 'builtin-short-stay-turnover',
      dueAt: LATER,
    });
    expect(fromTemplate.statusCode, fromTemplate.body).toBe(201);
    expect(fromTemplate.json().dueAt).toBe(LATER);
  });

  it.each([
    ['a date without a time', '2026-12-02', DUE_MESSAGES.format],
    ['a time without an offset', '2026-12-02T15:00:00', DUE_MESSAGES.format],
    ['a number', 1_800_000_000_000, DUE_MESSAGES.format],
    ['before 2000', '1999-12-31T23:00:00Z', DUE_MESSAGES.range],
    ['from 2100', '2100-01-01T00:00:00Z', DUE_MESSAGES.range],
  ])('refuses %s with 400 validation_failed, everywhere', async (_what, dueAt, message) => {
    const host = await owner('due-bad');
    const checklist = await createChecklist(host);
    const answers = [
      await host.call('POST', '/api/checklists', { name: 'X', tasks: [{ description: 'a' }], dueAt }),
      await host.call('POST', '/api/checklists', { templateId: 'builtin-short-stay-turnover', dueAt }),
      await host.call('PUT', `/api/checklists/${checklist.id}`, asEdit(checklist, { dueAt } as never)),
      await host.call('PATCH', `/api/checklists/${checklist.id}`, { dueAt }),
    ];
    for (const response of answers) {
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).code).toBe('validation_failed');
      expect(JSON.stringify(errorOf(response))).toContain(message);
    }
    expect((await getChecklist(host, checklist.id)).dueAt).toBeNull();
  });

  it('PUT sets, keeps (left out) and clears it; each change moves the revision', async () => {
    const host = await owner('due-put');
    const checklist = await createChecklist(host);
    const set = await host.call(
      'PUT',
      `/api/checklists/${checklist.id}`,
      asEdit(checklist, { dueAt: LATER }),
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().dueAt).toBe(LATER);
    const kept = await host.call(
      'PUT',
      `/api/checklists/${checklist.id}`,
      asEdit(set.json(), { name: 'Renamed' }),
    );
    expect(kept.json()).toMatchObject({ name: 'Renamed', dueAt: LATER });
    expect(revisionOf(kept)).toBeGreaterThan(revisionOf(set));
    const cleared = await host.call(
      'PUT',
      `/api/checklists/${checklist.id}`,
      asEdit(kept.json(), { dueAt: null }),
    );
    expect(cleared.json().dueAt).toBeNull();
  });

  it('PATCH takes dueAt alone or with remarks; nothing to change is 400', async () => {
    const host = await owner('due-patch');
    const checklist = await createChecklist(host);
    const before = await host.call('GET', `/api/checklists/${checklist.id}`);
    const patched = await host.call('PATCH', `/api/checklists/${checklist.id}`, { dueAt: LATER });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().dueAt).toBe(LATER);
    expect(revisionOf(patched)).toBeGreaterThan(revisionOf(before));
    const both = await host.call('PATCH', `/api/checklists/${checklist.id}`, {
      dueAt: null,
      remarks: 'Keys in the box',
    });
    expect(both.json()).toMatchObject({ dueAt: null, remarks: 'Keys in the box' });
    const nothing = await host.call('PATCH', `/api/checklists/${checklist.id}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(errorOf(nothing).message).toContain('Send remarks, dueAt, assigneeUid or requireSignature');
  });

  it('a recipient cannot set it (404) and nothing of their patch is written; nor can another team', async () => {
    const host = await owner('due-recipient');
    const checklist = await createChecklist(host);
    const sent = await share(host, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    const refused = await browser.call('PATCH', `/api/checklists/${checklist.id}`, {
      dueAt: LATER,
      remarks: 'sneaky',
    });
    expect(refused.statusCode).toBe(404);
    const stranger = await owner('due-stranger');
    expect(
      (await stranger.call('PATCH', `/api/checklists/${checklist.id}`, { dueAt: LATER })).statusCode,
    ).toBe(404);
    expect(await getChecklist(host, checklist.id)).toMatchObject({ dueAt: null, remarks: '' });
  });
});

describe('the overdue check', () => {
  /** A team: its owner, an admin, a member who made the checklist, and another member it is assigned to. */
  async function teamWithChecklist(label: string) {
    const host = await owner(`${label}-owner`);
    const teamId = await ownedTeamId(t.db, host.uid);
    const [admin, maker, assignee, bystander] = await Promise.all(
      ['admin', 'maker', 'assignee', 'bystander'].map((role) => signInOwner(t.app, `${label}-${role}`)),
    );
    if (!admin || !maker || !assignee || !bystander) throw new Error('sign-in failed');
    await t.db.insert(teamMembers).values([
      { teamId, userId: admin.uid, role: 'admin' },
      { teamId, userId: maker.uid, role: 'member' },
      { teamId, userId: assignee.uid, role: 'member' },
      { teamId, userId: bystander.uid, role: 'member' },
    ]);
    const checklist = await createChecklist(host, { dueAt: PAST, name: `${label} turnover` });
    // Made by the member (as if they had created it), assigned to another.
    await t.db.update(checklists).set({ userId: maker.uid }).where(eq(checklists.id, checklist.id));
    const assigned = await host.call('PATCH', `/api/checklists/${checklist.id}`, {
      assigneeUid: assignee.uid,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    return { host, admin, maker, assignee, bystander, checklist };
  }

  it('marks it once with two instances racing, moves its revision, and tells creator, assignee, owner and admins once', async () => {
    const { host, admin, maker, assignee, checklist } = await teamWithChecklist('race');
    const before = await host.call('GET', `/api/checklists/${checklist.id}`);
    expect(before.json().overdue).toBe(false);

    const other = await instance();
    await overdueJobDue();
    const ran = await Promise.all([t.app.jobs.runDue(), other.app.jobs.runDue()]);
    expect(ran.flat().filter((name) => name === 'overdue-checklists')).toHaveLength(1);
    // Without the job's claim too: the conditional update alone marks and tells once.
    await Promise.all([markOverdueChecklists(t.db, new Date()), markOverdueChecklists(other.db, new Date())]);

    const after = await host.call('GET', `/api/checklists/${checklist.id}`);
    expect(after.json().overdue).toBe(true);
    expect(revisionOf(after)).toBe(revisionOf(before) + 1);
    const told = await noticesOf(checklist.id, 'overdue');
    expect(told.map((row) => row.ownerId).sort()).toEqual(
      [host.uid, admin.uid, maker.uid, assignee.uid].sort(),
    );
    expect(new Set(told.map((row) => row.name))).toEqual(new Set(['race turnover']));

    // The owner's list says it too.
    const list = (await host.call('GET', '/api/checklists')).json() as Checklist[];
    expect(list.find((row) => row.id === checklist.id)?.overdue).toBe(true);
  });

  it('reaches open screens live: the checklist’s update says overdue, the bell gets the notice', async () => {
    const host = await owner('live');
    const checklist = await createChecklist(host, { dueAt: PAST, name: 'Live turnover' });
    const socket = await subscribedSocket(t.app, checklist.id, { cookie: host.cookie });
    socket.send({ type: 'subscribe-notifications' });
    await socket.next('notifications-subscribed');
    await markOverdueChecklists(t.db, new Date());
    const update = await socket.next('update', (message) => message.checklistId === checklist.id);
    expect(update.data.checklist).toMatchObject({ id: checklist.id, overdue: true });
    const notice = await socket.next('notification');
    expect(notice.notification).toMatchObject({
      kind: 'overdue',
      checklistId: checklist.id,
      checklistName: 'Live turnover',
    });
    closeAll(socket);
  });

  it('tells the owner once when they made it, are assigned it, and own the team', async () => {
    const host = await owner('solo');
    const checklist = await createChecklist(host, { dueAt: PAST });
    await host.call('PATCH', `/api/checklists/${checklist.id}`, { assigneeUid: host.uid });
    await markOverdueChecklists(t.db, new Date());
    expect((await noticesOf(checklist.id, 'overdue')).map((row) => row.ownerId)).toEqual([host.uid]);
  });

  it('does not look further back than DUE_LIMITS.overdueLookbackDays', async () => {
    const host = await owner('long-ago');
    const lookback = DUE_LIMITS.overdueLookbackDays * 24 * HOUR;
    const longAgo = await createChecklist(host, {
      dueAt: new Date(Date.now() - lookback - HOUR).toISOString(),
    });
    const within = await createChecklist(host, {
      dueAt: new Date(Date.now() - lookback + HOUR).toISOString(),
    });
    await markOverdueChecklists(t.db, new Date());
    expect((await getChecklist(host, longAgo.id)).overdue).toBe(false);
    expect((await getChecklist(host, within.id)).overdue).toBe(true);
  });

  it('never marks a completed, submitted, cancelled or not yet due checklist', async () => {
    const host = await owner('not-overdue');
    const ticked = await createChecklist(host, { dueAt: PAST }, 1);
    const tick = await host.call('PATCH', `/api/checklists/${ticked.id}/tasks/${ticked.tasks[0]?.id}`, {
      completed: true,
    });
    expect(tick.statusCode).toBe(200);
    const submitted = await createChecklist(host, { dueAt: PAST });
    expect((await host.call('POST', `/api/checklists/${submitted.id}/submit`)).statusCode).toBe(200);
    const cancelled = await createChecklist(host, { dueAt: PAST });
    await t.db.update(checklists).set({ cancelledAt: new Date() }).where(eq(checklists.id, cancelled.id));
    const later = await createChecklist(host, { dueAt: LATER });
    const none = await createChecklist(host);
    await markOverdueChecklists(t.db, new Date());
    for (const checklist of [ticked, submitted, cancelled, later, none]) {
      expect((await getChecklist(host, checklist.id)).overdue).toBe(false);
      expect(await noticesOf(checklist.id, 'overdue')).toEqual([]);
    }
  });

  it('a new due time clears the mark; the same one keeps it; passing again tells again', async () => {
    const host = await owner('moved');
    const checklist = await createChecklist(host, { dueAt: PAST });
    await markOverdueChecklists(t.db, new Date());
    const same = await host.call('PATCH', `/api/checklists/${checklist.id}`, { dueAt: PAST });
    expect(same.json().overdue).toBe(true);
    const moved = await host.call('PATCH', `/api/checklists/${checklist.id}`, { dueAt: LATER });
    expect(moved.json()).toMatchObject({ overdue: false, dueAt: LATER });
    const [row] = await t.db.select().from(checklists).where(eq(checklists.id, checklist.id));
    expect(row).toMatchObject({ overdueAt: null, dueRemindedAt: null });
    await host.call('PATCH', `/api/checklists/${checklist.id}`, {
      dueAt: new Date(Date.now() - HOUR).toISOString(),
    });
    await markOverdueChecklists(t.db, new Date());
    expect(await noticesOf(checklist.id, 'overdue')).toHaveLength(2);
  });
});
