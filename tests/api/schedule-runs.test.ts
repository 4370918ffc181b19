import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { SCHEDULE_SKIP_REASONS } from '#domain/schedules';
import type { ScheduleOccurrence } from '#domain/schedules-response';
import {
  checklists,
  checklistTemplates,
  jobRuns,
  notifications,
  outboxMessages,
  scheduleOccurrences,
  schedules,
  teamMembers,
} from '#server/db/schema/index';
import { runDueSchedules } from '#server/services/schedule-batches';
import { FAILED_REASON } from '#server/services/schedule-runner';
import type { SharingContext } from '#server/services/share-delivery';
import { createChecklist, errorOf, type Owner } from '#tests/support/checklists';
import { otherInstances } from '#tests/support/instances';
import { closeAll, openSocket } from '#tests/support/realtime';
import { colleagueOf, createSchedule, paidOwner, schedulesOf } from '#tests/support/schedules';
import { setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Running schedules: each run makes its checklist once however many instances reach it, a run missed
 * while every instance was down is made at start when under 24 h late, the plan's limit skips a run
 * and says why, and the automatic share goes out as the share dialog would send it.
 */
const t = setupTestApp();
const instance = otherInstances(t);

const HOUR = 3_600_000;
const DAILY_0800_UTC = { frequency: 'daily' as const, time: '08:00', timezone: 'UTC' };
/** Schedules without a share never reach the sharing context. */
const NO_SHARING = {} as SharingContext;

async function runNow(owner: Owner, scheduleId: string): Promise<ScheduleOccurrence> {
  const response = await owner.call('POST', `/api/schedules/${scheduleId}/run`);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().occurrence;
}

async function checklistsOf(owner: Owner): Promise<Checklist[]> {
  return (await owner.call('GET', `/api/checklists?userId=${owner.uid}`)).json();
}

async function runsOf(scheduleId: string) {
  return t.db
    .select()
    .from(scheduleOccurrences)
    .where(eq(scheduleOccurrences.scheduleId, scheduleId))
    .orderBy(scheduleOccurrences.scheduledFor);
}

/** Runs the app's periodic jobs as the scheduler does at start, with the clock at `now`. */
async function startAt(now: Date) {
  await t.db.update(jobRuns).set({ nextRunAt: sql`now() - interval '1 second'` });
  return t.app.jobs.runDue(() => now);
}

describe('Run now', () => {
  it("makes the template's checklist named '{name} — {date}', assigned and due after the offset", async () => {
    const owner = await paidOwner(t.app, t.db);
    const member = await colleagueOf(t.app, t.db, owner, 'member', 'Mo');
    const schedule = await createSchedule(owner, { assigneeUid: member.uid, dueAfterMinutes: 120 });
    const before = Date.now();
    const occurrence = await runNow(owner, schedule.id);
    expect(occurrence).toMatchObject({ status: 'made', manual: true, reason: null, shareStatus: null });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    expect(occurrence.localDate).toBe(today);

    const made = (await owner.call('GET', `/api/checklists/${occurrence.checklistId}`)).json();
    expect(made.name).toBe(`Weekly round — ${today}`);
    expect(made.tasks.length).toBeGreaterThan(3);
    expect(made.tasks.every((task: { completed: boolean }) => !task.completed)).toBe(true);
    const dueMs = new Date(made.dueAt).getTime();
    expect(dueMs).toBeGreaterThanOrEqual(before + 120 * 60_000 - 1000);
    expect(dueMs).toBeLessThanOrEqual(Date.now() + 120 * 60_000);
    const [listed] = (await checklistsOf(owner)).filter((checklist) => checklist.id === made.id);
    expect(listed?.assignee).toEqual({ uid: member.uid, displayName: 'Mo person' });

    // Each call makes one more; the schedule lists them newest first; its next run did not move.
    const second = await runNow(owner, schedule.id);
    expect(second.checklistId).not.toBe(occurrence.checklistId);
    const [after] = await schedulesOf(owner);
    expect(after?.recentRuns.map((run) => run.checklistId)).toEqual([
      second.checklistId,
      occurrence.checklistId,
    ]);
    expect(after?.nextRunAt).toBe(schedule.nextRunAt);
  });

  it('over the plan limit: 403 plan_limit_reached, nothing made or recorded', async () => {
    const owner = await paidOwner(t.app, t.db);
    const schedule = await createSchedule(owner);
    await fillToLimit(owner);
    const response = await owner.call('POST', `/api/schedules/${schedule.id}/run`);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({ code: 'plan_limit_reached', limit: 100 });
    expect(await runsOf(schedule.id)).toEqual([]);
  });
});

/** Professional keeps 100 checklists: the team gets 100 (rows written directly, for speed). */
async function fillToLimit(owner: Owner) {
  await t.db.execute(
    sql`insert into checklists (id, user_id, team_id, name) select ${owner.uid} || '_filler_' || g, ${owner.uid}, ${owner.uid}, 'Filler' from generate_series(1, 100) g`,
  );
}

describe('the runner', () => {
  it('two instances racing on one database make one checklist per run', async () => {
    const owner = await paidOwner(t.app, t.db);
    const schedule = await createSchedule(owner, { recurrence: DAILY_0800_UTC });
    const first = new Date(schedule.nextRunAt ?? 0);
    const other = await instance();
    // Three runs due (all under 24 h late), both instances looking at once, twice.
    const now = new Date(first.getTime() + 2 * 24 * HOUR + HOUR);
    for (let round = 0; round < 2; round++) {
      await Promise.all([
        runDueSchedules({ db: t.db, sharing: NO_SHARING }, now),
        runDueSchedules({ db: other.db, sharing: NO_SHARING }, now),
      ]);
    }
    const runs = await runsOf(schedule.id);
    expect(runs.map((run) => run.scheduledFor.getTime() - first.getTime())).toEqual([
      0,
      24 * HOUR,
      48 * HOUR,
    ]);
    // The first two were more than 24 h late by `now`: missed; the last one made, once.
    expect(runs.map((run) => run.status)).toEqual(['skipped', 'skipped', 'made']);
    const made = await t.db.select().from(checklists).where(eq(checklists.teamId, owner.uid));
    expect(made.map((checklist) => checklist.name)).toEqual([`Weekly round — ${runs[2]?.localDate}`]);
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, schedule.id));
    expect(row?.nextRunAt.getTime()).toBe(first.getTime() + 3 * 24 * HOUR);
  });

  it('two instances with several workers and small batches each make every due run of many teams once', async () => {
    const owners = [await paidOwner(t.app, t.db, 'a'), await paidOwner(t.app, t.db, 'b')];
    const made = [];
    for (const owner of owners) {
      for (let n = 0; n < 4; n++) {
        made.push(await createSchedule(owner, { name: `Round ${n}`, recurrence: DAILY_0800_UTC }));
      }
    }
    const other = await instance();
    const now = new Date(new Date(made[0]?.nextRunAt ?? 0).getTime() + HOUR);
    const options = { workers: 3, batch: 2 };
    const claimed = await Promise.all([
      runDueSchedules({ db: t.db, sharing: NO_SHARING }, now, options),
      runDueSchedules({ db: other.db, sharing: NO_SHARING }, now, options),
      runDueSchedules({ db: t.db, sharing: NO_SHARING }, now, options),
    ]);
    expect(claimed.reduce((sum, n) => sum + n, 0)).toBe(made.length);
    for (const schedule of made) {
      expect((await runsOf(schedule.id)).map((run) => run.status)).toEqual(['made']);
    }
    const lists = await t.db
      .select({ name: checklists.name, n: sql<number>`count(*)::int` })
      .from(checklists)
      .where(sql`${checklists.teamId} in (${owners[0]?.uid}, ${owners[1]?.uid})`)
      .groupBy(checklists.teamId, checklists.name);
    expect(lists.map((row) => row.n)).toEqual(made.map(() => 1));
  });

  it('a run that breaks is recorded as failed and moves on; the rest of its batch is made', async () => {
    const owner = await paidOwner(t.app, t.db);
    const broken = await createSchedule(owner, { name: 'Broken round', recurrence: DAILY_0800_UTC });
    const fine = await createSchedule(owner, { name: 'Fine round', recurrence: DAILY_0800_UTC });
    const due = new Date(broken.nextRunAt ?? 0);
    // The database refuses that one schedule's checklist, as a fault would.
    await t.db.execute(sql`create function bench_refuse() returns trigger language plpgsql as $$
      begin if new.name like 'Broken round%' then raise exception 'refused'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger bench_refuse before insert on checklists for each row execute function bench_refuse()`,
    );
    try {
      await runDueSchedules({ db: t.db, sharing: NO_SHARING }, new Date(due.getTime() + HOUR), { batch: 10 });
    } finally {
      await t.db.execute(sql`drop trigger bench_refuse on checklists`);
      await t.db.execute(sql`drop function bench_refuse()`);
    }
    expect((await runsOf(broken.id)).map((run) => [run.status, run.reason])).toEqual([
      ['failed', FAILED_REASON],
    ]);
    expect((await runsOf(fine.id)).map((run) => run.status)).toEqual(['made']);
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, broken.id));
    expect(row?.nextRunAt.getTime()).toBe(due.getTime() + 24 * HOUR);
  });

  it('at start, a run under 24 h late is made; one older is recorded as missed and not made', async () => {
    const owner = await paidOwner(t.app, t.db);
    const schedule = await createSchedule(owner, { recurrence: DAILY_0800_UTC });
    const first = new Date(schedule.nextRunAt ?? 0);
    // Down from just before the first run until 23 h after the second.
    expect(await startAt(new Date(first.getTime() + 24 * HOUR + 23 * HOUR))).toContain('due-schedules');
    const runs = await runsOf(schedule.id);
    expect(runs.map((run) => [run.status, run.reason])).toEqual([
      ['skipped', SCHEDULE_SKIP_REASONS.missed],
      ['made', null],
    ]);
    expect((await checklistsOf(owner)).map((checklist) => checklist.id)).toEqual([runs[1]?.checklistId]);
    // Not due again until the next day.
    await t.app.jobs.runDue(() => new Date(first.getTime() + 24 * HOUR + 23 * HOUR + 60_000));
    expect(await runsOf(schedule.id)).toHaveLength(2);
  });

  it('does not run paused schedules, nor those of a team back on free', async () => {
    const owner = await paidOwner(t.app, t.db);
    const paused = await createSchedule(owner, { recurrence: DAILY_0800_UTC });
    await owner.call('PATCH', `/api/schedules/${paused.id}`, { paused: true });
    const other = await paidOwner(t.app, t.db, 'downgraded');
    const free = await createSchedule(other, { recurrence: DAILY_0800_UTC });
    await setOwnedTeamTier(t.db, other.uid, 'free');
    const later = new Date(new Date(free.nextRunAt ?? 0).getTime() + HOUR);
    await runDueSchedules({ db: t.db, sharing: NO_SHARING }, later);
    expect(await runsOf(paused.id)).toEqual([]);
    expect(await runsOf(free.id)).toEqual([]);
  });

  it("over the plan limit a run is skipped, and the creator and the team's owner are told why, live", async () => {
    const owner = await paidOwner(t.app, t.db);
    const admin = await colleagueOf(t.app, t.db, owner, 'admin', 'Ad');
    const schedule = await createSchedule(admin, { recurrence: DAILY_0800_UTC });
    await fillToLimit(owner);
    const ownerSocket = await openSocket(t.app, { cookie: owner.cookie });
    ownerSocket.send({ type: 'subscribe-notifications' });
    await ownerSocket.next('notifications-subscribed');
    const due = new Date(schedule.nextRunAt ?? 0);
    await runDueSchedules({ db: t.db, sharing: NO_SHARING }, new Date(due.getTime() + 60_000));
    const live = await ownerSocket.next('notification');
    expect(live.notification).toMatchObject({
      kind: 'schedule_skipped',
      checklistId: null,
      checklistName: 'Weekly round',
    });
    closeAll(ownerSocket);
    const [run] = await runsOf(schedule.id);
    expect(run).toMatchObject({ status: 'skipped', checklistId: null });
    expect(run?.reason).toContain('100');
    for (const person of [owner, admin]) {
      const told = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.ownerId, person.uid), eq(notifications.kind, 'schedule_skipped')));
      expect(told).toEqual([
        expect.objectContaining({ checklistId: null, checklistName: 'Weekly round', reason: run?.reason }),
      ]);
      const bell = (await person.call('GET', '/api/notifications')).json();
      expect(JSON.stringify(bell)).toContain('schedule_skipped');
    }
    const [listed] = await schedulesOf(owner);
    expect(listed?.recentRuns[0]).toMatchObject({ status: 'skipped', reason: run?.reason });
  });

  it('a deleted template skips the run and says so; an assignee who left is dropped from it', async () => {
    const owner = await paidOwner(t.app, t.db);
    const member = await colleagueOf(t.app, t.db, owner, 'member', 'Lee');
    const source = await createChecklist(owner, { name: 'Pool check' });
    const { template } = (await owner.call('POST', '/api/templates', { fromChecklistId: source.id })).json();
    const schedule = await createSchedule(owner, { templateId: template.id, assigneeUid: member.uid });
    await t.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.userId, member.uid), eq(teamMembers.teamId, owner.uid)));
    const unassigned = await runNow(owner, schedule.id);
    expect(unassigned).toMatchObject({ status: 'made', reason: SCHEDULE_SKIP_REASONS.assigneeLeft });
    const made = (await checklistsOf(owner)).find((checklist) => checklist.id === unassigned.checklistId);
    expect(made?.assignee).toBeNull();

    await t.db.delete(checklistTemplates).where(eq(checklistTemplates.id, template.id));
    const skipped = await runNow(owner, schedule.id);
    expect(skipped).toMatchObject({
      status: 'skipped',
      checklistId: null,
      reason: SCHEDULE_SKIP_REASONS.templateDeleted,
    });
  });
});

