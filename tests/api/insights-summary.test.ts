import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { shiftDate } from '#domain/insights';
import { localDateOf } from '#domain/time-zones';
import {
  checklistActivity,
  checklistInsights,
  checklistInsightTasks,
  checklists,
  tasks,
} from '#server/db/schema/index';
import { newId } from '#server/ids';
import { createChecklist, type Owner, signInOwner, tick } from '#tests/support/checklists';
import { bothWays, paramsOf, perChecklist, runInsightsBackfill } from '#tests/support/insights-trail';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { ownedTeamId } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

/**
 * The insights summary written at submit (decision 0068: checklist_insights, checklist_insight_tasks,
 * migration 0036) gives exactly the figures decision 0052's statements computed from the trail
 * (tests/support/insights-trail.ts keeps them): checklists submitted through the API by a member and by
 * a recipient, one sent back and resubmitted, one without ticks, one ticked after its submit, one
 * reopened; and trail rows written directly (ticks at the same instant, a tick without a task, two
 * submits). The migration's backfill writes the same rows for checklists submitted before it.
 */
const t = setupTestApp();

const MINUTE = 60_000;
let owner: Owner;
let teamId: string;

const today = () => localDateOf(new Date(), 'UTC');
const lastMonth = () => paramsOf(teamId, shiftDate(today(), -29), today());

async function submit(call: Owner['call'], id: string) {
  const response = await call('POST', `/api/checklists/${id}/submit`, {});
  expect(response.statusCode, response.body).toBe(200);
}

/** A checklist of 3 tasks written directly, submitted at `submittedAt`, with its trail. */
async function seedDirect(
  submittedAt: Date,
  trail: (id: string) => (typeof checklistActivity.$inferInsert)[],
) {
  const id = newId('checklist');
  await t.db.insert(checklists).values({
    id,
    teamId,
    userId: owner.uid,
    name: 'Seeded',
    createdAt: new Date(Date.now() - 3 * 86_400_000),
    submittedAt,
  });
  await t.db.insert(tasks).values(
    [1, 2, 3].map((n) => ({
      checklistId: id,
      id: `task_${n}`,
      position: n,
      description: `Seeded task ${n}`,
    })),
  );
  const entries = trail(id);
  if (entries.length > 0) await t.db.insert(checklistActivity).values(entries);
  return id;
}

const entry = (
  checklistId: string,
  action: 'task_completed' | 'submitted',
  at: Date,
  extra: Partial<typeof checklistActivity.$inferInsert> = {},
) => ({ id: newId('activity'), checklistId, action, at, actorUserId: owner.uid, actorName: 'Zoe', ...extra });

async function expectBothWaysEqual() {
  const { stored, derived } = await perChecklist(t.db);
  expect(stored).toEqual(derived);
  const { fromSummary, fromTrail } = await bothWays(t.db, lastMonth());
  expect(fromSummary).toEqual(fromTrail);
  return fromSummary;
}

/** Submitted by a recipient, sent back for one task and submitted again: the summary is rewritten. */
async function sentBackAndResubmitted() {
  const shared = await createChecklist(owner, { name: 'Shared with Jane' });
  const browser = recipientBrowser(t.app);
  await verified(browser, await share(owner, shared.id));
  for (const task of shared.tasks) {
    await browser.call('PATCH', `/api/checklists/${shared.id}/tasks/${task.id}`, { completed: true });
  }
  await submit(browser.call, shared.id);
  const first = shared.tasks[0]?.id;
  const redo = await owner.call('POST', `/api/checklists/${shared.id}/review`, {
    decision: 'redo',
    taskIds: [first],
  });
  expect(redo.statusCode, redo.body).toBe(200);
  await browser.call('PATCH', `/api/checklists/${shared.id}/tasks/${first}`, { completed: true });
  await submit(browser.call, shared.id);
}

