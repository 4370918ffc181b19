// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_LIMITS } from '#domain/realtime';
import { fakeRealtimeEnvironment } from '#tests/support/fake-websocket';
import {
  type ChecklistMessage,
  type DashboardMessage,
  type NotificationMessage,
  RealtimeClient,
} from './realtime-client.ts';

/** The tab's one live connection: opened on demand, subscriptions kept and re-sent, 3 s reconnects. */

let browser: ReturnType<typeof fakeRealtimeEnvironment>;
let client: RealtimeClient;

beforeEach(() => {
  vi.useFakeTimers();
  browser = fakeRealtimeEnvironment();
  client = new RealtimeClient(browser.env);
});

afterEach(() => {
  expect(vi.getTimerCount(), 'timers left running').toBe(0);
  vi.useRealTimers();
});

/** Ends every subscription the test made and lets the idle close happen, so no timer is left. */
function leaveAll(...stops: (() => void)[]) {
  for (const stop of stops) stop();
  vi.runOnlyPendingTimers();
}

describe('RealtimeClient', () => {
  it('opens no socket until something subscribes, then subscribes once it is open', () => {
    expect(browser.sockets).toHaveLength(0);
    expect(client.getState()).toBe('idle');

    const stop = client.subscribeChecklist('c1', () => undefined);
    expect(browser.sockets).toHaveLength(1);
    expect(browser.latest.url).toBe('ws://listsync.test/ws');
    expect(client.getState()).toBe('connecting');

    browser.latest.open();
    expect(client.getState()).toBe('live');
    expect(browser.latest.sent).toEqual([{ type: 'subscribe', checklistId: 'c1' }]);
    leaveAll(stop);
  });

  it('shares one socket between pages and subscribes to a checklist once however many follow it', () => {
    const stopA = client.subscribeChecklist('c1', () => undefined);
    browser.latest.open();
    const stopB = client.subscribeChecklist('c1', () => undefined);
    const stopDashboard = client.subscribeDashboard(() => undefined);
    expect(browser.sockets).toHaveLength(1);
    expect(browser.latest.sent).toEqual([
      { type: 'subscribe', checklistId: 'c1' },
      { type: 'subscribe-dashboard' },
    ]);

    stopA();
    expect(browser.latest.sent).toHaveLength(2); // c1 is still followed by B
    stopB();
    stopDashboard();
    expect(browser.latest.sent.slice(2)).toEqual([
      { type: 'unsubscribe', checklistId: 'c1' },
      { type: 'unsubscribe-dashboard' },
    ]);
    leaveAll();
  });

  it('closes the socket once nothing is followed, and not when a page change re-subscribes at once', () => {
    const stopA = client.subscribeChecklist('c1', () => undefined);
    const socket = browser.latest;
    socket.open();
    stopA();
    const stopB = client.subscribeDashboard(() => undefined);
    vi.runOnlyPendingTimers();
    expect(socket.closedByClient).toBeNull();
    expect(browser.sockets).toHaveLength(1);

    stopB();
    vi.runOnlyPendingTimers();
    expect(socket.closedByClient).toMatchObject({ code: 1000 });
    expect(client.getState()).toBe('idle');
    expect(browser.watching).toBe(0);
  });

  it('reconnects 3 s after a drop, re-sends every subscription, and the acknowledgement reaches the page', () => {
    const heard: ChecklistMessage[] = [];
    const dashboard: DashboardMessage[] = [];
    const stopA = client.subscribeChecklist('c1', (message) => heard.push(message));
    const stopB = client.subscribeChecklist('c2', () => undefined);
    const stopC = client.subscribeDashboard((message) => dashboard.push(message));
    browser.latest.open();

    browser.latest.drop();
    expect(client.getState()).toBe('reconnecting');
    vi.advanceTimersByTime(REALTIME_LIMITS.reconnectMs - 1);
    expect(browser.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(browser.sockets).toHaveLength(2);
    expect(client.getState()).toBe('reconnecting');

    browser.latest.open();
    expect(client.getState()).toBe('live');
    expect(browser.latest.sent).toEqual([
      { type: 'subscribe', checklistId: 'c1' },
      { type: 'subscribe', checklistId: 'c2' },
      { type: 'subscribe-dashboard' },
    ]);
    browser.latest.receive({ type: 'subscribed', checklistId: 'c1', revision: 7 });
    browser.latest.receive({ type: 'dashboard-subscribed' });
    expect(heard).toEqual([{ type: 'subscribed', checklistId: 'c1', revision: 7 }]);
    expect(dashboard).toEqual([{ type: 'dashboard-subscribed' }]);
    leaveAll(stopA, stopB, stopC);
  });

  it('backs off while handshakes fail (refused with 429 or 503, or no server): doubling, spread, up to a minute', () => {
    const env = { ...browser.env, random: () => 0.5 };
    const refused = new RealtimeClient(env);
    const stop = refused.subscribeChecklist('c1', () => undefined);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const count = browser.sockets.length;
      browser.latest.drop(); // closed before it ever opened: 1006
      expect(refused.getState()).toBe('reconnecting');
      let waited = 0;
      while (browser.sockets.length === count) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
    }
    // 3 s x 2^n x 0.75 (the spread at 0.5), to the half second above; at most a minute x 0.75.
    expect(waits).toEqual([4_500, 9_000, 18_000, 36_000, 45_000, 45_000, 45_000]);

    // Once a socket opens the handshakes are fine again: a plain drop waits the usual 3 s.
    browser.latest.open();
    expect(refused.getState()).toBe('live');
    const count = browser.sockets.length;
    browser.latest.drop();
    vi.advanceTimersByTime(REALTIME_LIMITS.reconnectMs);
    expect(browser.sockets).toHaveLength(count + 1);
    leaveAll(stop);
  });

  it('backs off after the server closes for its policy (1008, 1013): doubling, spread, capped; no tight loop', () => {
    const env = { ...browser.env, random: () => 0.5 };
    const policed = new RealtimeClient(env);
    const stop = policed.subscribeChecklist('c1', () => undefined);
    const waits: number[] = [];
    for (const code of [1013, 1008, 1013, 1008, 1013, 1008, 1013, 1008]) {
      browser.latest.open();
      const count = browser.sockets.length;
      browser.latest.drop(code);
      expect(policed.getState()).toBe('reconnecting');
      // Not after the usual 3 s.
      vi.advanceTimersByTime(REALTIME_LIMITS.reconnectMs);
      let waited = REALTIME_LIMITS.reconnectMs;
      while (browser.sockets.length === count) {
        vi.advanceTimersByTime(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    // 3 s x 2^n x 0.75 (the spread at 0.5), to the nearest second above; at most 5 minutes x 0.75.
    expect(waits).toEqual([5_000, 9_000, 18_000, 36_000, 72_000, 144_000, 225_000, 225_000]);

    // A connection that stays up a minute ends the back-off; a plain drop then waits the usual 3 s.
    browser.latest.open();
    vi.advanceTimersByTime(60_000);
    const count = browser.sockets.length;
    browser.latest.drop(1006);
    vi.advanceTimersByTime(REALTIME_LIMITS.reconnectMs);
    expect(browser.sockets).toHaveLength(count + 1);
    leaveAll(stop);
  });

  it('does not subscribe again to what was left while the connection was down', () => {
    const stopA = client.subscribeChecklist('c1', () => undefined);
    const stopB = client.subscribeChecklist('c2', () => undefined);
    browser.latest.open();
    browser.latest.drop();
    stopA();
    vi.advanceTimersByTime(REALTIME_LIMITS.reconnectMs);
    browser.latest.open();
    expect(browser.latest.sent).toEqual([{ type: 'subscribe', checklistId: 'c2' }]);
    leaveAll(stopB);
  });

  it('waits for the browser to be online instead of retrying while offline, then connects at once', () => {
    const stop = client.subscribeChecklist('c1', () => undefined);
    const first = browser.latest;
    first.open();

    browser.setOnline(false);
    expect(client.getState()).toBe('offline');
    expect(first.closedByClient).not.toBeNull();
    expect(vi.getTimerCount()).toBe(0); // nothing spins
    vi.advanceTimersByTime(60_000);
    expect(browser.sockets).toHaveLength(1);

    browser.setOnline(true);
    expect(browser.sockets).toHaveLength(2);
    expect(client.getState()).toBe('reconnecting');
    browser.latest.open();
    expect(client.getState()).toBe('live');
    expect(browser.latest.sent).toEqual([{ type: 'subscribe', checklistId: 'c1' }]);
    leaveAll(stop);
  });

  it('starts offline when the browser is, and a drop while offline waits for the network', () => {
    browser.setOnline(false);
    const stop = client.subscribeChecklist('c1', () => undefined);
    expect(browser.sockets).toHaveLength(0);
    expect(client.getState()).toBe('offline');
    browser.setOnline(true);
    browser.latest.open();
    expect(client.getState()).toBe('live');
    leaveAll(stop);
  });

  it('tells the state to its listeners as it changes', () => {
    const states: string[] = [];
    const stopWatching = client.subscribeState(() => states.push(client.getState()));
    const stop = client.subscribeChecklist('c1', () => undefined);
    browser.latest.open();
    browser.latest.drop();
    vi.advanceTimersByTime(REALTIME_LIMITS.reconnectMs);
    browser.latest.open();
    leaveAll(stop);
    stopWatching();
    expect(states).toEqual(['connecting', 'live', 'reconnecting', 'live', 'idle']);
  });

  it('routes each message to the pages that follow its checklist; resync goes to all, an error naming none to the dashboard', () => {
    const c1: ChecklistMessage[] = [];
    const c2: ChecklistMessage[] = [];
    const dashboard: DashboardMessage[] = [];
    const stops = [
      client.subscribeChecklist('c1', (message) => c1.push(message)),
      client.subscribeChecklist('c2', (message) => c2.push(message)),
      client.subscribeDashboard((message) => dashboard.push(message)),
    ];
    browser.latest.open();
    browser.latest.receive({ type: 'deleted', checklistId: 'c2' });
    browser.latest.receive({ type: 'dashboard-changed', checklistId: 'c2' });
    browser.latest.receive({ type: 'plan-changed' });
    browser.latest.receive({ type: 'team-changed' });
    browser.latest.receive({
      type: 'error',
      checklistId: 'c1',
      error: { code: 'verification_required', message: 'Access ended' },
    });
    browser.latest.receive({ type: 'resync' });
    browser.latest.receive({ type: 'error', error: { code: 'unauthenticated', message: 'Signed out' } });
    expect(c1.map((message) => message.type)).toEqual(['error', 'resync']);
    expect(c2.map((message) => message.type)).toEqual(['deleted', 'resync']);
    expect(dashboard.map((message) => message.type)).toEqual([
      'dashboard-changed',
      'plan-changed',
      'team-changed',
      'resync',
      'error',
    ]);
    leaveAll(...stops);
  });

  it('asks for the dashboard again when the active team changed, only while it is followed', () => {
    client.followActiveTeam();
    const stop = client.subscribeDashboard(() => {});
    browser.latest.open();
    client.followActiveTeam();
    expect(browser.latest.sent).toEqual([{ type: 'subscribe-dashboard' }, { type: 'subscribe-dashboard' }]);
    leaveAll(stop);
    client.followActiveTeam();
    expect(browser.latest.sent.at(-1)).toEqual({ type: 'unsubscribe-dashboard' });
  });

  it('reads JSON sent in binary frames as well as in text frames', () => {
    const heard: ChecklistMessage[] = [];
    const stop = client.subscribeChecklist('c1', (message) => heard.push(message));
    browser.latest.open();
    browser.latest.receiveBinary({ type: 'subscribed', checklistId: 'c1', revision: 3 });
    browser.latest.receive({ type: 'deleted', checklistId: 'c1' });
    expect(heard).toEqual([
      { type: 'subscribed', checklistId: 'c1', revision: 3 },
      { type: 'deleted', checklistId: 'c1' },
    ]);
    leaveAll(stop);
  });
  describe('when the recipient cookie is replaced (every verification sets a new one)', () => {
    const NOT_FOUND = { code: 'not_found', message: 'Checklist not found' } as const;

    it('a followed checklist refused on a live socket: a new socket at once, and the page hears only its answer', () => {
      const heard: ChecklistMessage[] = [];
      const stop = client.subscribeChecklist('c1', (message) => heard.push(message));
      const first = browser.latest;
      first.open();
      first.receive({ type: 'subscribed', checklistId: 'c1', revision: 2 });

      first.receive({ type: 'error', checklistId: 'c1', error: NOT_FOUND });
      expect(first.closedByClient).toMatchObject({ code: 1000 });
      expect(browser.sockets).toHaveLength(2); // no 3 s wait
      browser.latest.open();
      expect(browser.latest.sent).toEqual([{ type: 'subscribe', checklistId: 'c1' }]);
      browser.latest.receive({ type: 'subscribed', checklistId: 'c1', revision: 3 });
      expect(heard.map((message) => message.type)).toEqual(['subscribed', 'subscribed']);
      expect(client.getState()).toBe('live');
      leaveAll(stop);
    });

    it('refused again on the new socket: the page hears it, and no loop of reconnects follows', () => {
      const heard: ChecklistMessage[] = [];
      const stop = client.subscribeChecklist('c1', (message) => heard.push(message));
      browser.latest.open();
      browser.latest.receive({ type: 'subscribed', checklistId: 'c1', revision: 2 });
      browser.latest.receive({ type: 'error', checklistId: 'c1', error: NOT_FOUND });
      browser.latest.open();
      browser.latest.receive({ type: 'error', checklistId: 'c1', error: NOT_FOUND });
      expect(browser.sockets).toHaveLength(2);
      expect(heard.map((message) => message.type)).toEqual(['subscribed', 'error']);
      leaveAll(stop);
    });

    it('a refusal at subscribe (never acknowledged) goes straight to the page', () => {
      const heard: ChecklistMessage[] = [];
      const stop = client.subscribeChecklist('c1', (message) => heard.push(message));
      browser.latest.open();
      browser.latest.receive({ type: 'error', checklistId: 'c1', error: NOT_FOUND });
      expect(browser.sockets).toHaveLength(1);
      expect(heard.map((message) => message.type)).toEqual(['error']);
      leaveAll(stop);
    });

    it('after a verification an open socket is replaced at once; with none open, nothing happens', () => {
      client.credentialsChanged();
      expect(browser.sockets).toHaveLength(0);
      const stop = client.subscribeChecklist('c1', () => undefined);
      const first = browser.latest;
      first.open();
      client.credentialsChanged();
      expect(first.closedByClient).toMatchObject({ code: 1000 });
      expect(browser.sockets).toHaveLength(2);
      browser.latest.open();
      expect(browser.latest.sent).toEqual([{ type: 'subscribe', checklistId: 'c1' }]);
      leaveAll(stop);
    });
  });

  it("follows the owner's notifications: subscribed once, again after a reconnect, each new one passed on", () => {
    const heard: NotificationMessage[] = [];
    const stopA = client.subscribeNotifications((message) => heard.push(message));
    const stopB = client.subscribeNotifications(() => undefined);
    browser.latest.open();
    expect(browser.latest.sent).toEqual([{ type: 'subscribe-notifications' }]);
    browser.latest.receive({ type: 'notifications-subscribed' });
    const notification = {
      id: 'ntf_1',
      kind: 'submitted' as const,
      checklistId: 'c1',
      checklistName: 'Cabin',
      shareId: 's1',
      recipient: 'Jane',
      by: null,
      reason: null,
      createdAt: '2026-11-26T08:00:00.000Z',
      readAt: null,
    };
    browser.latest.receive({ type: 'notification', notification });
    browser.latest.receive({ type: 'dashboard-changed', checklistId: 'c1' });
    browser.latest.receive({ type: 'resync' });
    expect(heard.map((message) => message.type)).toEqual([
      'notifications-subscribed',
      'notification',
      'resync',
    ]);

    browser.latest.drop();
    vi.advanceTimersByTime(REALTIME_LIMITS.reconnectMs);
    expect(browser.sockets).toHaveLength(2);
    browser.latest.open();
    expect(browser.latest.sent).toEqual([{ type: 'subscribe-notifications' }]);

    stopA();
    expect(browser.latest.sent).toHaveLength(1); // B still follows
    stopB();
    expect(browser.latest.sent.at(-1)).toEqual({ type: 'unsubscribe-notifications' });
    leaveAll();
  });
});
