import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SCHEDULE_LIMITS } from '#domain/schedules';
import { checklistTemplates, schedules } from '#server/db/schema/index';
import { createChecklist, errorOf, signInOwner } from '#tests/support/checklists';
import {
  colleagueOf,
  createSchedule,
  paidOwner,
  scheduleBody,
  schedulesOf,
  TURNOVER,
} from '#tests/support/schedules';
import { ownedTeamId, setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

/** Recurring schedules: making, reading, changing and deleting them, and the rules they follow. */
const t = setupTestApp();

describe('POST and GET /api/schedules', () => {
  it('makes a weekly schedule and answers its next runs, Mondays at 08:00 in Paris', async () => {
    const owner = await paidOwner(t.app, t.db);
    const schedule = await createSchedule(owner);
    expect(schedule).toMatchObject({
      name: 'Weekly round',
      templateId: TURNOVER,
      templateName: 'Short-stay turnover',
      recurrence: {
        frequency: 'weekly',
        interval: 1,
        byWeekday: ['MO'],
        time: '08:00',
        timezone: 'Europe/Paris',
      },
      description: 'Every Monday at 08:00 (Europe/Paris)',
      paused: false,
      pausedByPlan: false,
      assignee: null,
      share: null,
      recentRuns: [],
      createdBy: { uid: owner.uid },
    });
    expect(schedule.upcoming).toHaveLength(SCHEDULE_LIMITS.upcoming);
    expect(schedule.upcoming[0]).toBe(schedule.nextRunAt);
    for (const run of schedule.upcoming) {
      const paris = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Paris',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(run));
      expect(paris).toBe('Mon 08:00');
    }
    expect(new Date(schedule.nextRunAt ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(await schedulesOf(owner)).toEqual([schedule]);
  });

  it("names the schedule after the template when no name is given, and takes the owner's own template", async () => {
    const owner = await paidOwner(t.app, t.db);
    const checklist = await createChecklist(owner, { name: 'Boiler check' });
    const saved = await owner.call('POST', '/api/templates', { fromChecklistId: checklist.id });
    expect(saved.statusCode).toBe(201);
    const { template } = saved.json();
    const schedule = await createSchedule(owner, { templateId: template.id, name: undefined });
    expect(schedule).toMatchObject({ name: 'Boiler check', templateName: 'Boiler check' });
  });

  it('keeps a share with the consent and who gave it', async () => {
    const owner = await paidOwner(t.app, t.db);
    const schedule = await createSchedule(owner, {
      share: {
        channel: 'email',
        email: 'Rosa@Example.com',
        recipientName: 'Rosa',
        targetLanguage: 'fr',
        consent: true,
      },
      dueAfterMinutes: 240,
    });
    expect(schedule.share).toMatchObject({
      channel: 'email',
      email: 'rosa@example.com',
      phone: null,
      recipientName: 'Rosa',
      targetLanguage: 'fr',
    });
    expect(schedule.dueAfterMinutes).toBe(240);
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, schedule.id));
    expect(row?.share?.consentBy).toBe(owner.uid);
  });

  it('a free team cannot make one: 403 plan_limit_reached', async () => {
    const owner = await signInOwner(t.app, 'free');
    const response = await owner.call('POST', '/api/schedules', scheduleBody());
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('plan_limit_reached');
    expect(await schedulesOf(owner)).toEqual([]);
  });

  it.each([
    [
      'a bad time zone',
      { recurrence: { frequency: 'weekly', byWeekday: ['MO'], time: '08:00', timezone: 'Mars/Base' } },
      'recurrence.timezone',
    ],
    [
      'a bad weekday',
      { recurrence: { frequency: 'weekly', byWeekday: ['XX'], time: '08:00', timezone: 'UTC' } },
      'recurrence.byWeekday.0',
    ],
    [
      'a weekly rule without days',
      { recurrence: { frequency: 'weekly', time: '08:00', timezone: 'UTC' } },
      'recurrence.byWeekday',
    ],
    ['24:00', { recurrence: { frequency: 'daily', time: '24:00', timezone: 'UTC' } }, 'recurrence.time'],
    [
      'interval 0',
      { recurrence: { frequency: 'daily', interval: 0, time: '08:00', timezone: 'UTC' } },
      'recurrence.interval',
    ],
    ['an empty name', { name: '  ' }, 'name'],
    ['a name too long', { name: 'x'.repeat(SCHEDULE_LIMITS.nameMax + 1) }, 'name'],
    ['due after 0 minutes', { dueAfterMinutes: 0 }, 'dueAfterMinutes'],
    ['an unknown template', { templateId: 'builtin-nothing' }, 'templateId'],
    [
      'a share without consent',
      { share: { channel: 'email', email: 'a@example.com', recipientName: 'A', targetLanguage: 'en' } },
      'share.consent',
    ],
    [
      'an SMS share without a phone',
      { share: { channel: 'sms', recipientName: 'A', targetLanguage: 'en', consent: true } },
      'share.phone',
    ],
    ['an unknown field', { every: 'day' }, ''],
  ])('refuses %s: 400 validation_failed naming the field', async (_, change, path) => {
    const owner = await paidOwner(t.app, t.db);
    const response = await owner.call('POST', '/api/schedules', { ...scheduleBody(), ...change });
    expect(response.statusCode, response.body).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect((error.issues as { path: string }[]).map((issue) => issue.path)).toContain(path);
    expect(await schedulesOf(owner)).toEqual([]);
  });

  it("refuses another owner's own template and an assignee outside the team: 400", async () => {
    const owner = await paidOwner(t.app, t.db);
    const stranger = await paidOwner(t.app, t.db, 'stranger');
    const theirs = await createChecklist(stranger, { name: 'Theirs' });
    const template = (await stranger.call('POST', '/api/templates', { fromChecklistId: theirs.id })).json()
      .template;
    const foreign = await owner.call('POST', '/api/schedules', scheduleBody({ templateId: template.id }));
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).issues).toEqual([{ path: 'templateId', message: expect.any(String) }]);

    const outsider = await owner.call('POST', '/api/schedules', scheduleBody({ assigneeUid: stranger.uid }));
    expect(outsider.statusCode).toBe(400);
    expect(errorOf(outsider)).toMatchObject({ code: 'validation_failed', issues: [{ path: 'assigneeUid' }] });
  });

  it('assigns to a member of the team', async () => {
    const owner = await paidOwner(t.app, t.db);
    const member = await colleagueOf(t.app, t.db, owner, 'member', 'Mia');
    const schedule = await createSchedule(owner, { assigneeUid: member.uid });
    expect(schedule.assignee).toEqual({ uid: member.uid, displayName: 'Mia person' });
  });

  it(`keeps at most ${SCHEDULE_LIMITS.perTeam} per team: 409 schedule_limit_reached`, async () => {
    const owner = await paidOwner(t.app, t.db);
    const first = await createSchedule(owner);
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, first.id));
    if (!row) throw new Error('no row');
    await t.db
      .insert(schedules)
      .values(
        Array.from({ length: SCHEDULE_LIMITS.perTeam - 1 }, (_, i) => ({ ...row, id: `${row.id}_${i}` })),
      );
    const response = await owner.call('POST', '/api/schedules', scheduleBody());
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: 'schedule_limit_reached',
      limit: SCHEDULE_LIMITS.perTeam,
    });
  });
});

