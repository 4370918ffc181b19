import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { openDatabase } from '#server/db/client';
import {
  asEdit,
  caller,
  createChecklist,
  getChecklist,
  type Owner,
  signInOwner,
  tick,
} from '#tests/support/checklists';
import { testDatabaseKind } from '#tests/support/database';
import { testJpeg, uploadPhoto } from '#tests/support/photos';
import { closeAll, openSocket, subscribedSocket, type TestSocket } from '#tests/support/realtime';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { buildTestApp, setupTestApp } from '#tests/support/test-app';

/**
 * Every change, from every route and either kind of person, reaches every socket following the
 * checklist, on this instance or another one on the same database (docs/api.md "Realtime").
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'listsync-realtime-'));
// The listener's connection is probed every 100 ms here (30 s in service): probes must not disturb delivery.
const t = setupTestApp({
  env: { DATA_DIR: dataDir },
  realtime: { reconnect: { firstDelayMs: 50, maxDelayMs: 1_000, probeMs: 100 } },
});

/** A checklist shared with a verified recipient browser. */
async function sharedChecklist(owner: Owner, tasks = 3) {
  const created = await createChecklist(owner, {}, tasks);
  const sent = await share(owner, created.id);
  const browser = recipientBrowser(t.app);
  await verified(browser, sent);
  return { created, sent, browser };
}

/** Attaches a small photo to the checklist's third task as whoever holds the cookie; answers the status. */
async function photoOnThirdTask(cookie: string | null, checklist: Checklist): Promise<number> {
  const taskId = checklist.tasks[2]?.id ?? '';
  return (await uploadPhoto(t.app, cookie, checklist.id, taskId, await testJpeg(64, 48))).statusCode;
}

/** The next update of this checklist, which must show the state a fresh read shows. */
async function nextUpdateMatches(socket: TestSocket, owner: Owner, checklistId: string) {
  const update = await socket.next('update', (message) => message.checklistId === checklistId);
  const fresh = await getChecklist(owner, checklistId);
  expect(update.data.checklist).toEqual(fresh);
  return update;
}

