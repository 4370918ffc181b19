import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklistActivity, checklists, tasks } from '#server/db/schema/index';
import { newId } from '#server/ids';
import { deleteChecklistRow } from '#server/repositories/checklists';
import { deleteSession } from '#server/repositories/sessions';
import { revokeShareRow } from '#server/repositories/shares';
import type { TaskChange } from '#server/repositories/task-statement';
import { applyKeyedTaskChange, applyTaskChange } from '#server/repositories/task-updates';
import {
  type AccessScene,
  accessScene,
  asOwner,
  DAY_MS,
  grantBrowser,
  HOUR_MS,
  insertSessionRow,
  MINUTE_MS,
  newBrowserHash,
  replaceLink,
  SESSION_POLICY,
  setupTestDatabase,
} from '#tests/support/access-rows';

/**
 * repositories/task-updates.ts: a tick decides who the caller is inside its one statement. Pins: the
 * owner's live session ticks their own checklists (actor 'owner'); a recipient's live grant ticks the
 * one checklist of the grant (actor 'recipient', the entry naming the share); nothing changes (no
 * task, no revision, no activity entry) for another owner, a signed-out caller, an expired (idle or
 * absolute) or ended session, a grant on another checklist of the same owner, a grant whose share was
 * revoked, whose link was replaced (the new link's grant ticks), that expired, or a grant of another
 * browser; nor for a deleted checklist, nor for a task id that is not in the checklist named (a task
 * of another checklist is never touched). With both cookies the owner acts first. Each of the five
 * kinds of change follows the same rule, keyed (Idempotency-Key in the statement) or not.
 */

const t = setupTestDatabase();

type Cookies = { idHash: string | null; browserHash: string | null };
const CHANGES: Exclude<TaskChange, 'keep'>[] = [
  'tick',
  'untick',
  'keep-unphoto',
  'tick-unphoto',
  'untick-unphoto',
];

function tick(
  s: AccessScene,
  cookies: Cookies,
  checklistId: string,
  taskId = 'task_1',
  change: Exclude<TaskChange, 'keep'> = 'tick',
) {
  return applyTaskChange(
    t.db,
    change,
    { ...cookies, now: s.now },
    {
      checklistId,
      taskId,
      activityId: newId('activity'),
      changedAt: undefined,
    },
  );
}

/** What a caller would notice of a checklist: its tasks' state, its revision and its trail. */
async function stateOf(checklistId: string) {
  const [checklist] = await t.db
    .select({ revision: checklists.revision, submittedAt: checklists.submittedAt })
    .from(checklists)
    .where(eq(checklists.id, checklistId));
  const taskRows = await t.db
    .select({ id: tasks.id, completed: tasks.completed, photoUrl: tasks.photoUrl })
    .from(tasks)
    .where(eq(tasks.checklistId, checklistId))
    .orderBy(tasks.position);
  const trail = await t.db
    .select({
      action: checklistActivity.action,
      actorKind: checklistActivity.actorKind,
      shareId: checklistActivity.shareId,
    })
    .from(checklistActivity)
    .where(eq(checklistActivity.checklistId, checklistId))
    .orderBy(checklistActivity.at, checklistActivity.id);
  return { revision: checklist?.revision ?? null, tasks: taskRows, trail };
}

/** Asserts the change named changes nothing anywhere in the scene. */
async function expectRefused(s: AccessScene, cookies: Cookies, checklistId: string, taskId = 'task_1') {
  const ids = Object.values(s.checklists).map((checklist) => checklist.id);
  const before = await Promise.all(ids.map(stateOf));
  for (const change of CHANGES) expect(await tick(s, cookies, checklistId, taskId, change)).toBeUndefined();
  expect(await Promise.all(ids.map(stateOf))).toEqual(before);
}

const signedOut: Cookies = { idHash: null, browserHash: null };
const sessionOf = (idHash: string): Cookies => ({ idHash, browserHash: null });
const browserOf = (browserHash: string): Cookies => ({ idHash: null, browserHash });