describe('the automatic share', () => {
  it('sends the code by e-mail in the recipient’s language once the checklist is made', async () => {
    const owner = await paidOwner(t.app, t.db);
    const schedule = await createSchedule(owner, {
      share: {
        channel: 'email',
        email: 'rosa.sched@example.com',
        recipientName: 'Rosa',
        targetLanguage: 'es',
        consent: true,
      },
    });
    const occurrence = await runNow(owner, schedule.id);
    expect(occurrence).toMatchObject({ status: 'made', shareStatus: 'sent' });
    const mail = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, 'rosa.sched@example.com'));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toMatch(/\b\d{6}\b/);
    expect(mail[0]?.text).toContain('/shared/');
    expect(mail[0]?.subject).not.toEqual(expect.stringMatching(/^Verification/));
    const shares = (await owner.call('GET', `/api/checklists/${occurrence.checklistId}/shares`)).json()
      .shares;
    expect(shares).toEqual([
      expect.objectContaining({ recipientName: 'Rosa', channel: 'email', verified: false }),
    ]);
  });

  it('a refused send leaves the checklist made, says why on the run and tells the owner', async () => {
    const owner = await paidOwner(t.app, t.db);
    const schedule = await createSchedule(owner, {
      share: {
        channel: 'sms',
        phone: '+14155550199',
        recipientName: 'Sam',
        targetLanguage: 'en',
        consent: true,
      },
    });
    // The same database served by an instance that texts only British numbers.
    const strict = await instance({ env: { SMS_ALLOWED_COUNTRIES: 'GB' } });
    const response = await strict.app.inject({
      method: 'POST',
      url: `/api/schedules/${schedule.id}/run`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode, response.body).toBe(201);
    const occurrence = response.json().occurrence as ScheduleOccurrence;
    expect(occurrence).toMatchObject({ status: 'made', shareStatus: 'failed' });
    expect(occurrence.reason).toContain('Sam');
    const made = await owner.call('GET', `/api/checklists/${occurrence.checklistId}`);
    expect(made.statusCode).toBe(200);
    // Told about the checklist that was made, which the notice leads to: not that a run was skipped.
    const told = await t.db.select().from(notifications).where(eq(notifications.ownerId, owner.uid));
    expect(
      told.map(({ kind, checklistId, checklistName }) => ({ kind, checklistId, checklistName })),
    ).toEqual([
      { kind: 'share_not_sent', checklistId: occurrence.checklistId, checklistName: made.json().name },
    ]);
    expect(told[0]?.reason).toMatch(/^It was not sent to Sam: /);
  });
});
