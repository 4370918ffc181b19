import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { planLimitMessage } from '#domain/plans';
import { checklistActivity, checklists } from '#server/db/schema/index';
import { newId } from '#server/ids';
import {
  asEdit,
  createChecklist,
  draft,
  errorOf,
  getChecklist,
  type Owner,
  signInOwner,
  tick,
} from '#tests/support/checklists';
import { ownedTeamId, setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

const t = setupTestApp();

async function ownedCount(owner: Owner): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(checklists).where(eq(checklists.userId, owner.uid));
  return row?.n ?? 0;
}

/**
 * Gives the owner's team `n` more checklists made by them, straight in the database (no plan check),
 * for limits above 5.
 */
async function seedChecklists(owner: Owner, n: number) {
  const teamId = await ownedTeamId(t.db, owner.uid);
  await t.db.insert(checklists).values(
    Array.from({ length: n }, (_, i) => ({
      id: newId('checklist'),
      userId: owner.uid,
      teamId,
      name: `Seed ${i}`,
    })),
  );
}

describe('plan limits at create', () => {
  it('the 6th create on the free plan is refused with 403 plan_limit_reached and limit 5', async () => {
    const owner = await signInOwner(t.app);
    for (let i = 0; i < 5; i += 1) await createChecklist(owner, { name: `List ${i}` });
    const response = await owner.call('POST', '/api/checklists', draft({ name: 'One too many' }));
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'plan_limit_reached', message: planLimitMessage(5), limit: 5 });
    expect(await ownedCount(owner)).toBe(5);
  });

  it('deleting one makes room again', async () => {
    const owner = await signInOwner(t.app);
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await createChecklist(owner));
    await owner.call('DELETE', `/api/checklists/${made[0]?.id}`);
    expect((await owner.call('POST', '/api/checklists', draft())).statusCode).toBe(201);
  });

  it('10 concurrent creates from zero: exactly 5 succeed, the others are refused', async () => {
    const owner = await signInOwner(t.app);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        owner.call('POST', '/api/checklists', draft({ name: `Rush ${i}` })),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 403, 403, 403, 403, 403]);
    expect(await ownedCount(owner)).toBe(5);
  });

  it('10 concurrent creates with one place left: exactly one succeeds', async () => {
    const owner = await signInOwner(t.app);
    await seedChecklists(owner, 4);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => owner.call('POST', '/api/checklists', draft())),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(await ownedCount(owner)).toBe(5);
  });

  it('the professional plan stops at 100; enterprise has no limit', async () => {
    const pro = await signInOwner(t.app, 'pro');
    await setOwnedTeamTier(t.db, pro.uid, 'professional');
    await seedChecklists(pro, 99);
    expect((await pro.call('POST', '/api/checklists', draft())).statusCode).toBe(201);
    const refused = await pro.call('POST', '/api/checklists', draft());
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'plan_limit_reached', limit: 100 });

    const enterprise = await signInOwner(t.app, 'enterprise');
    await setOwnedTeamTier(t.db, enterprise.uid, 'enterprise');
    await seedChecklists(enterprise, 150);
    expect((await enterprise.call('POST', '/api/checklists', draft())).statusCode).toBe(201);
    expect(await ownedCount(enterprise)).toBe(151);
  });
});

