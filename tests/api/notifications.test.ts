import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import type { NotificationList, NotificationPreferences } from '#domain/notification-texts';
import type { ShareResponse } from '#domain/sharing';
import { notificationPreferences, notifications, shares } from '#server/db/schema/index';
import { createChecklist, errorOf, type Owner, signInOwner } from '#tests/support/checklists';
import { testJpeg, uploadPhoto } from '#tests/support/photos';
import { closeAll, openSocket } from '#tests/support/realtime';
import { type RecipientBrowser, recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp, uniqueIp } from '#tests/support/test-app';

/**
 * Owner notifications (issue 17 item 3, decision 0024): a recipient's submission (and, if asked for,
 * the first and the last tick) makes a notification and an e-mail with the report attached and an
 * unsubscribe link that works without signing in; "I didn't get a code" reaches the owner, limited;
 * the settings decide which e-mails go out.
 */
const REPORT = Buffer.from('%PDF-1.7\n% a known report for the plumbing test\n%%EOF\n');
const REPORT_SHA = createHash('sha256').update(REPORT).digest('hex');
const reportsMade: string[] = [];

const t = setupTestApp({
  attachReport: async (checklistId) => {
    reportsMade.push(checklistId);
    return { bytes: REPORT, filename: 'cabin-report.pdf', contentType: 'application/pdf' };
  },
});

interface OutboxMail {
  id: string;
  to: string;
  subject: string | null;
  text: string;
  attachments: { filename: string; contentType: string; size: number; sha256: string }[];
  headers: Record<string, string>;
}

async function emailOf(owner: Owner): Promise<string> {
  return (await owner.call('GET', '/api/auth/me')).json().user.email;
}

async function mailsTo(address: string): Promise<OutboxMail[]> {
  await t.app.notifications.settle();
  const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
  expect(response.statusCode).toBe(200);
  return (response.json().messages as OutboxMail[]).filter((mail) => mail.to === address);
}

