import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REALTIME_LIMITS, type RealtimeServerMessage } from '#domain/realtime';
import { createChecklist, type Owner, signInOwner, tick } from '#tests/support/checklists';
import {
  closeAll,
  openSocket,
  refusedHandshake,
  subscribedSocket,
  type TestSocket,
} from '#tests/support/realtime';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { buildTestApp, setupTestApp, signIn, uniqueEmail } from '#tests/support/test-app';

/**
 * Who may follow what over /ws, and what a socket may send (docs/api.md "Realtime"). A refused
 * subscribe answers one error and nothing else, whether the checklist exists or not.
 */
const t = setupTestApp();

const NOT_FOUND = { code: 'not_found', message: 'Checklist not found' };

/**
 * Proves a socket heard nothing of `checklistId` beyond what it has: the owner ticks it and then a
 * checklist the socket does follow; once that second update arrives, anything about the first would
 * have come before it (one listener, notices in commit order, one socket's messages in order).
 */
async function expectNothingMoreAbout(socket: TestSocket, checklistId: string, owner: Owner) {
  const before = socket.messages.filter((m) => 'checklistId' in m && m.checklistId === checklistId);
  const probe = await createChecklist(owner);
  socket.send({ type: 'subscribe', checklistId: probe.id });
  const subscribed = await socket.next('subscribed', (m) => m.checklistId === probe.id);
  expect(subscribed.revision).toBeGreaterThan(0);
  expect((await tick(owner, probe, 0)).statusCode).toBe(200);
  await socket.next('update', (m) => m.checklistId === probe.id);
  const after = socket.messages.filter((m) => 'checklistId' in m && m.checklistId === checklistId);
  expect(after).toEqual(before);
}

function errorsIn(socket: TestSocket) {
  return socket.messages.filter(
    (m): m is Extract<RealtimeServerMessage, { type: 'error' }> => m.type === 'error',
  );
}

describe('the handshake', () => {
  it('refuses a page of another origin with 403 before upgrading', async () => {
    const owner = await signInOwner(t.app);
    for (const origin of ['https://evil.example', 'null']) {
      expect((await refusedHandshake(t.app, { cookie: owner.cookie, origin })).status).toBe(403);
    }
  });

  it('accepts our own origin, and a client that sends no Origin (not a web page)', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner);
    const fromPage = await subscribedSocket(t.app, created.id, { cookie: owner.cookie });
    const fromScript = await subscribedSocket(t.app, created.id, { cookie: owner.cookie, origin: null });
    closeAll(fromPage, fromScript);
  });

  it('answers a plain GET of /ws (no upgrade) with 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ws' });
    expect(response.statusCode).toBe(404);
  });
});

describe('refused subscriptions', () => {
  it('an anonymous socket connects, but every subscribe is refused alike', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner);
    const socket = await openSocket(t.app);
    socket.send({ type: 'subscribe', checklistId: created.id });
    socket.send({ type: 'subscribe', checklistId: 'checklist_does_not_exist' });
    socket.send({ type: 'subscribe-dashboard' });
    const first = await socket.next('error', (m) => m.checklistId === created.id);
    const second = await socket.next('error', (m) => m.checklistId === 'checklist_does_not_exist');
    expect(first.error).toEqual(NOT_FOUND);
    expect(second.error).toEqual(NOT_FOUND);
    expect((await socket.next('error', (m) => m.checklistId === undefined)).error.code).toBe(
      'unauthenticated',
    );
    expect((await tick(owner, created, 0)).statusCode).toBe(200);
    // Give a wrongly delivered update every chance to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.messages.map((m) => m.type)).toEqual(['error', 'error', 'error']);
    closeAll(socket);
  });

  it("another user's checklist: one not_found, the same as for no checklist, then nothing", async () => {
    const owner = await signInOwner(t.app);
    const stranger = await signInOwner(t.app, 'stranger');
    const created = await createChecklist(owner);
    const socket = await openSocket(t.app, { cookie: stranger.cookie });
    socket.send({ type: 'subscribe', checklistId: created.id });
    expect((await socket.next('error')).error).toEqual(NOT_FOUND);
    socket.send({ type: 'subscribe', checklistId: 'checklist_nope' });
    expect(await socket.next('error')).toEqual({
      type: 'error',
      checklistId: 'checklist_nope',
      error: NOT_FOUND,
    });
    expect((await tick(owner, created, 0)).statusCode).toBe(200);
    await expectNothingMoreAbout(socket, created.id, stranger);
    expect(errorsIn(socket)).toHaveLength(2);
    closeAll(socket);
  });

  it('a recipient of another checklist of the same owner is refused; their own is followed', async () => {
    const owner = await signInOwner(t.app);
    const mine = await createChecklist(owner);
    const other = await createChecklist(owner);
    const browser = recipientBrowser(t.app);
    await verified(browser, await share(owner, mine.id));
    const socket = await openSocket(t.app, { cookie: browser.cookie });
    socket.send({ type: 'subscribe', checklistId: other.id });
    expect((await socket.next('error')).error).toEqual(NOT_FOUND);
    socket.send({ type: 'subscribe', checklistId: mine.id });
    await socket.next('subscribed', (m) => m.checklistId === mine.id);
    // A recipient has no dashboard.
    socket.send({ type: 'subscribe-dashboard' });
    expect((await socket.next('error', (m) => m.checklistId === undefined)).error.code).toBe(
      'unauthenticated',
    );
    expect((await tick(owner, other, 0)).statusCode).toBe(200);
    expect((await tick(owner, mine, 0)).statusCode).toBe(200);
    await socket.next('update', (m) => m.checklistId === mine.id);
    expect(socket.messages.filter((m) => m.type === 'update' && m.checklistId === other.id)).toEqual([]);
    closeAll(socket);
  });
});

