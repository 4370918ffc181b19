import {
  isPolicyClose,
  REALTIME_LIMITS,
  REALTIME_PATH,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '#domain/realtime';

/**
 * One WebSocket per tab for live updates (spec section 7: subscribe, update, reconnect after 3 s).
 * It opens when the first page subscribes and closes when the last one leaves; the subscriptions are
 * kept here and sent again on every (re)connect, so a page subscribes once and never hears of drops
 * except through its listener (the server's `subscribed` acknowledgement after each reconnect is the
 * page's cue to refetch what it may have missed).
 */

export type RealtimeState = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'offline';

import type { ChecklistMessage, DashboardMessage, NotificationMessage } from './realtime-message-kinds.ts';

export type { ChecklistMessage, DashboardMessage, NotificationMessage };

type Listener<T> = (message: T) => void;

/** What the client needs of the browser; tests pass fakes. */
export interface RealtimeEnvironment {
  url: string;
  createSocket(url: string): WebSocket;
  isOnline(): boolean;
  /** Calls back on the browser's 'online' and 'offline' events; answers a function that stops that. */
  watchConnectivity(onChange: () => void): () => void;
  reconnectMs?: number;
  /** How long the socket stays open after the last page left (a page change re-subscribes at once). */
  idleCloseMs?: number;
  /** A number in [0, 1) that spreads the back-off after a policy close (tests pass a fixed one). */
  random?: () => number;
  now?: () => number;
}

/** A socket open this long proved the server accepts this client: the policy back-off starts again. */
const STABLE_CONNECTION_MS = 60_000;

const OPEN = 1;

export class RealtimeClient {
  private readonly env: RealtimeEnvironment;
  private readonly checklists = new Map<string, Set<Listener<ChecklistMessage>>>();
  private readonly dashboard = new Set<Listener<DashboardMessage>>();
  private readonly notifications = new Set<Listener<NotificationMessage>>();
  private readonly stateListeners = new Set<() => void>();
  private socket: WebSocket | null = null;
  /** Checklists the current socket was told `subscribed` for (its cookies reached them). */
  private readonly acknowledged = new Set<string>();
  private state: RealtimeState = 'idle';
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private stopWatching: (() => void) | null = null;
  /** Policy closes in a row (see scheduleReconnect). */
  private policyCloses = 0;
  /** Handshakes that failed in a row: sockets closed before they opened (see scheduleReconnect). */
  private failedHandshakes = 0;
  private openedAt: number | null = null;

  constructor(env: RealtimeEnvironment) {
    this.env = env;
  }

  /** Follows one checklist; the answer stops following it. */
  subscribeChecklist(checklistId: string, listener: Listener<ChecklistMessage>): () => void {
    let listeners = this.checklists.get(checklistId);
    if (!listeners) {
      listeners = new Set();
      this.checklists.set(checklistId, listeners);
      this.send({ type: 'subscribe', checklistId });
    }
    listeners.add(listener);
    this.demand();
    return () => {
      const current = this.checklists.get(checklistId);
      if (!current?.delete(listener) || current.size > 0) return;
      this.checklists.delete(checklistId);
      this.acknowledged.delete(checklistId);
      this.send({ type: 'unsubscribe', checklistId });
      this.release();
    };
  }

  /** Follows the signed-in owner's dashboard (any checklist of theirs created, changed or deleted). */
  subscribeDashboard(listener: Listener<DashboardMessage>): () => void {
    if (this.dashboard.size === 0) this.send({ type: 'subscribe-dashboard' });
    this.dashboard.add(listener);
    this.demand();
    return () => {
      if (!this.dashboard.delete(listener) || this.dashboard.size > 0) return;
      this.send({ type: 'unsubscribe-dashboard' });
      this.release();
    };
  }

  /** The active team changed (switched, joined, left): the dashboard is asked for again (docs/teams.md). */
  followActiveTeam(): void {
    if (this.dashboard.size > 0) this.send({ type: 'subscribe-dashboard' });
  }

  /** Follows the signed-in owner's notifications (decision 0024): each new one as it is made. */
  subscribeNotifications(listener: Listener<NotificationMessage>): () => void {
    if (this.notifications.size === 0) this.send({ type: 'subscribe-notifications' });
    this.notifications.add(listener);
    this.demand();
    return () => {
      if (!this.notifications.delete(listener) || this.notifications.size > 0) return;
      this.send({ type: 'unsubscribe-notifications' });
      this.release();
    };
  }

  /**
   * The browser's cookies changed (a recipient verified: the server set a new recipient cookie). A
   * socket carries the cookies it was opened with, so an open one is replaced at once.
   */
  credentialsChanged(): void {
    if (!this.socket) return;
    this.closeSocket('credentials changed');
    this.connect();
  }

  /** For useSyncExternalStore. */
  readonly subscribeState = (onChange: () => void): (() => void) => {
    this.stateListeners.add(onChange);
    return () => this.stateListeners.delete(onChange);
  };

  readonly getState = (): RealtimeState => this.state;

  private get wanted(): boolean {
    return this.checklists.size > 0 || this.dashboard.size > 0 || this.notifications.size > 0;
  }

  /** Something subscribed: make sure a socket is open or on its way. */
  private demand(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (!this.stopWatching) this.stopWatching = this.env.watchConnectivity(this.onConnectivity);
    if (this.socket || this.reconnectTimer !== undefined || this.state === 'offline') return;
    this.connect();
  }

  /** Something left: once nothing is followed for a moment, close everything. */
  private release(): void {
    if (this.wanted || this.idleTimer !== undefined) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (!this.wanted) this.shutDown();
    }, this.env.idleCloseMs ?? 1000);
  }

  private shutDown(): void {
    this.stopWatching?.();
    this.stopWatching = null;
    this.closeSocket('nothing to follow');
    this.setState('idle');
  }

  /** Closes the socket on purpose: no reconnect follows, and no retry is pending. */
  private closeSocket(reason: string): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    this.detach(socket);
    socket.close(1000, reason);
  }

  private connect(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    if (!this.env.isOnline()) {
      this.setState('offline');
      return;
    }
    this.setState(this.state === 'idle' || this.state === 'connecting' ? 'connecting' : 'reconnecting');
    let socket: WebSocket;
    try {
      socket = this.env.createSocket(this.env.url);
    } catch (error) {
      console.warn('Opening the live connection failed', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.acknowledged.clear();
    // JSON in text frames is the contract; a server that sends the same bytes as a binary frame is read too.
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => {
      this.openedAt = this.now();
      this.failedHandshakes = 0;
      this.setState('live');
      for (const checklistId of this.checklists.keys()) this.send({ type: 'subscribe', checklistId });
      if (this.dashboard.size > 0) this.send({ type: 'subscribe-dashboard' });
      if (this.notifications.size > 0) this.send({ type: 'subscribe-notifications' });
    };
    socket.onmessage = (event: MessageEvent) => this.receive(event.data);
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.detach(socket);
      this.socket = null;
      this.noteClose(event.code);
      if (this.wanted) this.scheduleReconnect();
      else this.shutDown();
    };
    // An error is always followed by a close, which decides what happens next.
    socket.onerror = () => undefined;
  }

  private detach(socket: WebSocket): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
  }

  private now(): number {
    return this.env.now?.() ?? Date.now();
  }

  /**
   * Counts the server's policy closes in a row (too many messages or connections, an anonymous
   * socket left idle: src/domain/realtime.ts); a socket that stayed open a while resets the count.
   * A socket that closed before it opened is a failed handshake: refused before the upgrade (429 past
   * the handshake limit, 503, 403) or no server at all; the browser does not say which.
   */
  private noteClose(code: number): void {
    const openedAt = this.openedAt;
    this.openedAt = null;
    if (openedAt === null) this.failedHandshakes += 1;
    else if (isPolicyClose(code)) this.policyCloses += 1;
    else if (this.now() - openedAt >= STABLE_CONNECTION_MS) this.policyCloses = 0;
  }

  /**
   * The spec's 3 s after a drop. After policy closes or failed handshakes the wait doubles each time,
   * up to policyReconnectMaxMs (policy) or failedHandshakeReconnectMaxMs (handshakes only: a server
   * that restarts is back within it), and is spread (a half to the whole of it) so that an office's
   * tabs refused together do not come back together. While the browser says it is offline, the
   * 'online' event reconnects instead.
   */
  private scheduleReconnect(): void {
    if (!this.env.isOnline()) {
      this.setState('offline');
      return;
    }
    this.setState('reconnecting');
    const base = this.env.reconnectMs ?? REALTIME_LIMITS.reconnectMs;
    let wait = base;
    const refusals = this.policyCloses + this.failedHandshakes;
    if (refusals > 0) {
      const most =
        this.policyCloses > 0
          ? REALTIME_LIMITS.policyReconnectMaxMs
          : REALTIME_LIMITS.failedHandshakeReconnectMaxMs;
      const ceiling = Math.min(most, base * 2 ** refusals);
      wait = ceiling * (0.5 + 0.5 * (this.env.random?.() ?? Math.random()));
    }
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.wanted) this.connect();
    }, wait);
  }

  private readonly onConnectivity = (): void => {
    if (!this.wanted) return;
    if (this.env.isOnline()) {
      // Back online: connect now rather than after the rest of a wait that began offline.
      if (!this.socket) this.connect();
      return;
    }
    // No network: nothing can arrive; say so, and wait for 'online' instead of retrying every 3 s.
    this.closeSocket('offline');
    this.setState('offline');
  };

  private receive(data: unknown): void {
    let message: RealtimeServerMessage;
    try {
      const text = typeof data === 'string' ? data : new TextDecoder().decode(data as ArrayBuffer);
      message = JSON.parse(text) as RealtimeServerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'subscribed':
        this.acknowledged.add(message.checklistId);
        this.notifyChecklist(message.checklistId, message);
        break;
      case 'deleted':
        this.acknowledged.delete(message.checklistId);
        this.notifyChecklist(message.checklistId, message);
        break;
      case 'update':
      case 'translation-ready':
      case 'shares-changed':
        this.notifyChecklist(message.checklistId, message);
        break;
      case 'error':
        if (!message.checklistId) {
          for (const listener of [...this.dashboard]) listener(message);
          for (const listener of [...this.notifications]) listener(message);
        } else if (this.accessLostOnThisSocket(message.checklistId, message.error.code)) {
          // Perhaps only this socket's cookies lost it: the recipient verified in another tab, and every
          // verification replaces the recipient cookie. A new socket carries the cookies as they are
          // now; if it is refused too, the page hears it then.
          this.closeSocket('access changed');
          this.connect();
        } else {
          this.notifyChecklist(message.checklistId, message);
        }
        break;
      case 'dashboard-subscribed':
      case 'dashboard-changed':
      case 'plan-changed':
      case 'team-changed':
        for (const listener of [...this.dashboard]) listener(message);
        break;
      case 'notifications-subscribed':
      case 'notification':
        for (const listener of [...this.notifications]) listener(message);
        break;
      case 'resync':
        for (const listeners of [...this.checklists.values()])
          for (const listener of [...listeners]) listener(message);
        for (const listener of [...this.dashboard]) listener(message);
        for (const listener of [...this.notifications]) listener(message);
        break;
    }
  }

  /** A checklist this socket had been let follow is refused now (not a refusal at subscribe). */
  private accessLostOnThisSocket(checklistId: string, code: string): boolean {
    return code === 'not_found' && this.acknowledged.delete(checklistId) && this.checklists.has(checklistId);
  }

  private notifyChecklist(checklistId: string, message: ChecklistMessage): void {
    for (const listener of [...(this.checklists.get(checklistId) ?? [])]) listener(message);
  }

  private send(message: RealtimeClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
    // Otherwise the open handler sends every subscription.
  }

  private setState(state: RealtimeState): void {
    if (this.state === state) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener();
  }
}

function browserEnvironment(): RealtimeEnvironment {
  return {
    // Read when a socket opens (never while a page is prerendered, where there is no window).
    get url() {
      const { protocol, host } = window.location;
      return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${REALTIME_PATH}`;
    },
    createSocket: (url) => new WebSocket(url),
    isOnline: () => navigator.onLine,
    watchConnectivity: (onChange) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
  };
}

let shared: RealtimeClient | null = null;

/** The tab's one client, made on first use. */
export function realtimeClient(): RealtimeClient {
  shared ??= new RealtimeClient(browserEnvironment());
  return shared;
}