beforeAll(async () => {
  owner = await signInOwner(t.app, 'Zoe');
  teamId = await ownedTeamId(t.db, owner.uid);

  const ticked = await createChecklist(owner, { name: 'Ticked by Zoe' });
  for (const i of [0, 1, 2]) await tick(owner, ticked, i);
  await submit(owner.call, ticked.id);
  await sentBackAndResubmitted();
  // Submitted without a tick; submitted then ticked; submitted then reopened by an untick.
  await submit(owner.call, (await createChecklist(owner, { name: 'No ticks' })).id);
  const late = await createChecklist(owner, { name: 'Ticked after' });
  await tick(owner, late, 0);
  await submit(owner.call, late.id);
  await tick(owner, late, 1);
  const reopened = await createChecklist(owner, { name: 'Reopened' });
  await tick(owner, reopened, 0);
  await submit(owner.call, reopened.id);
  await tick(owner, reopened, 0, false);

  // Written directly: two ticks at one instant (ordered by entry id), a tick without a task, a first
  // submit by Zoe, a task ticked again, a later submit by a recipient known by name only, then a tick
  // after the submit.
  const at = Date.now() - 2 * 86_400_000;
  const when = (minutes: number) => new Date(at + minutes * MINUTE);
  const recipient = { actorKind: 'recipient' as const, actorUserId: null, actorName: null, shareName: 'Ana' };
  await seedDirect(when(45), (id) => [
    entry(id, 'task_completed', when(0), { taskId: 'task_1' }),
    entry(id, 'task_completed', when(12.5), { taskId: 'task_2' }),
    entry(id, 'task_completed', when(15)),
    entry(id, 'task_completed', when(27), { taskId: 'task_3', id: 'activity_z_same_b' }),
    entry(id, 'task_completed', when(27), { taskId: 'task_1', id: 'activity_z_same_a' }),
    entry(id, 'submitted', when(30)),
    entry(id, 'task_completed', when(40), { taskId: 'task_3' }),
    entry(id, 'submitted', when(45), recipient),
    entry(id, 'task_completed', when(50), { taskId: 'task_2' }),
  ]);
});

describe('the insights summary written at submit', () => {
  it('gives the figures the trail gives, for every kind of submit', async () => {
    const figures = await expectBothWaysEqual();
    expect(figures.summary?.[0]).toMatchObject({ completed: 5 });
    expect(figures.byPerson?.map((row) => row.kind).sort()).toEqual(['member', 'recipient', 'recipient']);
    expect(figures.slowestTasks).toContainEqual({ description: 'Seeded task 2', median_minutes: 12.5 });
  });

  it('is rewritten by a resubmit: one row per checklist, of its latest submit', async () => {
    const [shared] = await t.db.select().from(checklists).where(eq(checklists.name, 'Shared with Jane'));
    const rows = await t.db
      .select()
      .from(checklistInsights)
      .where(eq(checklistInsights.checklistId, String(shared?.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.submittedAt).toEqual(shared?.submittedAt);
    expect(rows[0]?.actorKind).toBe('recipient');
  });
});

describe('migration 0036: the backfill', () => {
  it('writes what the submits wrote, and the same for checklists submitted without a trail entry', async () => {
    const at = Date.now() - 86_400_000;
    // Submitted before the trail recorded submits: ticks but no `submitted` entry; and no trail at all.
    await seedDirect(new Date(at + 20 * MINUTE), (id) => [
      entry(id, 'task_completed', new Date(at), { taskId: 'task_1' }),
      entry(id, 'task_completed', new Date(at + 7 * MINUTE), { taskId: 'task_2' }),
    ]);
    await seedDirect(new Date(at), () => []);
    const written = await t.db.select().from(checklistInsights);
    const writtenTicks = await t.db.select().from(checklistInsightTasks);
    await t.db.delete(checklistInsightTasks);
    await t.db.delete(checklistInsights);

    await runInsightsBackfill(t.db);

    const figures = await expectBothWaysEqual();
    expect(figures.summary?.[0]).toMatchObject({ completed: 7 });
    // A reopened checklist is not written (it is not submitted); every other is, as its submit wrote it.
    const all = await t.db.select().from(checklists);
    const submitted = new Set(all.filter((c) => c.submittedAt).map((c) => c.id));
    const current = written.filter((row) => submitted.has(row.checklistId));
    const backfilled = await t.db.select().from(checklistInsights);
    expect(backfilled).toHaveLength(current.length + 2);
    expect(backfilled).toEqual(expect.arrayContaining(current));
    const ticks = await t.db.select().from(checklistInsightTasks);
    expect(ticks).toEqual(
      expect.arrayContaining(writtenTicks.filter((row) => submitted.has(row.checklistId))),
    );
    expect(ticks).toContainEqual(expect.objectContaining({ taskId: 'task_2', minutes: [7] }));
  });
});