async function notificationsOf(owner: Owner): Promise<NotificationList> {
  await t.app.notifications.settle();
  const response = await owner.call('GET', '/api/notifications');
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function setPreferences(owner: Owner, preferences: NotificationPreferences) {
  const response = await owner.call('PUT', '/api/settings/notifications', preferences);
  expect(response.statusCode).toBe(200);
  return response.json().preferences as NotificationPreferences;
}

const ALL_ON: NotificationPreferences = {
  tickNotices: true,
  email: { submitted: true, ticks: true, code_not_received: true, link_locked: true },
};

/** An owner, a 3-task checklist shared with Jane, and Jane's verified browser. */
async function sharedWithJane(label: string, name = 'Cabin turnover') {
  const owner = await signInOwner(t.app, label);
  const checklist = await createChecklist(owner, { name });
  const sent = await share(owner, checklist.id);
  const jane = recipientBrowser(t.app);
  await verified(jane, sent);
  return { owner, checklist, sent, jane, address: await emailOf(owner) };
}

function tickAs(browser: RecipientBrowser, checklist: Checklist, index: number, completed = true) {
  return browser.call('PATCH', `/api/checklists/${checklist.id}/tasks/${checklist.tasks[index]?.id}`, {
    completed,
  });
}

/** The token of the List-Unsubscribe header's URL, and that URL's path and query. */
function unsubscribeOf(mail: OutboxMail): { url: string; token: string } {
  const header = mail.headers['List-Unsubscribe'] ?? '';
  const url = new URL(/^<(.+)>$/.exec(header)?.[1] ?? 'http://invalid/');
  return { url: `${url.pathname}${url.search}`, token: url.searchParams.get('token') ?? '' };
}

describe('a recipient submits', () => {
  it('the owner gets a notification and an e-mail naming the checklist, with the report attached', async () => {
    const { owner, checklist, jane, address } = await sharedWithJane('submit');
    const submitted = await jane.call('POST', `/api/checklists/${checklist.id}/submit`, {});
    expect(submitted.statusCode).toBe(200);

    const list = await notificationsOf(owner);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications).toEqual([
      expect.objectContaining({
        kind: 'submitted',
        checklistId: checklist.id,
        checklistName: 'Cabin turnover',
        recipient: 'Jane (j•••e@example.com)',
        readAt: null,
      }),
    ]);

    const [mail, ...others] = await mailsTo(address);
    expect(others).toHaveLength(0);
    expect(mail?.subject).toBe('ListSync: “Cabin turnover” was submitted');
    expect(mail?.text).toContain('Jane (j•••e@example.com) submitted “Cabin turnover”.');
    expect(mail?.text).toContain('The completion report is attached (cabin-report.pdf)');
    expect(mail?.text).toContain(`/checklist/${checklist.id}`);
    expect(mail?.attachments).toEqual([
      {
        filename: 'cabin-report.pdf',
        contentType: 'application/pdf',
        size: REPORT.length,
        sha256: REPORT_SHA,
      },
    ]);
    expect(reportsMade).toContain(checklist.id);
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const { url, token } = unsubscribeOf(mail as OutboxMail);
    expect(token).not.toBe('');
    expect(mail?.text).toContain(`Unsubscribe from these e-mails: http://127.0.0.1:5999${url}`);
  });

  it("the owner's own submission tells nobody", async () => {
    const { owner, checklist, address } = await sharedWithJane('own-submit');
    expect((await owner.call('POST', `/api/checklists/${checklist.id}/submit`, {})).statusCode).toBe(200);
    expect((await notificationsOf(owner)).notifications).toHaveLength(0);
    expect(await mailsTo(address)).toHaveLength(0);
  });

  it('with the e-mail turned off in settings, the notification is made and no e-mail goes', async () => {
    const { owner, checklist, jane, address } = await sharedWithJane('no-mail');
    await setPreferences(owner, { ...ALL_ON, email: { ...ALL_ON.email, submitted: false } });
    expect((await jane.call('POST', `/api/checklists/${checklist.id}/submit`, {})).statusCode).toBe(200);
    expect((await notificationsOf(owner)).unreadCount).toBe(1);
    expect(await mailsTo(address)).toHaveLength(0);
  });
});

describe('the unsubscribe link', () => {
  async function submittedMail(label: string) {
    const context = await sharedWithJane(label);
    await context.jane.call('POST', `/api/checklists/${context.checklist.id}/submit`, {});
    const [mail] = await mailsTo(context.address);
    return { ...context, mail: mail as OutboxMail };
  }

  it('GET asks to confirm and changes nothing; POST (one click, no sign-in) turns off only that kind', async () => {
    const { owner, mail } = await submittedMail('unsub');
    const { url } = unsubscribeOf(mail);

    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Unsubscribe from these e-mails?');
    expect(page.body).toContain('A recipient submits a checklist');
    expect(page.body).toContain('<form method="post"');
    expect((await owner.call('GET', '/api/settings/notifications')).json().preferences.email.submitted).toBe(
      true,
    );

    // RFC 8058: the mail provider's POST, from no origin of ours, with the one-click body.
    const posted = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain("You're unsubscribed");
    const after = (await owner.call('GET', '/api/settings/notifications')).json().preferences;
    expect(after).toEqual({
      tickNotices: false,
      email: { submitted: false, ticks: true, code_not_received: true, link_locked: true },
    });

    // Again: still fine, and the page says so.
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).body).toContain("You're already unsubscribed");
  });

  it('a forged, altered, cut or missing token is a clear 400 page and changes nothing', async () => {
    const { owner, mail } = await submittedMail('forged');
    const { token } = unsubscribeOf(mail);
    const [version, body] = token.split('.') as [string, string, string];
    const otherUser = Buffer.from(JSON.stringify(['usr_someone_else', 'submitted'])).toString('base64url');
    const bad = [
      `${version}.${otherUser}.${token.split('.')[2]}`,
      `${version}.${body}.${'A'.repeat(43)}`,
      token.slice(0, -3),
      'not-a-token',
      'x'.repeat(600),
    ];
    for (const value of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await t.app.inject({
          method,
          url: `/api/unsubscribe?token=${encodeURIComponent(value)}`,
        });
        expect(answer.statusCode, `${method} ${value.slice(0, 20)}`).toBe(400);
        expect(answer.body).toContain("This unsubscribe link doesn't work");
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/unsubscribe' })).statusCode).toBe(400);
    expect((await owner.call('GET', '/api/settings/notifications')).json().preferences.email.submitted).toBe(
      true,
    );
  });
});

