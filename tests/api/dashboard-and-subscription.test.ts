import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { LANGUAGE_CODES } from '#domain/languages';
import { NO_SUBSCRIPTION } from '#domain/plans';
import { checklists } from '#server/db/schema/index';
import { dashboardStats } from '#server/services/dashboard';
import { createChecklist, errorOf, type Owner, signInOwner, tick } from '#tests/support/checklists';
import { ownedTeamId, setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

const t = setupTestApp();

async function setUpdatedAt(checklist: Checklist, at: Date | string) {
  await t.db
    .update(checklists)
    .set({ updatedAt: new Date(at) })
    .where(eq(checklists.id, checklist.id));
}

/** A completed checklist (its one task ticked) last updated at `at`. */
async function completedAt(owner: Owner, at: Date | string): Promise<Checklist> {
  const checklist = await createChecklist(owner, { tasks: [{ description: 'Only' }] });
  await tick(owner, checklist, 0);
  await setUpdatedAt(checklist, at);
  return checklist;
}

/** The instant local midnight began in the zone, computed apart from the server's SQL. */
function localMidnight(timeZone: string, now: Date): Date {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const wall = (at: Date) => {
    const parts = new Map(format.formatToParts(at).map((part) => [part.type, Number(part.value)]));
    const p = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? 0;
    return {
      date: Date.UTC(p('year'), p('month') - 1, p('day')),
      time: Date.UTC(p('year'), p('month') - 1, p('day'), p('hour'), p('minute'), p('second')),
    };
  };
  const today = wall(now);
  // Local midnight as if the offset of now applied, then corrected by the offset at that instant (DST).
  let guess = today.date - (today.time - Math.floor(now.getTime() / 1000) * 1000);
  for (let i = 0; i < 2; i += 1) guess += today.date - wall(new Date(guess)).time;
  return new Date(guess);
}

describe('GET /api/dashboard/stats', () => {
  it('counts active (not completed), in progress, and completed today; only the owner’s own', async () => {
    const owner = await signInOwner(t.app);
    const other = await signInOwner(t.app, 'other');
    await completedAt(other, new Date());

    await createChecklist(owner); // not started
    const started = await createChecklist(owner);
    await tick(owner, started, 0); // in progress
    await completedAt(owner, new Date()); // completed today
    const submitted = await createChecklist(owner);
    await owner.call('POST', `/api/checklists/${submitted.id}/submit`, {}); // completed by submission, today
    await completedAt(owner, new Date(Date.now() - 3 * 24 * 3600 * 1000)); // completed days ago

    const response = await owner.call('GET', '/api/dashboard/stats?timeZone=Europe/Paris');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ activeChecklists: 2, inProgressChecklists: 1, completedToday: 2 });
  });

  it("counts in SQL exactly as the list's statuses say (the domain's rule), over every kind of checklist", async () => {
    const owner = await signInOwner(t.app);
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    const made: Checklist[] = [];
    for (const taskCount of [1, 2, 3, 3, 2]) made.push(await createChecklist(owner, {}, taskCount));
    const [one, two, three, threeToo, twoSubmitted] = made as [
      Checklist,
      Checklist,
      Checklist,
      Checklist,
      Checklist,
    ];
    await tick(owner, one, 0); // its only task: completed
    await tick(owner, two, 0); // one of two: in progress
    for (const index of [0, 1, 2]) await tick(owner, three, index); // all three: completed
    await tick(owner, three, 2, false); // then one undone: in progress again
    await tick(owner, threeToo, 1);
    await owner.call('POST', `/api/checklists/${twoSubmitted.id}/submit`, {}); // submitted with none done
    await setUpdatedAt(one, new Date(Date.now() - 3 * 24 * 3600 * 1000));

    const list = (await owner.call('GET', `/api/checklists?userId=${owner.uid}`)).json() as Checklist[];
    const today = new Date(Date.now() - 24 * 3600 * 1000);
    const expected = {
      activeChecklists: list.filter((row) => row.status !== 'completed').length,
      inProgressChecklists: list.filter((row) => row.status === 'in-progress').length,
      completedToday: list.filter((row) => row.status === 'completed' && new Date(row.updatedAt) > today)
        .length,
    };
    expect(expected).toEqual({ activeChecklists: 3, inProgressChecklists: 3, completedToday: 1 });
    expect((await owner.call('GET', '/api/dashboard/stats?timeZone=UTC')).json()).toEqual(expected);
  });

  it('answers zeros to a new owner, and defaults the time zone to UTC', async () => {
    const owner = await signInOwner(t.app);
    const response = await owner.call('GET', '/api/dashboard/stats');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ activeChecklists: 0, inProgressChecklists: 0, completedToday: 0 });
  });

  it("'today' starts at the viewer's local midnight: Auckland and Los Angeles see different days", async () => {
    const owner = await signInOwner(t.app);
    const now = new Date();
    const auckland = localMidnight('Pacific/Auckland', now);
    const losAngeles = localMidnight('America/Los_Angeles', now);
    const instants = [auckland, losAngeles].flatMap((midnight) => [
      new Date(midnight.getTime() - 1000),
      midnight,
    ]);
    for (const at of instants) await completedAt(owner, at);

    for (const [timeZone, midnight] of [
      ['Pacific/Auckland', auckland],
      ['America/Los_Angeles', losAngeles],
    ] as const) {
      const expected = instants.filter((at) => at >= midnight).length;
      const response = await owner.call(
        'GET',
        `/api/dashboard/stats?timeZone=${encodeURIComponent(timeZone)}`,
      );
      expect(response.json(), timeZone).toMatchObject({ completedToday: expected, activeChecklists: 0 });
    }
  });

  it('at a fixed instant, the boundary is exactly local midnight in each zone', async () => {
    const owner = await signInOwner(t.app);
    // 2024-06-01T11:30Z is 23:30 on June 1 in Auckland (UTC+12) and 04:30 on June 1 in Los Angeles (UTC-7).
    const now = new Date('2024-06-01T11:30:00.000Z');
    await completedAt(owner, '2024-05-31T11:59:59.999Z'); // just before Auckland's midnight
    await completedAt(owner, '2024-05-31T12:00:00.000Z'); // Auckland's midnight
    await completedAt(owner, '2024-06-01T06:59:59.999Z'); // just before Los Angeles' midnight
    await completedAt(owner, '2024-06-01T07:00:00.000Z'); // Los Angeles' midnight
    const access = { kind: 'owner' as const, userId: owner.uid, teamId: await ownedTeamId(t.db, owner.uid) };
    expect((await dashboardStats(t.db, access, 'Pacific/Auckland', now)).completedToday).toBe(3);
    expect((await dashboardStats(t.db, access, 'America/Los_Angeles', now)).completedToday).toBe(1);
    expect((await dashboardStats(t.db, access, 'UTC', now)).completedToday).toBe(2);
  });

  it('on the day after a daylight-saving change, midnight moves with the offset', async () => {
    const owner = await signInOwner(t.app);
    const access = { kind: 'owner' as const, userId: owner.uid, teamId: await ownedTeamId(t.db, owner.uid) };
    // Los Angeles moved to UTC-7 on 2024-03-10: midnight of March 11 is 07:00Z (it was 08:00Z the day before).
    const now = new Date('2024-03-11T12:00:00.000Z');
    await completedAt(owner, '2024-03-11T06:59:59.999Z');
    await completedAt(owner, '2024-03-11T07:30:00.000Z');
    await completedAt(owner, '2024-03-10T09:00:00.000Z');
    expect((await dashboardStats(t.db, access, 'America/Los_Angeles', now)).completedToday).toBe(1);
  });

  it.each([
    ['an unknown zone', 'Nowhere/Else'],
    ['an offset (read with the opposite sign by databases)', '+05:30'],
    ['something else', 'not a zone; drop table checklists'],
    ['an overlong name', 'A'.repeat(65)],
  ])('refuses %s with 400 validation_failed', async (_label, timeZone) => {
    const owner = await signInOwner(t.app);
    const response = await owner.call('GET', `/api/dashboard/stats?timeZone=${encodeURIComponent(timeZone)}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation_failed');
  });

  it('names the rule for an unknown zone and accepts any spelling of a known one', async () => {
    const owner = await signInOwner(t.app);
    const bad = await owner.call('GET', '/api/dashboard/stats?timeZone=Mars/Olympus');
    expect(errorOf(bad).message).toBe('timeZone must be an IANA time zone such as Europe/Paris');
    expect((await owner.call('GET', '/api/dashboard/stats?timeZone=europe/paris')).statusCode).toBe(200);
  });
});

describe('GET /api/user/{uid}/subscription', () => {
  it('answers the free plan with its limits and usage', async () => {
    const owner = await signInOwner(t.app);
    await createChecklist(owner);
    await createChecklist(owner);
    const response = await owner.call('GET', `/api/user/${owner.uid}/subscription`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      tier: 'free',
      usage: { listSyncCount: 2 },
      limits: { maxLists: 5 },
      // No photo yet: nothing stored, of the free plan's 1 GiB.
      storage: { usedBytes: 0, limitBytes: 1024 ** 3 },
      allowedLanguages: ['en', 'es'],
      ...NO_SUBSCRIPTION,
    });
  });

  it('answers the plan the account is on: professional 100, enterprise unlimited (null)', async () => {
    const owner = await signInOwner(t.app);
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    const pro = (await owner.call('GET', `/api/user/${owner.uid}/subscription`)).json();
    expect(pro).toEqual({
      tier: 'professional',
      usage: { listSyncCount: 0 },
      limits: { maxLists: 100 },
      storage: { usedBytes: 0, limitBytes: 50 * 1024 ** 3 },
      allowedLanguages: LANGUAGE_CODES,
      ...NO_SUBSCRIPTION,
    });
    await setOwnedTeamTier(t.db, owner.uid, 'enterprise');
    const enterprise = (await owner.call('GET', `/api/user/${owner.uid}/subscription`)).json();
    expect(enterprise).toMatchObject({
      tier: 'enterprise',
      limits: { maxLists: null },
      storage: { usedBytes: 0, limitBytes: null },
    });
  });
});
