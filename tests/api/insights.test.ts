import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Insights } from '#domain/insights';
import { localDateOf } from '#domain/time-zones';
import { checklistActivity, checklists, tasks, teamMembers, teams } from '#server/db/schema/index';
import { newId } from '#server/ids';
import { errorOf, type Owner, signInOwner } from '#tests/support/checklists';
import { ownedTeamId, setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

/**
 * GET /api/insights and /api/insights.csv (docs/insights.md) over a seeded history with known
 * answers: checklists, tasks and trail entries written with fixed times, in a team whose days are
 * counted in New York (UTC-5 in January), so the day boundaries are tested; another team's work,
 * checklists submitted just outside the range and ticks of those are there to be left out.
 */
const t = setupTestApp();

type Actor =
  | { kind: 'member'; userId: string; name: string }
  | { kind: 'recipient'; name: string | null; contact: string };

interface SeedTask {
  description: string;
  /** When it was ticked (the trail's task_completed), or null: left undone. */
  tickedAt: string | null;
}

interface SeedChecklist {
  teamId: string;
  userId: string;
  createdAt: string;
  dueAt?: string;
  submittedAt?: string;
  submittedBy?: Actor;
  tasks: SeedTask[];
}

async function seed(list: SeedChecklist) {
  const id = newId('checklist');
  await t.db.insert(checklists).values({
    id,
    teamId: list.teamId,
    userId: list.userId,
    name: 'Seeded turnover',
    createdAt: new Date(list.createdAt),
    dueAt: list.dueAt ? new Date(list.dueAt) : null,
    submittedAt: list.submittedAt ? new Date(list.submittedAt) : null,
  });
  await t.db.insert(tasks).values(
    list.tasks.map((task, i) => ({
      checklistId: id,
      id: `task_${i + 1}`,
      position: i,
      description: task.description,
      completed: task.tickedAt !== null,
      completedAt: task.tickedAt ? new Date(task.tickedAt) : null,
    })),
  );
  const actor = list.submittedBy ?? { kind: 'member', userId: list.userId, name: 'Someone' };
  const who =
    actor.kind === 'member'
      ? { actorKind: 'owner' as const, actorUserId: actor.userId, actorName: actor.name }
      : {
          actorKind: 'recipient' as const,
          shareName: actor.name,
          shareChannel: 'email' as const,
          shareContact: actor.contact,
        };
  const entries: (typeof checklistActivity.$inferInsert)[] = [];
  list.tasks.forEach((task, i) => {
    if (!task.tickedAt) return;
    const at = new Date(task.tickedAt);
    entries.push({
      id: newId('activity'),
      checklistId: id,
      action: 'task_completed',
      taskId: `task_${i + 1}`,
      at,
      ...who,
    });
  });
  if (list.submittedAt) {
    // The trail's entry comes just after the checklist's submitted_at, as a real submit writes it.
    const at = new Date(new Date(list.submittedAt).getTime() + 1);
    entries.push({ id: newId('activity'), checklistId: id, action: 'submitted', at, ...who });
  }
  if (entries.length > 0) await t.db.insert(checklistActivity).values(entries);
  return id;
}

const MARIA: Actor = { kind: 'recipient', name: 'Maria', contact: 'maria@example.com' };
const task = (description: string, tickedAt: string | null = null): SeedTask => ({ description, tickedAt });

interface History {
  owner: Owner;
  ben: Owner;
  teamId: string;
}

let history: Promise<History> | undefined;

/** The seeded team (professional, New York) and Ben, a member of it with a free team of his own. */
function seededHistory(): Promise<History> {
  history ??= (async () => {
    const owner = await signInOwner(t.app, 'Zoe');
    const ben = await signInOwner(t.app, 'Ben');
    const teamId = await ownedTeamId(t.db, owner.uid);
    const bensTeam = await ownedTeamId(t.db, ben.uid);
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    await t.db.update(teams).set({ timeZone: 'America/New_York' }).where(eq(teams.id, teamId));
    await t.db.insert(teamMembers).values({ teamId, userId: ben.uid, role: 'member' });
    const zoe: Actor = { kind: 'member', userId: owner.uid, name: 'Zoe then' };
    const benActor: Actor = { kind: 'member', userId: ben.uid, name: 'Ben then' };
    const base = { teamId, userId: owner.uid };
    // C1: Jan 10 (local), on time, by Maria; first tick 16:00 to submit 17:00 = 60 min.
    await seed({
      ...base,
      createdAt: '2026-01-10T14:00:00Z',
      dueAt: '2026-01-10T18:00:00Z',
      submittedAt: '2026-01-10T17:00:00Z',
      submittedBy: MARIA,
      tasks: [
        task('Strip beds', '2026-01-10T16:00:00Z'),
        task('Clean oven', '2026-01-10T16:40:00Z'),
        task('Empty bins', '2026-01-10T16:50:00Z'),
      ],
    });
    // C2: made 23:30 on Jan 10 in New York (04:30Z on the 11th); late; by Zoe; 90 min.
    await seed({
      ...base,
      createdAt: '2026-01-11T04:30:00Z',
      dueAt: '2026-01-11T12:00:00Z',
      submittedAt: '2026-01-11T13:00:00Z',
      submittedBy: zoe,
      tasks: [
        task('Strip beds', '2026-01-11T11:30:00Z'),
        task('Clean oven', '2026-01-11T12:30:00Z'),
        task('Empty bins'),
      ],
    });
    // C3: submitted 23:59 on Jan 12 in New York (04:59Z on the 13th); no due time; Maria again; 59 min.
    await seed({
      ...base,
      createdAt: '2026-01-12T10:00:00Z',
      submittedAt: '2026-01-13T04:59:00Z',
      submittedBy: MARIA,
      tasks: [task('Strip beds', '2026-01-13T04:00:00Z'), task('Clean oven', '2026-01-13T04:30:00Z')],
    });
    // C4: made on Jan 12, submitted at midnight starting Jan 13 in New York: outside the range.
    await seed({
      ...base,
      createdAt: '2026-01-12T12:00:00Z',
      submittedAt: '2026-01-13T05:00:00Z',
      submittedBy: zoe,
      tasks: [task('Strip beds', '2026-01-12T20:00:00Z'), task('Clean oven', '2026-01-13T04:20:00Z')],
    });
    // C5: submitted 23:59 on Jan 9 in New York (04:59Z on the 10th): outside (inside in UTC).
    await seed({
      ...base,
      createdAt: '2026-01-09T12:00:00Z',
      submittedAt: '2026-01-10T04:59:00Z',
      tasks: [task('Strip beds')],
    });
    // C7: made on Jan 11, never submitted.
    await seed({ ...base, createdAt: '2026-01-11T15:00:00Z', tasks: [task('Strip beds')] });
    // C8: made before the range; submitted exactly at its due time (on time) by Ben, with no tick.
    await seed({
      ...base,
      createdAt: '2026-01-05T12:00:00Z',
      dueAt: '2026-01-11T20:00:00Z',
      submittedAt: '2026-01-11T20:00:00Z',
      submittedBy: benActor,
      tasks: [task('Strip beds')],
    });
    // Another team's (Ben's own) work in the range: never counted.
    await seed({
      teamId: bensTeam,
      userId: ben.uid,
      createdAt: '2026-01-11T12:00:00Z',
      dueAt: '2026-01-11T14:00:00Z',
      submittedAt: '2026-01-11T13:00:00Z',
      submittedBy: benActor,
      tasks: [task('Clean oven', '2026-01-11T08:00:00Z'), task('Clean oven', '2026-01-11T12:59:00Z')],
    });
    return { owner, ben, teamId };
  })();
  return history;
}

async function insightsOf(who: Owner, query: string) {
  return who.call('GET', `/api/insights${query}`);
}

const RANGE = '?from=2026-01-10&to=2026-01-12';

describe('GET /api/insights', () => {
  it('answers every figure of the seeded history exactly, days counted in the team’s zone', async () => {
    const { owner } = await seededHistory();
    const response = await insightsOf(owner, RANGE);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      from: '2026-01-10',
      to: '2026-01-12',
      timeZone: 'America/New_York',
      completed: 4,
      onTimeRate: 0.6667,
      medianMinutesToComplete: 60,
      byDay: [
        { date: '2026-01-10', created: 2, completed: 1 },
        { date: '2026-01-11', created: 1, completed: 2 },
        { date: '2026-01-12', created: 2, completed: 1 },
      ],
      byPerson: [
        { name: 'Maria', kind: 'recipient', completed: 2, medianMinutes: 59.5 },
        { name: 'Ben person', kind: 'member', completed: 1, medianMinutes: null },
        { name: 'Zoe person', kind: 'member', completed: 1, medianMinutes: 90 },
      ],
      slowestTasks: [
        { description: 'Clean oven', medianMinutes: 40 },
        { description: 'Empty bins', medianMinutes: 10 },
      ],
      mostSkippedTasks: [
        { description: 'Empty bins', undone: 1, of: 2 },
        { description: 'Strip beds', undone: 1, of: 4 },
      ],
    } satisfies Insights);
  });

  it('any member of the team reads them; the days move with the team’s zone', async () => {
    const { owner, ben, teamId } = await seededHistory();
    expect((await ben.call('POST', '/api/teams/active', { teamId })).statusCode).toBe(200);
    const asBen = await insightsOf(ben, RANGE);
    expect(asBen.statusCode).toBe(200);
    expect(asBen.json().completed).toBe(4);

    // In UTC, C5 (04:59Z on the 10th) is in and C3 (04:59Z on the 13th) is out; C2 was made on the 11th.
    expect((await owner.call('PATCH', '/api/team', { timeZone: 'UTC' })).statusCode).toBe(200);
    try {
      const utc = (await insightsOf(owner, RANGE)).json() as Insights;
      expect(utc.timeZone).toBe('UTC');
      expect(utc.completed).toBe(4);
      expect(utc.byDay).toEqual([
        { date: '2026-01-10', created: 1, completed: 2 },
        { date: '2026-01-11', created: 2, completed: 2 },
        { date: '2026-01-12', created: 2, completed: 0 },
      ]);
    } finally {
      await owner.call('PATCH', '/api/team', { timeZone: 'America/New_York' });
    }
  });

  it('one day of the range, and a range with nothing in it, answer zeros and nulls', async () => {
    const { owner } = await seededHistory();
    const one = (await insightsOf(owner, '?from=2026-01-12&to=2026-01-12')).json() as Insights;
    expect(one.completed).toBe(1);
    expect(one.onTimeRate).toBeNull();
    expect(one.medianMinutesToComplete).toBe(59);
    const empty = (await insightsOf(owner, '?from=2025-06-01&to=2025-06-03')).json() as Insights;
    expect(empty).toMatchObject({
      completed: 0,
      onTimeRate: null,
      medianMinutesToComplete: null,
      byPerson: [],
      slowestTasks: [],
      mostSkippedTasks: [],
    });
    expect(empty.byDay.map((day) => [day.date, day.created, day.completed])).toEqual([
      ['2025-06-01', 0, 0],
      ['2025-06-02', 0, 0],
      ['2025-06-03', 0, 0],
    ]);
  });

  it('defaults to the last 30 days in the team’s zone, and takes up to 366 days', async () => {
    const { owner } = await seededHistory();
    const before = localDateOf(new Date(), 'America/New_York');
    const body = (await insightsOf(owner, '')).json() as Insights;
    const after = localDateOf(new Date(), 'America/New_York');
    expect([before, after]).toContain(body.to);
    expect(body.byDay).toHaveLength(30);
    expect(body.byDay[0]?.date).toBe(body.from);
    expect(body.byDay.at(-1)?.date).toBe(body.to);
    const leapYear = await insightsOf(owner, '?from=2024-01-01&to=2024-12-31');
    expect(leapYear.statusCode).toBe(200);
    expect(leapYear.json().byDay).toHaveLength(366);
    const onlyTo = (await insightsOf(owner, '?to=2026-01-12')).json() as Insights;
    expect([onlyTo.from, onlyTo.byDay.length]).toEqual(['2025-12-14', 30]);
  });

  it.each([
    ['a date that does not exist', '?from=2026-02-30&to=2026-03-01', 'from'],
    ['a date written otherwise', '?from=2026-1-5', 'from'],
    ['a time instead of a date', '?to=2026-01-05T10:00:00Z', 'to'],
    ['a start after the end', '?from=2026-01-12&to=2026-01-10', 'from'],
    ['a start after today', '?from=2999-01-01', 'from'],
    ['more than 366 days', '?from=2025-01-01&to=2026-01-02', 'from'],
  ])('refuses %s: 400 validation_failed', async (_case, query, path) => {
    const { owner } = await seededHistory();
    for (const url of [`/api/insights${query}`, `/api/insights.csv${query}`]) {
      const response = await owner.call('GET', url);
      expect(response.statusCode, url).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('validation_failed');
      expect((error.issues as { path: string }[]).map((issue) => issue.path)).toContain(path);
    }
  });

  it('is refused to a free team (403 plan_limit_reached) and to nobody (401)', async () => {
    const free = await signInOwner(t.app, 'free');
    for (const url of ['/api/insights', '/api/insights.csv']) {
      const refused = await free.call('GET', url);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('plan_limit_reached');
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('a team with no work answers zeros, never another team’s work', async () => {
    const { ben } = await seededHistory();
    await ben.call('POST', '/api/teams/active', { teamId: ben.uid });
    const lonely = await signInOwner(t.app, 'lonely');
    await setOwnedTeamTier(t.db, lonely.uid, 'enterprise');
    const body = (await insightsOf(lonely, RANGE)).json() as Insights;
    expect(body.completed).toBe(0);
    expect(body.byDay.every((day) => day.created === 0 && day.completed === 0)).toBe(true);
    // Ben's own team (its checklist was seeded in the range) is free: its insights are refused.
    expect((await insightsOf(ben, RANGE)).statusCode).toBe(403);
  });
});

describe('GET /api/insights.csv', () => {
  it('answers the figures as an attachment of sections', async () => {
    const { owner } = await seededHistory();
    const response = await owner.call('GET', `/api/insights.csv${RANGE}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="listsync-insights-2026-01-10-to-2026-01-12.csv"',
    );
    expect(response.body).toBe(
      [
        '\uFEFFFigure,Value',
        'From,2026-01-10',
        'To,2026-01-12',
        'Time zone,America/New_York',
        'Checklists completed,4',
        'On-time rate,66.7%',
        'Median minutes to complete,60',
        '',
        'Date,Created,Completed',
        '2026-01-10,2,1',
        '2026-01-11,1,2',
        '2026-01-12,2,1',
        '',
        'Person,Kind,Completed,Median minutes',
        'Maria,recipient,2,59.5',
        'Ben person,member,1,',
        'Zoe person,member,1,90',
        '',
        'Slowest task,Median minutes',
        'Clean oven,40',
        'Empty bins,10',
        '',
        'Task left undone,Times undone,Of checklists',
        'Empty bins,1,2',
        'Strip beds,1,4',
        '',
      ].join('\r\n'),
    );
  });
});

describe('PATCH /api/team {timeZone}', () => {
  it('owners and admins set an IANA zone, answered in its canonical spelling', async () => {
    const owner = await signInOwner(t.app, 'zoned');
    expect((await owner.call('GET', '/api/team')).json().team.timeZone).toBe('UTC');
    const set = await owner.call('PATCH', '/api/team', { timeZone: 'europe/paris' });
    expect(set.statusCode).toBe(200);
    expect(set.json().team.timeZone).toBe('Europe/Paris');
    expect((await owner.call('GET', '/api/team')).json().team.timeZone).toBe('Europe/Paris');
  });

  it.each([
    ['an unknown zone', { timeZone: 'Mars/Olympus' }],
    ['an offset', { timeZone: '+05:30' }],
    ['an empty zone', { timeZone: '' }],
    ['no zone', {}],
    ['another field', { timeZone: 'UTC', name: 'Renamed' }],
    ['a zone that is not text', { timeZone: 5 }],
  ])('refuses %s: 400 validation_failed', async (_case, body) => {
    const owner = await signInOwner(t.app, 'badzone');
    const response = await owner.call('PATCH', '/api/team', body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation_failed');
    expect((await owner.call('GET', '/api/team')).json().team.timeZone).toBe('UTC');
  });

  it('refuses a member (403 forbidden) and leaves the zone as it was', async () => {
    const { ben, teamId } = await seededHistory();
    expect((await ben.call('POST', '/api/teams/active', { teamId })).statusCode).toBe(200);
    const refused = await ben.call('PATCH', '/api/team', { timeZone: 'Asia/Tokyo' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('forbidden');
    expect((await ben.call('GET', '/api/team')).json().team.timeZone).toBe('America/New_York');
  });
});