describe('first and last tick', () => {
  it('off by default: ticks tell nobody', async () => {
    const { owner, checklist, jane, address } = await sharedWithJane('ticks-off');
    for (const index of [0, 1, 2]) expect((await tickAs(jane, checklist, index)).statusCode).toBe(200);
    expect((await notificationsOf(owner)).notifications).toHaveLength(0);
    expect(await mailsTo(address)).toHaveLength(0);
  });

  it('when asked for: the first and the last tick, once each, in the app and by e-mail', async () => {
    const { owner, checklist, jane, address } = await sharedWithJane('ticks-on');
    await setPreferences(owner, ALL_ON);
    await tickAs(jane, checklist, 0);
    await tickAs(jane, checklist, 1);
    await tickAs(jane, checklist, 2);
    // Unticked and ticked again at once: not told twice.
    await tickAs(jane, checklist, 2, false);
    await tickAs(jane, checklist, 2);
    // The owner's own ticks tell nobody.
    await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${checklist.tasks[0]?.id}`, {
      completed: false,
    });
    await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${checklist.tasks[0]?.id}`, {
      completed: true,
    });

    const kinds = (await notificationsOf(owner)).notifications.map((n) => n.kind);
    expect(kinds).toEqual(['last_tick', 'first_tick']);
    // The two e-mails are sent side by side (the last tick's waits for its report): in either order.
    const mails = await mailsTo(address);
    const lastTick = 'ListSync: every task of “Cabin turnover” is ticked';
    const firstTick = 'ListSync: work started on “Cabin turnover”';
    expect(mails.map((mail) => mail.subject).sort()).toEqual([lastTick, firstTick].sort());
    const mailed = (subject: string) => mails.find((mail) => mail.subject === subject) as OutboxMail;
    expect(mailed(lastTick).attachments.map((file) => file.filename)).toEqual(['cabin-report.pdf']);
    expect(mailed(firstTick).attachments).toEqual([]);
    expect(unsubscribeOf(mailed(firstTick)).token).not.toBe('');
  });

  it('two of the same tick notice at once (an untick and a tick again, two instances) make one', async () => {
    const { owner, checklist, sent, address } = await sharedWithJane('ticks-race');
    await setPreferences(owner, ALL_ON);
    const event = { kind: 'last_tick' as const, checklistId: checklist.id, shareId: sent.shareId };
    const made = await Promise.all([0, 1, 2, 3].map(() => t.app.notifications.notify(event)));
    expect(made.filter(Boolean)).toHaveLength(1);
    expect((await notificationsOf(owner)).notifications).toHaveLength(1);
    expect(await mailsTo(address)).toHaveLength(1);
  });

  it('a tick notice repeated inside the interval is skipped by the instance that told it, without asking the database', async () => {
    const { owner, checklist, sent } = await sharedWithJane('ticks-remembered');
    await setPreferences(owner, ALL_ON);
    const event = { kind: 'first_tick' as const, checklistId: checklist.id, shareId: sent.shareId };
    const told = await t.app.notifications.notify(event);
    expect(told?.kind).toBe('first_tick');
    // Gone from the database (as if never made): only the instance's memory can still skip the repeat.
    await t.db.delete(notifications).where(eq(notifications.checklistId, checklist.id));
    const soon = new Date(Date.parse(told?.createdAt ?? '') + 9 * 60_000);
    expect(await t.app.notifications.notify(event, soon)).toBeNull();
    expect((await notificationsOf(owner)).notifications).toHaveLength(0);
    // Past the 10 minutes it is told again.
    const later = new Date(Date.parse(told?.createdAt ?? '') + 11 * 60_000);
    expect((await t.app.notifications.notify(event, later))?.kind).toBe('first_tick');
  });

  it('a photo that completes a task is a tick: the first and the last tell the owner too', async () => {
    const { owner, checklist, jane, address } = await sharedWithJane('ticks-by-photo');
    await setPreferences(owner, ALL_ON);
    const photo = await testJpeg(400, 300);
    const photoAs = async (index: number) => {
      const taskId = checklist.tasks[index]?.id ?? '';
      const response = await uploadPhoto(t.app, jane.cookie, checklist.id, taskId, photo);
      expect(response.statusCode, response.body).toBe(200);
    };
    await photoAs(0);
    expect((await notificationsOf(owner)).notifications.map((n) => n.kind)).toEqual(['first_tick']);
    await tickAs(jane, checklist, 1);
    // A second photo on a task already ticked is no tick at all.
    await photoAs(0);
    await photoAs(2);
    const kinds = (await notificationsOf(owner)).notifications.map((n) => n.kind);
    expect(kinds).toEqual(['last_tick', 'first_tick']);
    expect((await mailsTo(address)).map((mail) => mail.subject)).toEqual([
      'ListSync: every task of “Cabin turnover” is ticked',
      'ListSync: work started on “Cabin turnover”',
    ]);
    // The owner's own photo tells nobody.
    await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${checklist.tasks[1]?.id}`, {
      completed: false,
    });
    const own = await uploadPhoto(t.app, owner.cookie, checklist.id, checklist.tasks[1]?.id ?? '', photo);
    expect(own.statusCode, own.body).toBe(200);
    expect((await notificationsOf(owner)).notifications).toHaveLength(2);
  });

  it('the tick e-mails can be off while the notices stay in the app', async () => {
    const { owner, checklist, jane, address } = await sharedWithJane('ticks-quiet');
    await setPreferences(owner, { ...ALL_ON, email: { ...ALL_ON.email, ticks: false } });
    await tickAs(jane, checklist, 0);
    expect((await notificationsOf(owner)).notifications.map((n) => n.kind)).toEqual(['first_tick']);
    expect(await mailsTo(address)).toHaveLength(0);
  });
});

describe("'I didn't get a code'", () => {
  async function sharedUnverified(label: string) {
    const owner = await signInOwner(t.app, label);
    const checklist = await createChecklist(owner, { name: 'Boiler service' });
    const sent: ShareResponse = await share(owner, checklist.id);
    return { owner, checklist, sent, address: await emailOf(owner) };
  }

  it('tells the owner (in the app and by e-mail), who can then send a new link to the same contact', async () => {
    const { owner, checklist, sent, address } = await sharedUnverified('nocode');
    const before = (await mailsTo(address)).length;
    const stranger = recipientBrowser(t.app);
    const answer = await stranger.call('POST', '/api/verification/code-not-received', { token: sent.token });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });

    const [notification] = (await notificationsOf(owner)).notifications;
    expect(notification).toMatchObject({ kind: 'code_not_received', shareId: sent.shareId });
    const mails = await mailsTo(address);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]?.subject).toBe(
      "ListSync: Jane (j•••e@example.com) didn't get a code for “Boiler service”",
    );
    expect(mails[0]?.attachments).toEqual([]);

    const again = await owner.call(
      'POST',
      `/api/checklists/${checklist.id}/shares/${notification?.shareId}/new-link`,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().token).not.toBe(sent.token);
  });

  it('one notice per share per 30 minutes (429 with Retry-After), and 5 per address an hour', async () => {
    const { owner, sent } = await sharedUnverified('nocode-limit');
    const ip = uniqueIp();
    const browser = recipientBrowser(t.app, ip);
    expect(
      (await browser.call('POST', '/api/verification/code-not-received', { token: sent.token })).statusCode,
    ).toBe(200);
    const second = await browser.call('POST', '/api/verification/code-not-received', { token: sent.token });
    expect(second.statusCode).toBe(429);
    expect(errorOf(second)).toMatchObject({ code: 'rate_limited' });
    expect(Number(errorOf(second).retryAfter)).toBeGreaterThan(25 * 60);
    expect((await notificationsOf(owner)).notifications).toHaveLength(1);

    // 30 minutes later it is accepted again.
    await t.db
      .update(shares)
      .set({ codeMissingNotedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(shares.id, sent.shareId));
    expect(
      (await browser.call('POST', '/api/verification/code-not-received', { token: sent.token })).statusCode,
    ).toBe(200);
    // The address's allowance (5 an hour, whatever the link) runs out: 2 used, 3 more, then refused.
    for (let i = 0; i < 3; i += 1) {
      await browser.call('POST', '/api/verification/code-not-received', { token: 'unknown-token' });
    }
    const refused = await browser.call('POST', '/api/verification/code-not-received', { token: sent.token });
    expect(refused.statusCode).toBe(429);
    expect((await notificationsOf(owner)).notifications).toHaveLength(2);
  });

  it('bad input is 400, an unknown or revoked link 404, and neither tells anyone', async () => {
    const { owner, checklist, sent } = await sharedUnverified('nocode-bad');
    for (const body of [
      {},
      { token: '' },
      { token: 5 },
      { token: 'x'.repeat(101) },
      { token: 'a', more: 1 },
    ]) {
      const answer = await recipientBrowser(t.app).call('POST', '/api/verification/code-not-received', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer).code).toBe('validation_failed');
    }
    const unknown = await recipientBrowser(t.app).call('POST', '/api/verification/code-not-received', {
      token: 'tok_never_issued_000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('share_not_found');
    await owner.call('DELETE', `/api/checklists/${checklist.id}/shares/${sent.shareId}`);
    const revoked = await recipientBrowser(t.app).call('POST', '/api/verification/code-not-received', {
      token: sent.token,
    });
    expect(revoked.statusCode).toBe(404);
    expect((await notificationsOf(owner)).notifications).toHaveLength(0);
  });
});

describe('the link-locked e-mail', () => {
  it('obeys its setting and carries its own unsubscribe link', async () => {
    const { owner, checklist, sent, address } = await sharedWithJane('locked');
    await t.app.notifications.notify({
      kind: 'link_locked',
      checklistId: checklist.id,
      shareId: sent.shareId,
    });
    const [mail] = await mailsTo(address);
    expect(mail?.subject).toBe('ListSync: a share link of “Cabin turnover” was locked');
    expect(mail?.text).toContain('Unsubscribe from these e-mails:');
    const { url } = unsubscribeOf(mail as OutboxMail);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, owner.uid));
    expect(row).toMatchObject({ emailLinkLocked: false, emailSubmitted: true });

    await t.app.notifications.notify({
      kind: 'link_locked',
      checklistId: checklist.id,
      shareId: sent.shareId,
    });
    expect(await mailsTo(address)).toHaveLength(1);
    expect((await notificationsOf(owner)).notifications.map((n) => n.kind)).toEqual([
      'link_locked',
      'link_locked',
    ]);
  });
});

describe('the list and the settings', () => {
  it('marks some or all read; another owner sees and marks nothing of them', async () => {
    const { owner, checklist, jane } = await sharedWithJane('marks');
    await setPreferences(owner, ALL_ON);
    await tickAs(jane, checklist, 0);
    await jane.call('POST', `/api/checklists/${checklist.id}/submit`, {});
    const list = await notificationsOf(owner);
    expect(list.unreadCount).toBe(2);
    const [newest, oldest] = list.notifications;

    const stranger = await signInOwner(t.app, 'stranger');
    expect((await stranger.call('GET', '/api/notifications')).json()).toEqual({
      notifications: [],
      unreadCount: 0,
    });
    expect((await stranger.call('POST', '/api/notifications/read', { ids: [newest?.id] })).statusCode).toBe(
      204,
    );
    expect((await notificationsOf(owner)).unreadCount).toBe(2);

    expect((await owner.call('POST', '/api/notifications/read', { ids: [oldest?.id] })).statusCode).toBe(204);
    const after = await notificationsOf(owner);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications[1]?.readAt).toEqual(expect.any(String));
    expect((await owner.call('POST', '/api/notifications/read', {})).statusCode).toBe(204);
    expect((await notificationsOf(owner)).unreadCount).toBe(0);
  });

  it('settings: defaults, saved, refused when malformed; everything needs a session', async () => {
    const owner = await signInOwner(t.app, 'settings');
    expect((await owner.call('GET', '/api/settings/notifications')).json().preferences).toEqual({
      tickNotices: false,
      email: { submitted: true, ticks: true, code_not_received: true, link_locked: true },
    });
    const chosen = {
      tickNotices: true,
      email: { submitted: false, ticks: true, code_not_received: false, link_locked: true },
    };
    expect(await setPreferences(owner, chosen)).toEqual(chosen);
    expect((await owner.call('GET', '/api/settings/notifications')).json().preferences).toEqual(chosen);

    for (const body of [
      {},
      { tickNotices: 'yes', email: chosen.email },
      { tickNotices: true, email: { ...chosen.email, submitted: undefined } },
      { ...chosen, extra: 1 },
      { tickNotices: true, email: { ...chosen.email, weekly: true } },
    ]) {
      const answer = await owner.call('PUT', '/api/settings/notifications', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer).code).toBe('validation_failed');
    }
    for (const body of [
      { ids: [] },
      { ids: 'all' },
      { ids: Array.from({ length: 101 }, (_, i) => `n${i}`) },
    ]) {
      expect((await owner.call('POST', '/api/notifications/read', body)).statusCode).toBe(400);
    }

    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
      ['GET', '/api/settings/notifications'],
      ['PUT', '/api/settings/notifications'],
    ] as const) {
      const answer = await t.app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('live, over the WebSocket', () => {
  it("the owner's sockets that follow notifications get each new one; others, and the signed-out, nothing", async () => {
    const { owner, checklist, jane } = await sharedWithJane('live');
    const ownerSocket = await openSocket(t.app, { cookie: owner.cookie });
    ownerSocket.send({ type: 'subscribe-notifications' });
    await ownerSocket.next('notifications-subscribed');
    const stranger = await signInOwner(t.app, 'live-stranger');
    const strangerSocket = await openSocket(t.app, { cookie: stranger.cookie });
    strangerSocket.send({ type: 'subscribe-notifications' });
    await strangerSocket.next('notifications-subscribed');
    const anonymous = await openSocket(t.app);
    anonymous.send({ type: 'subscribe-notifications' });
    expect(await anonymous.next('error')).toMatchObject({ error: { code: 'unauthenticated' } });

    expect((await jane.call('POST', `/api/checklists/${checklist.id}/submit`, {})).statusCode).toBe(200);
    const message = await ownerSocket.next('notification');
    expect(message.notification).toMatchObject({
      kind: 'submitted',
      checklistId: checklist.id,
      checklistName: 'Cabin turnover',
      recipient: 'Jane (j•••e@example.com)',
      readAt: null,
    });
    await t.app.notifications.settle();
    expect(strangerSocket.messages.map((m) => m.type)).toEqual(['notifications-subscribed']);
    closeAll(ownerSocket, strangerSocket, anonymous);
  });
});