describe('what a socket may send', () => {
  it('answers a malformed or unknown message with validation_failed and carries on', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner);
    const socket = await openSocket(t.app, { cookie: owner.cookie });
    socket.sendRaw('{not json');
    socket.send({ type: 'shout', checklistId: created.id });
    socket.send({ type: 'subscribe' });
    socket.send({ type: 'subscribe', checklistId: 'x'.repeat(101) });
    for (let i = 0; i < 4; i += 1) expect((await socket.next('error')).error.code).toBe('validation_failed');
    socket.send({ type: 'subscribe', checklistId: created.id });
    await socket.next('subscribed');
    closeAll(socket);
  });

  it(`closes a socket that sends more than ${REALTIME_LIMITS.maxMessageBytes} bytes at once (1009)`, async () => {
    const socket = await openSocket(t.app);
    socket.sendRaw(
      JSON.stringify({ type: 'subscribe', checklistId: 'x'.repeat(REALTIME_LIMITS.maxMessageBytes) }),
    );
    expect((await socket.closed).code).toBe(1009);
  });

  it('closes a socket that keeps flooding past its message bucket (1008): the default burst and refusals', async () => {
    // No refill while the flood is read: a busy machine reads the 81 frames over seconds, and the
    // default 2 a second would then forgive some (token-bucket.test.ts pins the refill).
    const { app } = await t.buildApp({ realtime: { messagesPerSecond: 0 } });
    const owner = await signInOwner(app);
    const created = await createChecklist(owner);
    const socket = await openSocket(app, { cookie: owner.cookie });
    const flood = REALTIME_LIMITS.messageBurst + REALTIME_LIMITS.maxRefusedMessages + 1;
    for (let i = 0; i < flood; i += 1) socket.send({ type: 'subscribe', checklistId: created.id });
    expect(await socket.closed).toEqual({ code: 1008, reason: 'Too many messages' });
  });

  it('refuses a subscription beyond the per-socket cap', async () => {
    const { app } = await t.buildApp({ realtime: { maxSubscriptions: 2 } });
    const owner = await signInOwner(app);
    const lists = [await createChecklist(owner), await createChecklist(owner), await createChecklist(owner)];
    const socket = await openSocket(app, { cookie: owner.cookie });
    for (const list of lists) socket.send({ type: 'subscribe', checklistId: list.id });
    await socket.next('subscribed', (m) => m.checklistId === lists[0]?.id);
    await socket.next('subscribed', (m) => m.checklistId === lists[1]?.id);
    const refused = await socket.next('error', (m) => m.checklistId === lists[2]?.id);
    expect(refused.error.code).toBe('validation_failed');
    // Leaving one makes room.
    socket.send({ type: 'unsubscribe', checklistId: lists[0]?.id });
    socket.send({ type: 'subscribe', checklistId: lists[2]?.id });
    await socket.next('subscribed', (m) => m.checklistId === lists[2]?.id);
    closeAll(socket);
  });
});

