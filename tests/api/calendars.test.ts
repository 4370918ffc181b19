import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CALENDAR_LIMITS } from '#domain/calendars';
import { calendars, notifications, teamMembers } from '#server/db/schema/index';
import { syncCalendar, syncDueCalendars } from '#server/services/calendar-sync';
import { dayFromToday, type FeedEvent, icsOf, setupFeedServer } from '#tests/support/calendar-feeds';
import { type Owner, signInOwner } from '#tests/support/checklists';
import { otherInstances } from '#tests/support/instances';
import { ownedTeamId, setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Booking calendars (docs/automation.md "Booking calendars"): a feed served on 127.0.0.1 (local mode
 * may read loopback) makes, moves and cancels turnovers across syncs; blocks and past stays are left
 * alone; each reservation makes one checklist however many instances sync.
 */
const t = setupTestApp();
const feeds = setupFeedServer();
const instance = otherInstances(t);

const TEMPLATE = 'builtin-short-stay-turnover';

async function addCalendar(owner: Owner, path: string, body: Record<string, unknown> = {}) {
  const response = await owner.call('POST', '/api/calendars', {
    name: 'Beach House',
    icsUrl: feeds.url(path),
    templateId: TEMPLATE,
    timezone: 'UTC',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  // The answer holds the first sync, made as the calendar was added.
  return response.json().calendar;
}

/** Lets 'Sync now' run again at once (it is limited to once a minute a calendar). */
async function allowManualSync(calendarId: string) {
  await t.db.update(calendars).set({ manualSyncAt: null }).where(eq(calendars.id, calendarId));
}

async function syncNow(owner: Owner, calendarId: string) {
  await allowManualSync(calendarId);
  const response = await owner.call('POST', `/api/calendars/${calendarId}/sync`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().calendar;
}

async function turnovers(owner: Owner) {
  const response = await owner.call('GET', `/api/checklists?userId=${owner.uid}`);
  const list = response.json() as { name: string; dueAt: string | null; cancelled: boolean; id: string }[];
  return list
    .filter((checklist) => checklist.name.startsWith('Beach House'))
    .map((c) => ({ name: c.name, dueAt: c.dueAt, cancelled: c.cancelled, id: c.id }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const at = (date: string, time: string) => new Date(`${date}T${time}:00.000Z`).toISOString();

describe('a calendar across syncs', () => {
  it('makes one turnover per reservation, moves it, cancels it, and ignores blocks and past stays', async () => {
    const owner = await signInOwner(t.app, 'host');
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    const [d4, d5, d8, d10, d12, d20] = [4, 5, 8, 10, 12, 20].map(dayFromToday) as string[];
    const events: FeedEvent[] = [
      { uid: 'past@airbnb.com', start: dayFromToday(-6), end: dayFromToday(-2) },
      { uid: 'a@airbnb.com', start: dayFromToday(-2), end: d4 as string },
      { uid: 'b@airbnb.com', start: d5 as string, end: d8 as string },
      {
        uid: 'block@airbnb.com',
        start: d10 as string,
        end: d12 as string,
        summary: 'Airbnb (Not available)',
      },
      { uid: 'c@airbnb.com', start: d12 as string, end: d20 as string },
    ];
    feeds.set('/house.ics', { body: icsOf(events) });
    const calendar = await addCalendar(owner, '/house.ics');
    expect(calendar).toMatchObject({ checkoutTime: '11:00', checkinTime: '16:00' });

    expect(calendar.runs).toHaveLength(1);
    expect(calendar.runs[0]).toMatchObject({ added: 3, moved: 0, cancelled: 0, error: null });
    expect(calendar).toMatchObject({ status: 'synced', lastError: null });
    expect(await turnovers(owner)).toEqual([
      // Due at the next check-in (16:00), or 24 h after checkout (11:00) when nothing follows.
      {
        name: `Beach House — ${d4}`,
        dueAt: at(d5 as string, '16:00'),
        cancelled: false,
        id: expect.any(String),
      },
      {
        name: `Beach House — ${d8}`,
        dueAt: at(d12 as string, '16:00'),
        cancelled: false,
        id: expect.any(String),
      },
      {
        name: `Beach House — ${d20}`,
        dueAt: at(dayFromToday(21), '11:00'),
        cancelled: false,
        id: expect.any(String),
      },
    ]);

    // The same feed again: nothing changes, nothing is made twice.
    const again = await syncNow(owner, calendar.id);
    expect(again.runs[0]).toMatchObject({ added: 0, moved: 0, cancelled: 0, error: null });
    expect(await turnovers(owner)).toHaveLength(3);

    // b moves a day later; c is cancelled in the feed; a new stay d is booked after c's old dates.
    const moved: FeedEvent[] = [
      { uid: 'a@airbnb.com', start: dayFromToday(-2), end: d4 as string },
      { uid: 'b@airbnb.com', start: dayFromToday(6), end: dayFromToday(9) },
      { uid: 'c@airbnb.com', start: d12 as string, end: d20 as string, status: 'CANCELLED' },
    ];
    feeds.set('/house.ics', { body: icsOf(moved) });
    const third = await syncNow(owner, calendar.id);
    // a: next check-in moved from d5 to d6; b: renamed and re-dated (now nothing follows); c cancelled.
    expect(third.runs[0]).toMatchObject({ added: 0, moved: 2, cancelled: 1, error: null });
    const after = await turnovers(owner);
    expect(after).toEqual([
      {
        name: `Beach House — ${d4}`,
        dueAt: at(dayFromToday(6), '16:00'),
        cancelled: false,
        id: expect.any(String),
      },
      {
        name: `Beach House — ${dayFromToday(9)}`,
        dueAt: at(dayFromToday(10), '11:00'),
        cancelled: false,
        id: expect.any(String),
      },
      {
        name: `Beach House — ${d20}`,
        dueAt: at(dayFromToday(21), '11:00'),
        cancelled: true,
        id: expect.any(String),
      },
    ]);
    expect(third.runs).toHaveLength(3);
  });

  it('keeps a turnover whose work started when its reservation goes', async () => {
    const owner = await signInOwner(t.app, 'host-started');
    feeds.set('/started.ics', {
      body: icsOf([{ uid: 's@airbnb.com', start: dayFromToday(2), end: dayFromToday(4) }]),
    });
    const calendar = await addCalendar(owner, '/started.ics');
    await syncNow(owner, calendar.id);
    const [made] = await turnovers(owner);
    const checklist = (await owner.call('GET', `/api/checklists/${made?.id}`)).json();
    const tick = await owner.call('PATCH', `/api/checklists/${made?.id}/tasks/${checklist.tasks[0].id}`, {
      completed: true,
    });
    expect(tick.statusCode, tick.body).toBe(200);

    feeds.set('/started.ics', { body: icsOf([]) });
    const run = await syncNow(owner, calendar.id);
    expect(run.runs[0]).toMatchObject({ cancelled: 0 });
    expect((await turnovers(owner))[0]?.cancelled).toBe(false);
  });

  it('makes one turnover for a UID written twice in the feed', async () => {
    const owner = await signInOwner(t.app, 'host-twice-uid');
    feeds.set('/dup.ics', {
      body: icsOf([
        { uid: 'same@airbnb.com', start: dayFromToday(1), end: dayFromToday(3) },
        { uid: 'same@airbnb.com', start: dayFromToday(8), end: dayFromToday(9) },
      ]),
    });
    const calendar = await addCalendar(owner, '/dup.ics');
    expect(calendar.runs[0]).toMatchObject({ added: 1, error: null });
    expect((await turnovers(owner)).map((c) => c.name)).toEqual([`Beach House — ${dayFromToday(3)}`]);
  });

  it('makes each turnover once when two instances sync one calendar at the same time', async () => {
    const owner = await signInOwner(t.app, 'host-race');
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    // Added while its address fails: nothing made yet.
    const calendar = await addCalendar(owner, '/race.ics');
    expect(calendar.status).toBe('failing');
    feeds.set('/race.ics', {
      body: icsOf([
        { uid: 'r1@airbnb.com', start: dayFromToday(1), end: dayFromToday(3) },
        { uid: 'r2@airbnb.com', start: dayFromToday(3), end: dayFromToday(6) },
      ]),
    });
    const other = await instance();
    await Promise.all([
      syncCalendar(t.app.calendarSync, calendar.id),
      syncCalendar(other.app.calendarSync, calendar.id),
    ]);
    expect(await turnovers(owner)).toHaveLength(2);
  });
});

describe('cadence', () => {
  it('syncs free teams every 6 hours and paid ones every 15 minutes, each calendar on one instance', async () => {
    const free = await signInOwner(t.app, 'host-free');
    const paid = await signInOwner(t.app, 'host-paid');
    await setOwnedTeamTier(t.db, paid.uid, 'professional');
    feeds.set('/cadence.ics', { body: icsOf([]) });
    const freeCalendar = await addCalendar(free, '/cadence.ics');
    const paidCalendar = await addCalendar(paid, '/cadence.ics');
    // Only these two are due.
    await t.db.update(calendars).set({ nextSyncAt: sql`now() + interval '1 day'` });
    await t.db
      .update(calendars)
      .set({ nextSyncAt: sql`now() - interval '1 second'` })
      .where(sql`${calendars.id} in (${freeCalendar.id}, ${paidCalendar.id})`);
    const other = await instance();
    const before = feeds.reads('/cadence.ics');
    const synced = await Promise.all([
      syncDueCalendars(t.app.calendarSync, new Date()),
      syncDueCalendars(other.app.calendarSync, new Date()),
    ]);
    expect(synced.reduce((a, b) => a + b, 0)).toBe(2);
    expect(feeds.reads('/cadence.ics') - before).toBe(2);
    const rows = await t.db
      .select({
        id: calendars.id,
        wait: sql<number>`extract(epoch from ${calendars.nextSyncAt} - now())::int`,
      })
      .from(calendars)
      .where(sql`${calendars.id} in (${freeCalendar.id}, ${paidCalendar.id})`);
    const wait = Object.fromEntries(rows.map((row) => [row.id, row.wait]));
    expect(wait[freeCalendar.id]).toBeGreaterThan(6 * 3600 - 60);
    expect(wait[freeCalendar.id]).toBeLessThanOrEqual(6 * 3600);
    expect(wait[paidCalendar.id]).toBeGreaterThan(15 * 60 - 60);
    expect(wait[paidCalendar.id]).toBeLessThanOrEqual(15 * 60);
    const listed = (await free.call('GET', '/api/calendars')).json().calendars[0];
    expect(listed.syncEveryMinutes).toBe(360);
  });

  it("limits 'Sync now' to once a minute a calendar, with Retry-After", async () => {
    const owner = await signInOwner(t.app, 'host-twice');
    feeds.set('/twice.ics', { body: icsOf([]) });
    const calendar = await addCalendar(owner, '/twice.ics');
    expect((await owner.call('POST', `/api/calendars/${calendar.id}/sync`)).statusCode).toBe(200);
    const second = await owner.call('POST', `/api/calendars/${calendar.id}/sync`);
    expect(second.statusCode).toBe(429);
    expect(second.json().error.code).toBe('rate_limited');
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});

describe('a failing feed', () => {
  async function failingNotices(uid: string) {
    return t.db
      .select({ reason: notifications.reason, name: notifications.checklistName })
      .from(notifications)
      .where(sql`${notifications.ownerId} = ${uid} and ${notifications.kind} = 'calendar_failing'`)
      .orderBy(notifications.createdAt);
  }

  it('is shown failing with the reason, and its owner is told once until it works again', async () => {
    const owner = await signInOwner(t.app, 'host-failing');
    const calendar = await addCalendar(owner, '/gone.ics', { name: 'Lake Cabin' });
    const first = await syncNow(owner, calendar.id);
    expect(first).toMatchObject({
      status: 'failing',
      lastError: 'The calendar address answered 404 Not Found',
    });
    expect(first.runs[0]).toMatchObject({ added: 0, error: 'The calendar address answered 404 Not Found' });
    await syncNow(owner, calendar.id);
    expect(await failingNotices(owner.uid)).toEqual([
      { reason: 'The calendar address answered 404 Not Found', name: 'Lake Cabin' },
    ]);

    feeds.set('/gone.ics', { body: icsOf([]) });
    expect(await syncNow(owner, calendar.id)).toMatchObject({ status: 'synced', lastError: null });
    feeds.set('/gone.ics', { body: '<html>Sign in</html>' });
    expect(await syncNow(owner, calendar.id)).toMatchObject({ lastError: 'Not an iCal file' });
    expect((await failingNotices(owner.uid)).map((n) => n.reason)).toEqual([
      'The calendar address answered 404 Not Found',
      'Not an iCal file',
    ]);
  });

  it('holds one reader while it is slow: the other due calendars are synced meanwhile, a few at once', async () => {
    const owner = await signInOwner(t.app, 'host-many');
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    feeds.set('/quick.ics', { body: icsOf([]) });
    const quick: { id: string }[] = [];
    for (let n = 0; n < 4; n++) quick.push(await addCalendar(owner, '/quick.ics', { name: `Flat ${n}` }));
    const slow = await addCalendar(owner, '/quick.ics', { name: 'Slow flat' });
    feeds.set('/crawl.ics', { body: icsOf([]), delayMs: 6000 });
    await t.db
      .update(calendars)
      .set({ url: feeds.url('/crawl.ics') })
      .where(eq(calendars.id, slow.id));
    // Only these five are due, the slow one first.
    await t.db.update(calendars).set({ nextSyncAt: sql`now() + interval '1 day'` });
    const ids = [slow.id, ...quick.map((calendar) => calendar.id)];
    for (const [n, id] of ids.entries()) {
      await t.db
        .update(calendars)
        .set({ nextSyncAt: sql`now() - interval '1 minute' + ${n} * interval '1 second'` })
        .where(eq(calendars.id, id));
    }
    const runsOf = async (id: string) =>
      (await owner.call('GET', `/api/calendars/${id}`)).json().calendar.runs;
    const before = { slow: (await runsOf(slow.id)).length, quick: (await runsOf(quick[0]?.id ?? '')).length };
    const pass = syncDueCalendars(t.app.calendarSync, new Date(), { atOnce: 2 });
    // The quick ones are read by the second worker while the first waits on the slow feed.
    await expect
      .poll(async () => (await Promise.all(quick.map((c) => runsOf(c.id)))).map((runs) => runs.length), {
        timeout: 5500,
        interval: 200,
      })
      .toEqual(quick.map(() => before.quick + 1));
    expect((await runsOf(slow.id)).length).toBe(before.slow);
    expect(await pass).toBe(5);
    expect((await runsOf(slow.id)).length).toBe(before.slow + 1);
    expect(feeds.reads('/crawl.ics')).toBe(1);
  });

  it('times out and refuses what is too big, in words', async () => {
    const { createCalendarFeedReader } = await import('#server/adapters/outbound/calendar-feed');
    const short = await t.buildApp({
      calendarFeeds: createCalendarFeedReader({
        timeoutMs: 200,
        maxBytes: 1000,
        maxRedirects: 1,
        allowLoopback: true,
      }),
    });
    const owner = await signInOwner(short.app, 'host-slow');
    feeds.set('/slow.ics', { body: icsOf([]), delayMs: 2000 });
    feeds.set('/big.ics', { body: `BEGIN:VCALENDAR\r\n${'X-PAD:aaaaaaaaaa\r\n'.repeat(200)}END:VCALENDAR` });
    const slow = (await owner.call('POST', '/api/calendars', calendarBody('/slow.ics'))).json().calendar;
    const big = (await owner.call('POST', '/api/calendars', calendarBody('/big.ics'))).json().calendar;
    const syncSlow = await owner.call('POST', `/api/calendars/${slow.id}/sync`);
    expect(syncSlow.json().calendar.lastError).toBe('Timed out after 200 ms');
    const syncBig = await owner.call('POST', `/api/calendars/${big.id}/sync`);
    expect(syncBig.json().calendar.lastError).toBe('The calendar is larger than 1 KB');
  });

  it('records turnovers over the plan limit as an error and tells the owner', async () => {
    const owner = await signInOwner(t.app, 'host-limit');
    const stays = Array.from({ length: 7 }, (_, i) => ({
      uid: `l${i}@airbnb.com`,
      start: dayFromToday(2 * i + 1),
      end: dayFromToday(2 * i + 2),
    }));
    feeds.set('/limit.ics', { body: icsOf(stays) });
    const run = await addCalendar(owner, '/limit.ics');
    expect(run.runs[0].added).toBe(5);
    expect(run.status).toBe('failing');
    expect(run.lastError).toMatch(new RegExp(`^Turnovers from ${dayFromToday(12)} on were not made: `));
    expect(await failingNotices(owner.uid)).toHaveLength(1);
  });
});

function calendarBody(path: string, body: Record<string, unknown> = {}) {
  return { name: 'Beach House', icsUrl: feeds.url(path), templateId: TEMPLATE, timezone: 'UTC', ...body };
}

describe('automatic share', () => {
  it("shares each new turnover with the calendar's recipient, in their language", async () => {
    const owner = await signInOwner(t.app, 'host-share');
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    feeds.set('/share.ics', {
      body: icsOf([{ uid: 'x@airbnb.com', start: dayFromToday(1), end: dayFromToday(3) }]),
    });
    const calendar = await addCalendar(owner, '/share.ics', {
      share: { recipientName: 'Ana', email: 'ana.cleaner@example.com', targetLanguage: 'es', consent: true },
    });
    expect((await owner.call('GET', `/api/calendars/${calendar.id}`)).json().calendar.share).toEqual({
      recipientName: 'Ana',
      channel: 'email',
      maskedContact: expect.stringContaining('@example.com'),
      targetLanguage: 'es',
    });
    // Shared as the calendar's first sync made it.
    expect(calendar.runs[0]).toMatchObject({ added: 1, error: null });
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().messages as {
      to: string;
      text: string;
    }[];
    const mail = outbox.find((message) => message.to === 'ana.cleaner@example.com');
    expect(mail?.text).toContain(`Beach House — ${dayFromToday(3)}`);
  });

  it('keeps a turnover whose send is refused, and says why in the run', async () => {
    const owner = await signInOwner(t.app, 'host-share-downgraded');
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    feeds.set('/downgraded.ics', { body: icsOf([]) });
    const calendar = await addCalendar(owner, '/downgraded.ics', {
      share: { email: 'marie@example.com', targetLanguage: 'fr', consent: true },
    });
    // The plan ends: French is no longer in it, and the next turnover cannot be sent in it.
    await setOwnedTeamTier(t.db, owner.uid, 'free');
    feeds.set('/downgraded.ics', {
      body: icsOf([{ uid: 'd@airbnb.com', start: dayFromToday(2), end: dayFromToday(4) }]),
    });
    const run = await syncNow(owner, calendar.id);
    expect(run.runs[0]).toMatchObject({ added: 1 });
    expect(run.runs[0].error).toBe(
      `The turnover for ${dayFromToday(4)} was made but not shared: This language is not included in your plan. Please upgrade to share in it.`,
    );
    // The feed itself is fine: the calendar is not failing; the turnover's own notice says it was not
    // sent and leads to it, where it can be shared by hand.
    expect(run.status).toBe('synced');
    const made = await turnovers(owner);
    expect(made.map((c) => c.name)).toEqual([`Beach House — ${dayFromToday(4)}`]);
    const told = await t.db
      .select({
        kind: notifications.kind,
        checklistId: notifications.checklistId,
        reason: notifications.reason,
      })
      .from(notifications)
      .where(eq(notifications.ownerId, owner.uid));
    expect(told).toEqual([
      {
        kind: 'share_not_sent',
        checklistId: made[0]?.id,
        reason:
          'It was not sent to marie@example.com: This language is not included in your plan. Please upgrade to share in it.',
      },
    ]);
  });

  it('refuses a share without consent or in a language outside the plan', async () => {
    const owner = await signInOwner(t.app, 'host-share-refused');
    const noConsent = await owner.call(
      'POST',
      '/api/calendars',
      calendarBody('/x.ics', { share: { email: 'a@example.com', targetLanguage: 'en' } }),
    );
    expect(noConsent.statusCode).toBe(400);
    const french = await owner.call(
      'POST',
      '/api/calendars',
      calendarBody('/x.ics', { share: { email: 'a@example.com', targetLanguage: 'fr', consent: true } }),
    );
    expect(french.statusCode).toBe(403);
    expect(french.json().error.code).toBe('plan_limit_reached');
  });
});

describe('bad input and reach', () => {
  it.each([
    ['an ftp address', { icsUrl: 'ftp://example.com/cal.ics' }],
    ['not an address', { icsUrl: 'my calendar' }],
    ['an address too long', { icsUrl: `https://example.com/${'a'.repeat(CALENDAR_LIMITS.urlMax)}` }],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }],
    ['a bad checkout time', { checkoutTime: '25:00' }],
    ['a bad check-in time', { checkinTime: '4pm' }],
    ['no name', { name: '  ' }],
    ['an unknown field', { colour: 'red' }],
  ])('refuses %s with 400', async (_label, body) => {
    const owner = await signInOwner(t.app, 'host-bad');
    const response = await owner.call('POST', '/api/calendars', calendarBody('/x.ics', body));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('refuses with 400 an address production would never read', async () => {
    const { createCalendarFeedReader, CALENDAR_FEED_LIMITS } = await import(
      '#server/adapters/outbound/calendar-feed'
    );
    const strict = await t.buildApp({
      calendarFeeds: createCalendarFeedReader({ ...CALENDAR_FEED_LIMITS, allowLoopback: false }),
    });
    const owner = await signInOwner(strict.app, 'host-strict');
    for (const icsUrl of ['http://example.com/a.ics', 'https://192.168.1.10/a.ics', feeds.url('/x.ics')]) {
      const response = await owner.call('POST', '/api/calendars', calendarBody('/x.ics', { icsUrl }));
      expect(response.statusCode, icsUrl).toBe(400);
      expect(response.json().error.issues[0].path).toBe('icsUrl');
    }
  });

  it('reads webcal:// as https://, and answers 404 for an unknown template or another team’s calendar', async () => {
    const owner = await signInOwner(t.app, 'host-reach');
    const webcal = await owner.call(
      'POST',
      '/api/calendars',
      calendarBody('/x.ics', { icsUrl: 'webcal://www.airbnb.com/calendar/ical/123.ics?s=abc' }),
    );
    expect(webcal.json().calendar.icsUrl).toBe('https://www.airbnb.com/calendar/ical/123.ics?s=abc');
    const unknown = await owner.call(
      'POST',
      '/api/calendars',
      calendarBody('/x.ics', { templateId: 'template_nope' }),
    );
    expect(unknown.statusCode).toBe(404);

    const stranger = await signInOwner(t.app, 'stranger');
    const id = webcal.json().calendar.id;
    for (const [method, url] of [
      ['GET', `/api/calendars/${id}`],
      ['PATCH', `/api/calendars/${id}`],
      ['DELETE', `/api/calendars/${id}`],
      ['POST', `/api/calendars/${id}/sync`],
    ] as const) {
      const response = await stranger.call(method, url, method === 'PATCH' ? { name: 'Mine' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await stranger.call('GET', '/api/calendars')).json().calendars).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendars' })).statusCode).toBe(401);
  });

  it('edits and deletes a calendar; its turnovers stay', async () => {
    const owner = await signInOwner(t.app, 'host-edit');
    feeds.set('/edit.ics', {
      body: icsOf([{ uid: 'e@airbnb.com', start: dayFromToday(1), end: dayFromToday(2) }]),
    });
    const calendar = await addCalendar(owner, '/edit.ics');
    await syncNow(owner, calendar.id);
    const patched = await owner.call('PATCH', `/api/calendars/${calendar.id}`, {
      name: 'Beach House North',
      checkinTime: '15:00',
    });
    expect(patched.json().calendar).toMatchObject({ name: 'Beach House North', checkinTime: '15:00' });
    expect((await owner.call('PATCH', `/api/calendars/${calendar.id}`, {})).statusCode).toBe(400);
    // The next sync renames the turnover after the calendar.
    await syncNow(owner, calendar.id);
    expect((await turnovers(owner)).map((c) => c.name)).toEqual([`Beach House North — ${dayFromToday(2)}`]);
    expect((await owner.call('DELETE', `/api/calendars/${calendar.id}`)).statusCode).toBe(204);
    expect((await owner.call('GET', `/api/calendars/${calendar.id}`)).statusCode).toBe(404);
    expect(await turnovers(owner)).toHaveLength(1);
  });

  it(`keeps at most ${CALENDAR_LIMITS.perTeam} calendars a team`, async () => {
    const owner = await signInOwner(t.app, 'host-many');
    const first = await addCalendar(owner, '/many.ics');
    const [row] = await t.db.select().from(calendars).where(eq(calendars.id, first.id));
    if (!row) throw new Error('no calendar row');
    await t.db
      .insert(calendars)
      .values(
        Array.from({ length: CALENDAR_LIMITS.perTeam - 1 }, (_, i) => ({ ...row, id: `${row.id}_${i}` })),
      );
    const over = await owner.call('POST', '/api/calendars', calendarBody('/many.ics'));
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'calendar_limit_reached',
      limit: CALENDAR_LIMITS.perTeam,
    });
  });
});

describe('who sees the address and who may change a calendar', () => {
  it('shows a plain member the host only; the owner and admins the whole address', async () => {
    const owner = await signInOwner(t.app, 'host-team');
    const colleague = await signInOwner(t.app, 'colleague');
    const teamId = await ownedTeamId(t.db, owner.uid);
    await t.db
      .insert(teamMembers)
      .values({ teamId, userId: colleague.uid, role: 'member', joinedAt: new Date() });
    expect((await colleague.call('POST', '/api/teams/active', { teamId })).statusCode).toBe(200);
    feeds.set('/team.ics', { body: icsOf([]) });
    const calendar = await addCalendar(owner, '/team.ics');
    expect(calendar).toMatchObject({ icsUrl: feeds.url('/team.ics'), urlVisible: true, canManage: true });

    const seen = (await colleague.call('GET', `/api/calendars/${calendar.id}`)).json().calendar;
    expect(seen).toMatchObject({
      icsUrl: `${new URL(feeds.url('/')).host}/…`,
      urlVisible: false,
      canManage: false,
    });
    expect(
      (await colleague.call('PATCH', `/api/calendars/${calendar.id}`, { name: 'Mine' })).statusCode,
    ).toBe(403);
    expect((await colleague.call('DELETE', `/api/calendars/${calendar.id}`)).statusCode).toBe(403);
    // Any member may sync it.
    expect((await colleague.call('POST', `/api/calendars/${calendar.id}/sync`)).statusCode).toBe(200);

    await t.db.update(teamMembers).set({ role: 'admin' }).where(eq(teamMembers.userId, colleague.uid));
    const asAdmin = (await colleague.call('GET', '/api/calendars')).json().calendars[0];
    expect(asAdmin).toMatchObject({ icsUrl: feeds.url('/team.ics'), canManage: true });
  });
});

describe("local mode's sample calendar", () => {
  it('is an iCal feed with reservations, answered at this computer’s address only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/sample-calendar.ics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(response.body).toContain('SUMMARY:Reserved');
    expect(response.body).toContain('SUMMARY:Airbnb (Not available)');
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/dev/sample-calendar.ics',
      headers: { host: 'evil.example' },
    });
    expect(elsewhere.statusCode).toBe(403);
  });
});
