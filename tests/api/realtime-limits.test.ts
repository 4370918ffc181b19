import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createChecklist, signInOwner } from '#tests/support/checklists';
import { otherInstances } from '#tests/support/instances';
import {
  closeAll,
  openSocket,
  refusedHandshake,
  subscribedSocket,
  type TestSocket,
} from '#tests/support/realtime';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

/**
 * What one client may hold and send over /ws (src/domain/realtime.ts REALTIME_LIMITS): sockets per
 * address, anonymous sockets overall and for how long, and messages per socket. Each test runs its
 * own app with small limits; the sockets come from 127.0.0.1 unless they say otherwise.
 */
const t = setupTestApp();
const instance = otherInstances(t);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (the server judges a socket a moment after it opens). */
async function eventually(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Resolves with the close if the socket closes within `ms`, else null (it is still open). */
async function closedWithin(socket: TestSocket, ms: number) {
  return Promise.race([socket.closed, sleep(ms).then(() => null)]);
}

const TOO_MANY_HERE = {
  code: 1013,
  reason: 'Too many connections from your network. Please try again later.',
};
const TOO_MANY_ANONYMOUS = { code: 1013, reason: 'Too many connections. Please try again later.' };

describe('sockets per address', () => {
  it('keeps up to the cap from one address, refuses the next (1013), and has room again once one closes', async () => {
    const { app } = await t.buildApp({ realtime: { maxConnectionsPerIp: 3 } });
    const owner = await signInOwner(app);
    const created = await createChecklist(owner);
    const open = [
      await subscribedSocket(app, created.id, { cookie: owner.cookie }),
      await subscribedSocket(app, created.id, { cookie: owner.cookie }),
      await subscribedSocket(app, created.id, { cookie: owner.cookie }),
    ];
    const fourth = await openSocket(app, { cookie: owner.cookie });
    expect(await fourth.closed).toEqual(TOO_MANY_HERE);
    // The three at the cap are untouched.
    for (const socket of open) expect(socket.ws.readyState).toBe(1);

    // Another address has its own count.
    const elsewhere = await subscribedSocket(app, created.id, {
      cookie: owner.cookie,
      localAddress: '127.0.0.2',
    });

    open[0]?.close();
    await open[0]?.closed;
    await eventually(() => app.realtime.connectionCount === 3, 'the closed socket to be released');
    const again = await subscribedSocket(app, created.id, { cookie: owner.cookie });
    closeAll(...open.slice(1), elsewhere, again);
  });

  it('lets an office through with the default caps: 60 tabs from one address, and all of them again after a blip', async () => {
    const { app } = await t.buildApp();
    const owner = await signInOwner(app);
    const created = await createChecklist(owner);
    // An address of its own: the handshakes of the other tests are not counted with these.
    const office = { cookie: owner.cookie, localAddress: '127.0.0.9' };
    const openTabs = () =>
      Promise.all(Array.from({ length: 60 }, () => subscribedSocket(app, created.id, office)));
    const tabs = await openTabs();
    expect(app.realtime.connectionCount).toBe(60);
    // The network blips: every tab reconnects at once, within the same minute (120 handshakes).
    closeAll(...tabs);
    await Promise.all(tabs.map((tab) => tab.closed));
    const again = await openTabs();
    await eventually(() => app.realtime.connectionCount === 60, 'the first tabs to be released');
    closeAll(...again);
  });
});

describe('handshakes per address', () => {
  it('past the limit a handshake is refused with 429 and Retry-After before the upgrade, counted across instances; other addresses are not', async () => {
    const limits = { handshakesPerIpPerMinute: 3 };
    const { app } = await t.buildApp({ realtime: limits });
    const other = await instance({ realtime: limits });
    const owner = await signInOwner(app);
    const looping = { cookie: owner.cookie, localAddress: '127.0.0.7' };
    // A client that opens and closes sockets in a loop, across both instances behind a balancer.
    for (const target of [app, other.app, app]) {
      const socket = await openSocket(target, looping);
      socket.close();
      await socket.closed;
    }
    for (const target of [other.app, app]) {
      const refused = await refusedHandshake(target, looping);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.body).toEqual({
        error: { code: 'rate_limited', message: expect.stringMatching(/try again/), retryAfter },
      });
    }
    await eventually(
      () => app.realtime.connectionCount + other.app.realtime.connectionCount === 0,
      'no socket to be left',
    );

    // Another address, on either instance: not affected.
    const elsewhere = await Promise.all(
      [app, other.app].map((target) =>
        openSocket(target, { cookie: owner.cookie, localAddress: '127.0.0.8' }),
      ),
    );
    closeAll(...elsewhere);
  });
});