describe('concurrent changes to one checklist', () => {
  it('50 concurrent PATCHes on 50 different tasks are all kept', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 50);
    const responses = await Promise.all(checklist.tasks.map((_, index) => tick(owner, checklist, index)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const after = await getChecklist(owner, checklist.id);
    expect(after.tasks.filter((task) => task.completed)).toHaveLength(50);
    expect(after).toMatchObject({ status: 'completed', progress: 100, version: checklist.version });
  });

  it('ticks arriving together (committed together) each get their own revision, record and answer', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 30);
    const before = await owner.call('GET', `/api/checklists/${checklist.id}`);
    const startRevision = Number(before.headers['x-checklist-revision']);
    const keys = checklist.tasks.map(() => randomUUID());
    const patch = (index: number, key: string | null) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/checklists/${checklist.id}/tasks/${checklist.tasks[index]?.id}`,
        headers: { cookie: owner.cookie, ...(key ? { 'idempotency-key': key } : {}) },
        payload: { completed: true },
      });
    // Half with an Idempotency-Key (as the offline queue sends them), half without; one for a task
    // that is not in the checklist among them.
    const [missing, ...responses] = await Promise.all([
      owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${newId('task')}`, { completed: true }),
      ...checklist.tasks.map((_, index) => patch(index, index % 2 === 0 ? (keys[index] ?? null) : null)),
    ]);
    expect(missing?.statusCode).toBe(404);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    // Each answer holds its own tick, at a revision of its own: the 30 revisions after the start.
    responses.forEach((response, index) => {
      const body: Checklist = response.json();
      expect(body.tasks[index]?.completed).toBe(true);
    });
    const revisions = responses.map((response) => Number(response.headers['x-checklist-revision']));
    expect([...revisions].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, index) => startRevision + 1 + index),
    );
    const after = await owner.call('GET', `/api/checklists/${checklist.id}`);
    expect(Number(after.headers['x-checklist-revision'])).toBe(startRevision + 30);
    expect((after.json() as Checklist).tasks.every((task) => task.completed)).toBe(true);
    const [records] = await t.db
      .select({ n: count() })
      .from(checklistActivity)
      .where(
        and(eq(checklistActivity.checklistId, checklist.id), eq(checklistActivity.action, 'task_completed')),
      );
    expect(records?.n).toBe(30);
    // A keyed tick sent again gets its kept answer; nothing runs twice.
    const replay = await patch(0, keys[0] ?? null);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(responses[0]?.body);
    const [again] = await t.db
      .select({ n: count() })
      .from(checklistActivity)
      .where(eq(checklistActivity.checklistId, checklist.id));
    expect(again?.n).toBeGreaterThanOrEqual(30);
    expect(
      Number((await owner.call('GET', `/api/checklists/${checklist.id}`)).headers['x-checklist-revision']),
    ).toBe(startRevision + 30);
  });

  it('an edit saved while tasks are being ticked keeps every tick and loses no edit', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 20);
    const edit = asEdit(checklist, { name: 'Edited while ticking' });
    const [put, ...ticks] = await Promise.all([
      owner.call('PUT', `/api/checklists/${checklist.id}`, edit),
      ...checklist.tasks.map((_, index) => tick(owner, checklist, index)),
    ]);
    expect(put?.statusCode).toBe(200);
    expect(ticks.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const after: Checklist = await getChecklist(owner, checklist.id);
    expect(after.name).toBe('Edited while ticking');
    expect(after.tasks.every((task) => task.completed)).toBe(true);
    expect(after.tasks.map((task) => task.id)).toEqual(checklist.tasks.map((task) => task.id));
  });

  it('remarks written while tasks are ticked go through the same lane: every tick and the last remark kept', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 12);
    const before = await owner.call('GET', `/api/checklists/${checklist.id}`);
    const startRevision = Number(before.headers['x-checklist-revision']);
    const remark = (text: string, minutesAgo: number) =>
      owner.call('PATCH', `/api/checklists/${checklist.id}`, {
        remarks: text,
        changedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      });
    const responses = await Promise.all([
      remark('First look', 3),
      ...checklist.tasks.map((_, index) => tick(owner, checklist, index)),
      remark('All done, keys in the box', 1),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(14).fill(200));
    const after = await owner.call('GET', `/api/checklists/${checklist.id}`);
    const body: Checklist = after.json();
    expect(body.tasks.every((task) => task.completed)).toBe(true);
    // The later remark wins whatever order they arrived in; the older one changed nothing after it.
    expect(body.remarks).toBe('All done, keys in the box');
    const revision = Number(after.headers['x-checklist-revision']);
    expect(revision).toBeGreaterThanOrEqual(startRevision + 13);
    expect(revision).toBeLessThanOrEqual(startRevision + 14);
    const [remarked] = await t.db
      .select({ n: count() })
      .from(checklistActivity)
      .where(
        and(eq(checklistActivity.checklistId, checklist.id), eq(checklistActivity.action, 'remarks_changed')),
      );
    expect(remarked?.n).toBe(revision - startRevision - 12);
  });

  it('two editors from the same version: one saves, the other gets 409 with the saved checklist', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const responses = await Promise.all(
      ['Editor A', 'Editor B'].map((name) =>
        owner.call('PUT', `/api/checklists/${checklist.id}`, asEdit(checklist, { name })),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const saved = responses.find((response) => response.statusCode === 200)?.json();
    const conflict = responses.find((response) => response.statusCode === 409);
    expect(conflict && errorOf(conflict).checklist).toEqual(saved);
  });
});