describe('the owner ticks their own checklists', () => {
  it('ticks, as the owner, and records it: one revision, one entry', async () => {
    const s = await accessScene(t.db);
    const row = await tick(s, sessionOf(s.host.idHash), s.checklists.unshared.id, 'unshared_only');
    expect(row).toMatchObject({
      taskId: 'unshared_only',
      completed: true,
      actorKind: 'owner',
      teamId: s.host.id,
      actorShareId: null,
      revision: 2,
    });
    const after = await stateOf(s.checklists.unshared.id);
    expect(after.tasks.find((task) => task.id === 'unshared_only')?.completed).toBe(true);
    expect(after.trail).toEqual([{ action: 'task_completed', actorKind: 'owner', shareId: null }]);
  });

  it('each of the five kinds of change applies for the owner (so a refusal below is the rule, not the change)', async () => {
    const s = await accessScene(t.db);
    for (const [index, change] of CHANGES.entries()) {
      const row = await tick(s, sessionOf(s.host.idHash), s.checklists.shared.id, 'task_1', change);
      expect(row).toMatchObject({ actorKind: 'owner', revision: index + 2 });
    }
    for (const change of CHANGES) {
      expect(await tick(s, browserOf(s.jane), s.checklists.shared.id, 'task_2', change)).toMatchObject({
        actorKind: 'recipient',
      });
    }
  });

  it("another owner's session changes nothing of the host's, by any kind of change", async () => {
    const s = await accessScene(t.db);
    await expectRefused(s, sessionOf(s.stranger.idHash), s.checklists.shared.id);
    await expectRefused(s, sessionOf(s.stranger.idHash), s.checklists.unshared.id, 'unshared_only');
  });

  it('a signed-out caller changes nothing', async () => {
    const s = await accessScene(t.db);
    await expectRefused(s, signedOut, s.checklists.shared.id);
  });

  it('an idle-expired, an absolutely expired and a signed-out session change nothing', async () => {
    const s = await accessScene(t.db);
    const idle = await insertSessionRow(t.db, s.host.id, s.now, {
      createdAt: new Date(s.now.getTime() - HOUR_MS),
      lastSeenAt: new Date(s.now.getTime() - SESSION_POLICY.idleMs),
      expiresAt: s.now,
    });
    const createdAt = new Date(s.now.getTime() - SESSION_POLICY.maxMs);
    const absolute = await insertSessionRow(t.db, s.host.id, s.now, {
      createdAt,
      lastSeenAt: new Date(s.now.getTime() - MINUTE_MS),
      expiresAt: new Date(createdAt.getTime() + SESSION_POLICY.maxMs),
    });
    const ended = await insertSessionRow(t.db, s.host.id, s.now);
    await deleteSession(t.db, ended);
    for (const idHash of [idle, absolute, ended])
      await expectRefused(s, sessionOf(idHash), s.checklists.shared.id);
  });

  it('a task of another checklist (even the owner’s own) is never touched through this one', async () => {
    const s = await accessScene(t.db);
    // 'unshared_only' is a task of the unshared checklist, named under the shared one.
    await expectRefused(s, sessionOf(s.host.idHash), s.checklists.shared.id, 'unshared_only');
    // 'task_1' is in both: only the named checklist's changes.
    expect(await tick(s, sessionOf(s.host.idHash), s.checklists.shared.id, 'task_1')).toBeDefined();
    expect((await stateOf(s.checklists.unshared.id)).tasks.every((task) => !task.completed)).toBe(true);
    expect((await stateOf(s.checklists.unshared.id)).revision).toBe(1);
  });

  it('a deleted checklist is not ticked', async () => {
    const s = await accessScene(t.db);
    await deleteChecklistRow(t.db, asOwner(s.host.id), s.checklists.shared.id);
    expect(await tick(s, sessionOf(s.host.idHash), s.checklists.shared.id)).toBeUndefined();
    expect(await tick(s, browserOf(s.jane), s.checklists.shared.id)).toBeUndefined();
    expect(await stateOf(s.checklists.shared.id)).toEqual({ revision: null, tasks: [], trail: [] });
  });
});

describe('a recipient with a live grant ticks the one checklist of the grant', () => {
  it('ticks it as the recipient, the entry naming their share', async () => {
    const s = await accessScene(t.db);
    const row = await tick(s, browserOf(s.jane), s.checklists.shared.id, 'task_2');
    expect(row).toMatchObject({
      taskId: 'task_2',
      completed: true,
      actorKind: 'recipient',
      actorShareId: s.share.id,
      revision: 2,
    });
    expect((await stateOf(s.checklists.shared.id)).trail).toEqual([
      { action: 'task_completed', actorKind: 'recipient', shareId: s.share.id },
    ]);
  });

  it('changes nothing of another checklist of the same owner, nor of another owner', async () => {
    const s = await accessScene(t.db);
    await expectRefused(s, browserOf(s.jane), s.checklists.unshared.id);
    await expectRefused(s, browserOf(s.jane), s.checklists.unshared.id, 'unshared_only');
    await expectRefused(s, browserOf(s.jane), s.checklists.strangers.id);
  });

  it('names a task of another checklist under theirs: nothing changes', async () => {
    const s = await accessScene(t.db);
    await expectRefused(s, browserOf(s.jane), s.checklists.shared.id, 'unshared_only');
  });

  it('another browser (not the verified recipient cookie) changes nothing', async () => {
    const s = await accessScene(t.db);
    await expectRefused(s, browserOf(newBrowserHash()), s.checklists.shared.id);
  });

  it('a grant whose share was revoked changes nothing (the grant row still there)', async () => {
    const s = await accessScene(t.db);
    await revokeShareRow(t.db, s.share.checklistId, s.share.id);
    await expectRefused(s, browserOf(s.jane), s.checklists.shared.id);
  });

  it("a grant of a replaced link changes nothing; the new link's grant ticks", async () => {
    const s = await accessScene(t.db);
    await replaceLink(t.db, s.share.id);
    await expectRefused(s, browserOf(s.jane), s.checklists.shared.id);
    const renewed = await grantBrowser(t.db, s.share, s.now);
    expect(await tick(s, browserOf(renewed), s.checklists.shared.id)).toMatchObject({
      actorKind: 'recipient',
    });
  });

  it('an expired grant changes nothing', async () => {
    const s = await accessScene(t.db);
    const expired = await grantBrowser(t.db, s.share, s.now, {
      expiresAt: new Date(s.now.getTime() - DAY_MS),
    });
    await expectRefused(s, browserOf(expired), s.checklists.shared.id);
  });
});