describe('who manages schedules', () => {
  it('an admin manages them; a member reads them and gets 403 forbidden for the rest', async () => {
    const owner = await paidOwner(t.app, t.db);
    const admin = await colleagueOf(t.app, t.db, owner, 'admin', 'Ada');
    const member = await colleagueOf(t.app, t.db, owner, 'member', 'Max');
    const schedule = await createSchedule(admin);
    expect(await schedulesOf(member)).toHaveLength(1);
    for (const [method, url, body] of [
      ['POST', '/api/schedules', scheduleBody()],
      ['PATCH', `/api/schedules/${schedule.id}`, { paused: true }],
      ['POST', `/api/schedules/${schedule.id}/run`, undefined],
      ['DELETE', `/api/schedules/${schedule.id}`, undefined],
    ] as const) {
      const response = await member.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(response).code).toBe('forbidden');
    }
    expect(await schedulesOf(owner)).toHaveLength(1);
  });

  it("another team's schedule is 404 for every route, and not listed", async () => {
    const owner = await paidOwner(t.app, t.db);
    const stranger = await paidOwner(t.app, t.db, 'stranger');
    const schedule = await createSchedule(owner);
    for (const [method, url, body] of [
      ['PATCH', `/api/schedules/${schedule.id}`, { paused: true }],
      ['POST', `/api/schedules/${schedule.id}/run`, undefined],
      ['DELETE', `/api/schedules/${schedule.id}`, undefined],
    ] as const) {
      const response = await stranger.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(response).code).toBe('not_found');
    }
    expect(await schedulesOf(stranger)).toEqual([]);
    expect((await schedulesOf(owner))[0]?.paused).toBe(false);
  });

  it('not signed in: 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/schedules' });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH and DELETE /api/schedules/{id}', () => {
  it('changes the rule (next runs follow), the name, the due offset; pauses and resumes', async () => {
    const owner = await paidOwner(t.app, t.db);
    const schedule = await createSchedule(owner);
    const changed = await owner.call('PATCH', `/api/schedules/${schedule.id}`, {
      name: 'Daily round',
      recurrence: { frequency: 'daily', time: '18:30', timezone: 'America/New_York' },
      dueAfterMinutes: 90,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json().schedule;
    expect(after).toMatchObject({
      name: 'Daily round',
      dueAfterMinutes: 90,
      description: 'Every day at 18:30 (America/New_York)',
    });
    expect(
      new Date(after.upcoming[1]).getTime() - new Date(after.upcoming[0]).getTime(),
    ).toBeGreaterThanOrEqual(23 * 3_600_000);

    const paused = (await owner.call('PATCH', `/api/schedules/${schedule.id}`, { paused: true })).json()
      .schedule;
    expect(paused).toMatchObject({ paused: true, nextRunAt: null, upcoming: [] });
    const resumed = (await owner.call('PATCH', `/api/schedules/${schedule.id}`, { paused: false })).json()
      .schedule;
    expect(resumed.paused).toBe(false);
    expect(new Date(resumed.nextRunAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses bad changes with 400 and changes nothing', async () => {
    const owner = await paidOwner(t.app, t.db);
    const stranger = await signInOwner(t.app, 'stranger');
    const schedule = await createSchedule(owner);
    for (const body of [
      {},
      { paused: 'yes' },
      { assigneeUid: stranger.uid },
      { recurrence: { frequency: 'monthly', byWeekday: ['MO'], time: '08:00', timezone: 'UTC' } },
    ]) {
      const response = await owner.call('PATCH', `/api/schedules/${schedule.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await schedulesOf(owner))[0]).toEqual(schedule);
  });

  it('a team back on free keeps its schedules, shown paused by the plan, still editable and deletable', async () => {
    const owner = await paidOwner(t.app, t.db);
    const schedule = await createSchedule(owner);
    await setOwnedTeamTier(t.db, owner.uid, 'free');
    const [listed] = await schedulesOf(owner);
    expect(listed).toMatchObject({ pausedByPlan: true, paused: false, nextRunAt: null, upcoming: [] });
    const run = await owner.call('POST', `/api/schedules/${schedule.id}/run`);
    expect(run.statusCode).toBe(403);
    expect(errorOf(run).code).toBe('plan_limit_reached');
    expect((await owner.call('PATCH', `/api/schedules/${schedule.id}`, { name: 'Kept' })).statusCode).toBe(
      200,
    );
    expect((await owner.call('DELETE', `/api/schedules/${schedule.id}`)).statusCode).toBe(204);
    expect(await schedulesOf(owner)).toEqual([]);
  });

  it('deleting keeps the checklists it made', async () => {
    const owner = await paidOwner(t.app, t.db);
    const schedule = await createSchedule(owner);
    const run = await owner.call('POST', `/api/schedules/${schedule.id}/run`);
    expect(run.statusCode, run.body).toBe(201);
    const { checklistId } = run.json().occurrence;
    expect((await owner.call('DELETE', `/api/schedules/${schedule.id}`)).statusCode).toBe(204);
    expect((await owner.call('GET', `/api/checklists/${checklistId}`)).statusCode).toBe(200);
    expect((await owner.call('DELETE', `/api/schedules/${schedule.id}`)).statusCode).toBe(404);
  });

  it('a deleted own template shows as gone (its runs are then skipped)', async () => {
    const owner = await paidOwner(t.app, t.db);
    const checklist = await createChecklist(owner, { name: 'Pool' });
    const { template } = (
      await owner.call('POST', '/api/templates', { fromChecklistId: checklist.id })
    ).json();
    const schedule = await createSchedule(owner, { templateId: template.id });
    await t.db.delete(checklistTemplates).where(eq(checklistTemplates.id, template.id));
    expect((await schedulesOf(owner))[0]).toMatchObject({ id: schedule.id, templateName: null });
    expect(await ownedTeamId(t.db, owner.uid)).toBe(owner.uid);
  });
});