describe('access that ends', () => {
  it("a revoked share's socket gets an error and hears nothing more", async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner);
    const sent = await share(owner, created.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    const recipient = await subscribedSocket(t.app, created.id, { cookie: browser.cookie });
    const watcher = await subscribedSocket(t.app, created.id, { cookie: owner.cookie });

    const revoked = await owner.call('DELETE', `/api/checklists/${created.id}/shares/${sent.shareId}`);
    expect(revoked.statusCode).toBeLessThan(300);
    expect(await recipient.next('error')).toEqual({
      type: 'error',
      checklistId: created.id,
      error: NOT_FOUND,
    });
    expect((await tick(owner, created, 0)).statusCode).toBe(200);
    await watcher.next('update');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(recipient.messages.map((m) => m.type)).toEqual(['subscribed', 'error']);
    closeAll(recipient, watcher);
  });

  it("a signed-out session's socket gets an error and hears nothing more", async () => {
    const email = uniqueEmail('owner');
    const owner = await signInOwner(t.app, 'owner', email);
    const created = await createChecklist(owner);
    const socket = await subscribedSocket(t.app, created.id, { cookie: owner.cookie });
    socket.send({ type: 'subscribe-dashboard' });
    await socket.next('dashboard-subscribed');
    // The same person on another device stays signed in.
    const again = await signIn(t.app, email);
    const otherDevice = await subscribedSocket(t.app, created.id, { cookie: again.cookie });

    // Notices of the checklist's creation may still arrive late: only what follows the sign-out counts.
    const heardBefore = socket.messages.length;
    expect((await owner.call('POST', '/api/auth/logout')).statusCode).toBe(204);
    expect(await socket.next('error', (m) => m.checklistId === created.id)).toEqual({
      type: 'error',
      checklistId: created.id,
      error: { code: 'unauthenticated', message: 'Please sign in to continue.' },
    });
    expect((await socket.next('error', (m) => m.checklistId === undefined)).error.code).toBe(
      'unauthenticated',
    );
    const ticked = await t.app.inject({
      method: 'PATCH',
      url: `/api/checklists/${created.id}/tasks/${created.tasks[0]?.id}`,
      headers: { cookie: again.cookie },
      payload: { completed: true },
    });
    expect(ticked.statusCode).toBe(200);
    await otherDevice.next('update');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const heardSince = socket.messages.slice(heardBefore);
    expect(heardSince.filter((m) => m.type === 'update' || m.type === 'dashboard-changed')).toEqual([]);
    // And it cannot subscribe again with the ended session.
    socket.send({ type: 'subscribe', checklistId: created.id });
    expect((await socket.next('error', (m) => m.checklistId === created.id)).error).toEqual(NOT_FOUND);
    closeAll(socket, otherDevice);
  });

  it('checks again from time to time: a grant or session that ran out ends its subscriptions', async () => {
    const { app, db } = await t.buildApp({ realtime: { accessRecheckMs: 200 } });
    const owner = await signInOwner(app);
    const created = await createChecklist(owner);
    const browser = recipientBrowser(app);
    await verified(browser, await share(owner, created.id));
    const recipient = await subscribedSocket(app, created.id, { cookie: browser.cookie });
    const asOwner = await subscribedSocket(app, created.id, { cookie: owner.cookie });

    // Time passes: no row is deleted, so no notice is sent; only the periodic check can see it.
    await db.execute(
      sql`update share_grants set expires_at = now() - interval '1 second' where checklist_id = ${created.id}`,
    );
    expect((await recipient.next('error')).error).toEqual(NOT_FOUND);
    await db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${owner.uid}`,
    );
    expect((await asOwner.next('error')).error.code).toBe('unauthenticated');
    closeAll(recipient, asOwner);
  });
});

describe('heartbeats and closing', () => {
  it('drops a socket that stops answering pings, and keeps one that answers', async () => {
    const { app } = await t.buildApp({ realtime: { heartbeatMs: 100 } });
    // A client that no longer answers pings (a phone that lost signal without closing).
    const silent = await openSocket(app, { autoPong: false });
    const lively = await openSocket(app);
    const dropped = await silent.closed;
    expect(dropped.code).toBe(1006);
    expect(lively.ws.readyState).toBe(1);
    closeAll(lively);
  });

  it('closes every socket with 1001 when the app closes, quickly', async () => {
    const { app } = await buildTestApp(t.testDatabase);
    const owner = await signInOwner(app);
    const created = await createChecklist(owner);
    const socket = await subscribedSocket(app, created.id, { cookie: owner.cookie });
    await app.close();
    expect((await socket.closed).code).toBe(1001);
  });
});