describe('both cookies: the owner first, else the grant', () => {
  it("the owner acts on their own checklist; beside another owner's session the grant acts", async () => {
    const s = await accessScene(t.db);
    expect(
      await tick(s, { idHash: s.host.idHash, browserHash: s.jane }, s.checklists.shared.id, 'task_1'),
    ).toMatchObject({
      actorKind: 'owner',
      actorShareId: null,
    });
    expect(
      await tick(s, { idHash: s.stranger.idHash, browserHash: s.jane }, s.checklists.shared.id, 'task_2'),
    ).toMatchObject({ actorKind: 'recipient', actorShareId: s.share.id });
    await expectRefused(s, { idHash: s.stranger.idHash, browserHash: s.jane }, s.checklists.unshared.id);
  });
});

describe('a keyed change (the Idempotency-Key claimed in the same statement) follows the same rule', () => {
  const claim = (s: AccessScene) => ({
    key: newId('key'),
    requestHash: 'request',
    claimedAt: s.now,
    expiresAt: new Date(s.now.getTime() + DAY_MS),
    abandonedBefore: new Date(s.now.getTime() - MINUTE_MS),
  });
  const keyed = (s: AccessScene, cookies: Cookies, checklistId: string, taskId = 'task_1') =>
    applyKeyedTaskChange(
      t.db,
      'tick',
      { ...cookies, now: s.now },
      { checklistId, taskId, activityId: newId('activity'), changedAt: undefined },
      claim(s),
    );

  it('ticks for the owner and the recipient of the grant; nothing for anyone else', async () => {
    const s = await accessScene(t.db);
    expect((await keyed(s, sessionOf(s.host.idHash), s.checklists.shared.id, 'task_1')).row).toMatchObject({
      actorKind: 'owner',
    });
    expect((await keyed(s, browserOf(s.jane), s.checklists.shared.id, 'task_2')).row).toMatchObject({
      actorKind: 'recipient',
    });

    const before = await Promise.all(Object.values(s.checklists).map((checklist) => stateOf(checklist.id)));
    expect((await keyed(s, sessionOf(s.stranger.idHash), s.checklists.unshared.id)).row).toBeUndefined();
    expect((await keyed(s, browserOf(s.jane), s.checklists.unshared.id)).row).toBeUndefined();
    expect((await keyed(s, browserOf(s.jane), s.checklists.shared.id, 'unshared_only')).row).toBeUndefined();
    expect((await keyed(s, browserOf(newBrowserHash()), s.checklists.shared.id)).row).toBeUndefined();
    expect(await keyed(s, signedOut, s.checklists.shared.id)).toEqual({
      claim: { principal: null, claimed: false },
      row: undefined,
    });
    expect(await Promise.all(Object.values(s.checklists).map((checklist) => stateOf(checklist.id)))).toEqual(
      before,
    );
  });

  it("an expired session's key is claimed for nobody", async () => {
    const s = await accessScene(t.db);
    const expired = await insertSessionRow(t.db, s.host.id, s.now, {
      createdAt: new Date(s.now.getTime() - HOUR_MS),
      expiresAt: s.now,
    });
    expect(await keyed(s, sessionOf(expired), s.checklists.shared.id)).toEqual({
      claim: { principal: null, claimed: false },
      row: undefined,
    });
    const [task] = await t.db
      .select({ completed: tasks.completed })
      .from(tasks)
      .where(and(eq(tasks.checklistId, s.checklists.shared.id), eq(tasks.id, 'task_1')));
    expect(task?.completed).toBe(false);
  });
});