describe('anonymous sockets', () => {
  async function anonymousSockets(app: FastifyInstance, count: number, cookie?: string) {
    const sockets: TestSocket[] = [];
    for (let i = 0; i < count; i += 1) sockets.push(await openSocket(app, cookie ? { cookie } : {}));
    return sockets;
  }

  it('holds up to the cap of sockets that are nobody, refuses the next; signed-in and verified ones still get in', async () => {
    const { app } = await t.buildApp({ realtime: { maxAnonymousConnections: 2 } });
    const owner = await signInOwner(app);
    const created = await createChecklist(owner);
    const browser = recipientBrowser(app);
    await verified(browser, await share(owner, created.id));

    // No cookie at all, and a cookie that names no session: both are nobody.
    const held = [
      ...(await anonymousSockets(app, 1)),
      ...(await anonymousSockets(app, 1, 'listsync_session=forged')),
    ];
    await eventually(() => app.realtime.anonymousConnectionCount === 2, 'two anonymous sockets held');
    const third = await openSocket(app, { cookie: 'listsync_recipient=forged' });
    expect(await third.closed).toEqual(TOO_MANY_ANONYMOUS);
    for (const socket of held) expect(await closedWithin(socket, 100)).toBeNull();

    const asOwner = await subscribedSocket(app, created.id, { cookie: owner.cookie });
    const asRecipient = await subscribedSocket(app, created.id, { cookie: browser.cookie });
    // An owner's socket that follows nothing yet is somebody all the same.
    const ownerIdle = await openSocket(app, { cookie: owner.cookie });
    expect(await closedWithin(ownerIdle, 200)).toBeNull();
    expect(app.realtime.anonymousConnectionCount).toBe(2);
    closeAll(...held, asOwner, asRecipient, ownerIdle);
  });

  it('closes an anonymous socket that follows nothing after the idle time (1008), not a signed-in one', async () => {
    const { app } = await t.buildApp({ realtime: { anonymousIdleMs: 300 } });
    const owner = await signInOwner(app);
    const created = await createChecklist(owner);
    const anonymous = await openSocket(app);
    // Its subscribe is refused: it stays nobody.
    anonymous.send({ type: 'subscribe', checklistId: created.id });
    await anonymous.next('error');
    const ownerIdle = await openSocket(app, { cookie: owner.cookie });
    const started = Date.now();
    expect(await anonymous.closed).toEqual({ code: 1008, reason: 'Nothing followed: connection closed.' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(await closedWithin(ownerIdle, 300)).toBeNull();
    expect(app.realtime.anonymousConnectionCount).toBe(0);
    closeAll(ownerIdle);
  });

  it('frees the place of an anonymous socket that closed', async () => {
    const { app } = await t.buildApp({ realtime: { maxAnonymousConnections: 1 } });
    const first = await openSocket(app);
    await eventually(() => app.realtime.anonymousConnectionCount === 1, 'the first held');
    first.close();
    await first.closed;
    await eventually(() => app.realtime.anonymousConnectionCount === 0, 'the place freed');
    const second = await openSocket(app);
    await eventually(() => app.realtime.anonymousConnectionCount === 1, 'the second held');
    expect(await closedWithin(second, 100)).toBeNull();
    closeAll(second);
  });
});

describe('messages per socket (token bucket)', () => {
  const limits = { messageBurst: 5, messagesPerSecond: 10, maxRefusedMessages: 3 };

  it('answers a burst up to the bucket, refuses beyond it with one rate_limited, and closes a flood (1008)', async () => {
    // A slow refill, so the waits below give no token back.
    const { app } = await t.buildApp({ realtime: { ...limits, messagesPerSecond: 0.01 } });
    const owner = await signInOwner(app);
    const socket = await openSocket(app, { cookie: owner.cookie });
    // 5 taken from the bucket, 3 refused (the most allowed): still open.
    for (let i = 0; i < 8; i += 1) socket.send({ type: 'subscribe-dashboard' });
    for (let i = 0; i < 5; i += 1) await socket.next('dashboard-subscribed');
    const refused = await socket.next('error');
    expect(refused.error).toEqual({ code: 'rate_limited', message: 'Too many messages. Please slow down.' });
    expect(await closedWithin(socket, 50)).toBeNull();
    // One more refusal is one too many.
    socket.send({ type: 'subscribe-dashboard' });
    expect(await socket.closed).toEqual({ code: 1008, reason: 'Too many messages' });
    // One error for the spell of refusals, not one each.
    expect(socket.messages.filter((m) => m.type === 'error')).toHaveLength(1);
  });

  it('forgives refusals once the client has been quiet long enough for the bucket to fill', async () => {
    const { app } = await t.buildApp({ realtime: limits });
    const owner = await signInOwner(app);
    const socket = await openSocket(app, { cookie: owner.cookie });
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 8; i += 1) socket.send({ type: 'subscribe-dashboard' });
      await socket.next('error');
      // 5 tokens at 10 a second: full after half a second.
      await sleep(700);
    }
    expect(socket.ws.readyState).toBe(1);
    expect(socket.messages.filter((m) => m.type === 'dashboard-subscribed')).toHaveLength(15);
    closeAll(socket);
  });
});