describe('every change reaches the subscribers', () => {
  it('owner tick, recipient tick, remarks, submit, edit, photo and delete, in order', async () => {
    const owner = await signInOwner(t.app);
    const { created, sent, browser } = await sharedChecklist(owner);
    const socket = await subscribedSocket(t.app, created.id, { cookie: owner.cookie });
    const revisions: number[] = [];

    expect((await tick(owner, created, 0)).statusCode).toBe(200);
    let update = await nextUpdateMatches(socket, owner, created.id);
    expect(update.data.recipientId).toBeNull();
    revisions.push(update.revision);

    const task1 = created.tasks[1];
    const ticked = await browser.call('PATCH', `/api/checklists/${created.id}/tasks/${task1?.id}`, {
      completed: true,
    });
    expect(ticked.statusCode).toBe(200);
    update = await nextUpdateMatches(socket, owner, created.id);
    expect(update.data.recipientId).toBe(sent.recipientId);
    revisions.push(update.revision);

    expect(
      (await browser.call('PATCH', `/api/checklists/${created.id}`, { remarks: 'Keys left' })).statusCode,
    ).toBe(200);
    update = await nextUpdateMatches(socket, owner, created.id);
    expect(update.data.checklist.remarks).toBe('Keys left');
    expect(update.data.recipientId).toBe(sent.recipientId);
    revisions.push(update.revision);

    expect(await photoOnThirdTask(owner.cookie, created)).toBe(200);
    update = await nextUpdateMatches(socket, owner, created.id);
    expect(update.data.checklist.tasks[2]?.photoUrl).toBeTruthy();
    revisions.push(update.revision);

    expect((await owner.call('POST', `/api/checklists/${created.id}/submit`, {})).statusCode).toBe(200);
    update = await nextUpdateMatches(socket, owner, created.id);
    expect(update.data.checklist.status).toBe('completed');
    revisions.push(update.revision);

    const current = await getChecklist(owner, created.id);
    const edited = await owner.call(
      'PUT',
      `/api/checklists/${created.id}`,
      asEdit(current, { name: 'Cabin 2' }),
    );
    expect(edited.statusCode).toBe(200);
    update = await nextUpdateMatches(socket, owner, created.id);
    expect(update.data.checklist.name).toBe('Cabin 2');
    revisions.push(update.revision);

    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(new Set(revisions).size).toBe(revisions.length);

    expect((await owner.call('DELETE', `/api/checklists/${created.id}`)).statusCode).toBe(204);
    expect(await socket.next('deleted')).toEqual({ type: 'deleted', checklistId: created.id });
    closeAll(socket);
  });

  it('gives a recipient their copy (no owner id) and names who acted', async () => {
    const owner = await signInOwner(t.app);
    const { created, sent, browser } = await sharedChecklist(owner);
    const asOwner = await subscribedSocket(t.app, created.id, { cookie: owner.cookie });
    const asRecipient = await subscribedSocket(t.app, created.id, { cookie: browser.cookie });

    expect((await tick(owner, created, 0)).statusCode).toBe(200);
    const ownerSees = await asOwner.next('update');
    const recipientSees = await asRecipient.next('update');
    expect(ownerSees.data.checklist.userId).toBe(owner.uid);
    expect(recipientSees.data.checklist.userId).toBeNull();
    // Nor who of the team made it or has it assigned: a recipient's copy names none of the team's people.
    expect(ownerSees.data.checklist.createdBy).toEqual({ uid: owner.uid, displayName: 'owner person' });
    expect(recipientSees.data.checklist).toEqual({
      ...ownerSees.data.checklist,
      userId: null,
      createdBy: null,
      assignee: null,
    });
    expect(recipientSees.data.recipientId).toBeNull();

    const task = created.tasks[1];
    expect(
      (await browser.call('PATCH', `/api/checklists/${created.id}/tasks/${task?.id}`, { completed: true }))
        .statusCode,
    ).toBe(200);
    const second = await asRecipient.next('update');
    expect(second.data.recipientId).toBe(sent.recipientId);
    expect(second.data.checklist.userId).toBeNull();
    expect((await asOwner.next('update')).data.recipientId).toBe(sent.recipientId);

    expect(await photoOnThirdTask(browser.cookie, created)).toBe(200);
    const third = await asOwner.next('update');
    expect(third.data.checklist.tasks[2]?.photoUrl).toBeTruthy();
    expect(third.data.recipientId).toBe(sent.recipientId);
    expect((await browser.call('POST', `/api/checklists/${created.id}/submit`, {})).statusCode).toBe(200);
    const fourth = await asRecipient.next(
      'update',
      (message) => message.data.checklist.status === 'completed',
    );
    expect(fourth.data.recipientId).toBe(sent.recipientId);
    closeAll(asOwner, asRecipient);
  });

  it('tells the owner dashboard of a new checklist, a change and a deletion', async () => {
    const owner = await signInOwner(t.app);
    const dashboard = await openSocket(t.app, { cookie: owner.cookie });
    dashboard.send({ type: 'subscribe-dashboard' });
    await dashboard.next('dashboard-subscribed');

    const created = await createChecklist(owner);
    expect(await dashboard.next('dashboard-changed')).toEqual({
      type: 'dashboard-changed',
      checklistId: created.id,
    });
    expect((await tick(owner, created, 0)).statusCode).toBe(200);
    await dashboard.next('dashboard-changed', (message) => message.checklistId === created.id);
    expect((await owner.call('DELETE', `/api/checklists/${created.id}`)).statusCode).toBe(204);
    await dashboard.next('dashboard-changed', (message) => message.checklistId === created.id);

    // Another owner's checklists are not this dashboard's business.
    const other = await signInOwner(t.app, 'other');
    const theirs = await createChecklist(other);
    const mine = await createChecklist(owner);
    await dashboard.next('dashboard-changed', (message) => message.checklistId === mine.id);
    expect(
      dashboard.messages.some((m) => m.type === 'dashboard-changed' && m.checklistId === theirs.id),
    ).toBe(false);
    closeAll(dashboard);
  });

  it('sends a burst of concurrent ticks as rising revisions ending at the final state', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner, {}, 12);
    const socket = await subscribedSocket(t.app, created.id, { cookie: owner.cookie });
    const answers = await Promise.all(created.tasks.map((_, index) => tick(owner, created, index)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const final = await getChecklist(owner, created.id);
    const last = await socket.next('update', (message) => message.data.checklist.progress === 100);
    expect(last.data.checklist).toEqual(final);
    const revisions = socket.messages.flatMap((m) => (m.type === 'update' ? [m.revision] : []));
    for (let i = 1; i < revisions.length; i += 1) expect(revisions[i]).toBeGreaterThan(revisions[i - 1] ?? 0);
    closeAll(socket);
  });
});

describe('two server instances on one database', () => {
  // How fast is the benchmark's to say (npm run bench:realtime, one and two instances), not a test's.
  it('delivers on instance A a tick made through instance B', async () => {
    // PostgreSQL: B has its own pool and its own listener, as another process would. PGlite is one
    // process: B shares the handle, and still hears the change through its own listen.
    const handle = testDatabaseKind() === 'postgres' ? await openDatabase(t.testDatabase.config) : undefined;
    const other = await buildTestApp(t.testDatabase, handle ? { handle } : {});
    try {
      const owner = await signInOwner(t.app);
      const created = await createChecklist(owner);
      const onA = await subscribedSocket(t.app, created.id, { cookie: owner.cookie });
      const onB = await subscribedSocket(other.app, created.id, { cookie: owner.cookie });

      const ticked = await tick({ ...owner, call: caller(other.app, owner.cookie) }, created, 1);
      expect(ticked.statusCode).toBe(200);
      // The create's own notice may still reach A after it subscribed (a loaded machine): the tick's is
      // the update that carries the tick.
      const ticks = (message: { data: { checklist: Checklist } }) =>
        message.data.checklist.tasks[1]?.completed === true;
      const update = await onA.next('update', ticks);
      expect(update.data.checklist).toEqual(ticked.json() as Checklist);
      expect((await onB.next('update', ticks)).revision).toBe(update.revision);
      closeAll(onA, onB);
    } finally {
      await other.app.close();
      await handle?.close();
    }
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('the PostgreSQL listener', () => {
  it('reconnects after its connection is cut, asks every socket to resync, and delivers again', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner);
    const socket = await subscribedSocket(t.app, created.id, { cookie: owner.cookie });
    const cut = await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'listsync-realtime' and datname = current_database()`,
    );
    expect((cut as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    await socket.next('resync');
    expect((await tick(owner, created, 0)).statusCode).toBe(200);
    expect((await socket.next('update')).data.checklist.tasks[0]?.completed).toBe(true);
    closeAll(socket);
  });
});
