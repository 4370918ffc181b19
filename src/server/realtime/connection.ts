import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCode } from '#domain/errors';
import { parseRealtimeClientMessage, REALTIME_CLOSE, type RealtimeServerMessage } from '#domain/realtime';
import type { Database } from '../db/client.ts';
import { CHECKLIST_NOT_FOUND } from '../policies/checklists.ts';
import type { SessionPolicy } from '../policies/sessions.ts';
import {
  authoriseSubscription,
  liveSessionUser,
  type SocketIdentity,
  type SubscriberKind,
  type SubscriptionGrant,
} from './access.ts';
import type { RealtimeHub, Subscriber } from './hub.ts';
import { TokenBucket } from './token-bucket.ts';
import { encode } from './wire.ts';

/** The part of a `ws` WebSocket this module uses. */
export interface RealtimeSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Buffer | string, options: { binary: boolean }): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): void;
  on(event: 'pong' | 'close', listener: () => void): void;
}

const OPEN = 1;

/** Close codes (RFC 6455), as the client reads them (src/domain/realtime.ts). */
export const CLOSE = REALTIME_CLOSE;

/** A socket whose unsent data passes this is too slow to keep up: it is dropped, it refetches on return. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export interface ConnectionContext {
  db: Database;
  hub: RealtimeHub;
  sessionPolicy: SessionPolicy;
  log: FastifyBaseLogger;
  limits: {
    messageBurst: number;
    messagesPerSecond: number;
    maxRefusedMessages: number;
    maxSubscriptions: number;
  };
  /** The socket follows something for the first time (a subscription or the dashboard was granted). */
  onFollowing?(): void;
}

const NOT_FOUND = { code: 'not_found', message: CHECKLIST_NOT_FOUND } as const;
const SESSION_ENDED = { code: 'unauthenticated', message: 'Please sign in to continue.' } as const;
const MALFORMED = { code: 'validation_failed', message: 'Unknown or malformed message.' } as const;
const RATE_LIMITED = { code: 'rate_limited', message: 'Too many messages. Please slow down.' } as const;

/**
 * One socket: what it presented at the handshake, what it follows, and its message handling. Messages
 * are handled one at a time in arrival order; a refused subscribe answers one error, exist or not.
 */
export class RealtimeConnection implements Subscriber {
  readonly #subscriptions = new Map<string, SubscriberKind>();
  #sessionHash: string | null;
  readonly #browserHash: string | null;
  #ownerId: string | null = null; // the session's user, once a subscribe has shown it
  #dashboardOf: string | null = null;
  /** The owner whose notifications this socket follows (the header's badge, decision 0024). */
  #notificationsOf: string | null = null;
  #queue: Promise<void> = Promise.resolve();
  readonly #bucket: TokenBucket;
  /** Messages refused since the bucket was last full (a flood is closed past maxRefusedMessages). */
  #refused = 0;
  #following = false;
  #closed = false;
  readonly #onDetached: (() => void)[] = [];
  /** Answered the last ping (heartbeat). */
  alive = true;

  constructor(
    private readonly socket: RealtimeSocket,
    identity: SocketIdentity,
    private readonly context: ConnectionContext,
  ) {
    this.#sessionHash = identity.sessionHash;
    this.#browserHash = identity.browserHash;
    this.#bucket = new TokenBucket(context.limits.messageBurst, context.limits.messagesPerSecond);
    if (this.#sessionHash) context.hub.trackSession(this.#sessionHash, this);
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('message', (data, isBinary) => this.#receive(data, isBinary));
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Whether a subscription (or the dashboard) was ever granted to this socket. */
  get following(): boolean {
    return this.#following;
  }

  // What the hub calls

  sendEncoded(message: Buffer): void {
    if (this.#closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.context.log.warn('realtime: dropping a socket that does not keep up');
      this.socket.terminate();
      return;
    }
    // A text frame, as the API says: ws sends a Buffer as a binary frame unless told otherwise, and a
    // browser would then hand the page a Blob instead of the JSON text.
    this.socket.send(message, { binary: false });
  }

  forget(checklistId: string): void {
    this.#subscriptions.delete(checklistId);
  }

  recheckRecipient(checklistId: string): void {
    this.#enqueue(() => this.#recheckRecipient(checklistId));
  }

  /** A user left a team or was removed: their socket closes, and reconnects with what is left. */
  membershipEnded(userId: string): void {
    if (this.#ownerId === userId && !this.#closed) this.close(CLOSE.goingAway, 'Team membership changed');
  }

  sessionEnded(): void {
    const hub = this.context.hub;
    if (this.#sessionHash) hub.untrackSession(this.#sessionHash, this);
    this.#sessionHash = null;
    this.#ownerId = null;
    for (const [checklistId, kind] of this.#subscriptions) {
      if (kind !== 'owner') continue;
      this.#subscriptions.delete(checklistId);
      hub.unsubscribe(checklistId, this);
      this.#send({ type: 'error', checklistId, error: SESSION_ENDED });
    }
    const ownerFeeds = this.#dashboardOf !== null || this.#notificationsOf !== null;
    if (this.#dashboardOf) hub.unsubscribeDashboard(this.#dashboardOf, this);
    if (this.#notificationsOf) hub.unsubscribeNotifications(this.#notificationsOf, this);
    this.#dashboardOf = null;
    this.#notificationsOf = null;
    if (ownerFeeds) this.#send({ type: 'error', error: SESSION_ENDED });
  }

  // What the service calls

  /** The periodic check: sessions and grants run out by time, with no notice. */
  recheckAll(): Promise<void> {
    return this.#enqueue(async () => {
      if (this.#sessionHash && (this.#ownerId || this.#dashboardOf || this.#notificationsOf)) {
        const member = await liveSessionUser(this.context.db, this.#sessionHash);
        if (!member) this.sessionEnded();
      }
      for (const [checklistId, kind] of [...this.#subscriptions]) {
        if (kind === 'recipient') await this.#recheckRecipient(checklistId);
      }
    });
  }

  /** Heartbeat: a socket that did not answer the previous ping is dropped. */
  heartbeat(): void {
    if (this.#closed) return;
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  /** The socket closed (either side): every subscription ends. */
  detach(): void {
    if (this.#closed) return;
    this.#closed = true;
    const hub = this.context.hub;
    for (const checklistId of this.#subscriptions.keys()) hub.unsubscribe(checklistId, this);
    this.#subscriptions.clear();
    if (this.#dashboardOf) hub.unsubscribeDashboard(this.#dashboardOf, this);
    this.#dashboardOf = null;
    if (this.#notificationsOf) hub.unsubscribeNotifications(this.#notificationsOf, this);
    this.#notificationsOf = null;
    if (this.#sessionHash) hub.untrackSession(this.#sessionHash, this);
    for (const callback of this.#onDetached.splice(0)) callback();
  }

  onDetached(callback: () => void): void {
    if (this.#closed) callback();
    else this.#onDetached.push(callback);
  }

  /** Waits for the message in hand (app close). */
  idle(): Promise<void> {
    return this.#queue;
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  terminate(): void {
    this.socket.terminate();
  }

  // Messages

  #receive(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    if (this.#closed || !this.#withinRate()) return;
    const text = isBinary ? null : Buffer.isBuffer(data) ? data.toString('utf8') : null;
    const message = text === null ? null : parseRealtimeClientMessage(text);
    if (!message) {
      this.#send({ type: 'error', error: MALFORMED });
      return;
    }
    switch (message.type) {
      case 'subscribe':
        this.#enqueue(() => this.#subscribe(message.checklistId));
        return;
      case 'unsubscribe':
        this.#enqueue(async () => this.#unsubscribe(message.checklistId));
        return;
      case 'subscribe-dashboard':
        this.#enqueue(() => this.#subscribeDashboard());
        return;
      case 'unsubscribe-dashboard':
        this.#enqueue(async () => {
          if (this.#dashboardOf) this.context.hub.unsubscribeDashboard(this.#dashboardOf, this);
          this.#dashboardOf = null;
        });
        return;
      case 'subscribe-notifications':
        this.#enqueue(() => this.#subscribeNotifications());
        return;
      case 'unsubscribe-notifications':
        this.#enqueue(async () => {
          if (this.#notificationsOf) this.context.hub.unsubscribeNotifications(this.#notificationsOf, this);
          this.#notificationsOf = null;
        });
        return;
    }
  }

  /**
   * The token bucket: a message beyond it is refused (the first of a spell answered 'rate_limited',
   * the rest dropped unanswered, so a flood gets no flood back); too many refusals close the socket.
   */
  #withinRate(): boolean {
    if (this.#refused > 0 && this.#bucket.full) this.#refused = 0;
    if (this.#bucket.take()) return true;
    this.#refused += 1;
    if (this.#refused > this.context.limits.maxRefusedMessages) {
      this.socket.close(CLOSE.policyViolation, 'Too many messages');
      this.detach();
    } else if (this.#refused === 1) {
      this.#send({ type: 'error', error: RATE_LIMITED });
    }
    return false;
  }

  /** The first subscription granted: the socket is no longer anonymous. */
  #nowFollowing(): void {
    if (this.#following) return;
    this.#following = true;
    this.context.onFollowing?.();
  }

  async #subscribe(checklistId: string): Promise<void> {
    if (
      !this.#subscriptions.has(checklistId) &&
      this.#subscriptions.size >= this.context.limits.maxSubscriptions
    ) {
      this.#refuse(checklistId, {
        code: 'validation_failed',
        message: `One connection may follow at most ${this.context.limits.maxSubscriptions} checklists.`,
      });
      return;
    }
    const hub = this.context.hub;
    const pending = hub.beginSubscribe(checklistId);
    try {
      let grant = await this.#authorise(checklistId);
      // Grants of this checklist ended while we asked: ask again, the answer may have changed.
      if (grant?.kind === 'recipient' && pending.accessChanged()) grant = await this.#authorise(checklistId);
      // Signed out meanwhile (the session-ended notice came while we asked).
      if (grant?.kind === 'owner' && !this.#sessionHash) grant = null;
      if (this.#closed) return;
      if (!grant) {
        this.#unsubscribe(checklistId);
        this.#refuse(checklistId, NOT_FOUND);
        return;
      }
      const revision = hub.subscribe(checklistId, this, grant.kind, grant.teamId, grant.revision);
      if (revision === null) {
        this.#unsubscribe(checklistId);
        this.#send({ type: 'deleted', checklistId });
        return;
      }
      this.#subscriptions.set(checklistId, grant.kind);
      this.#nowFollowing();
      this.#send({ type: 'subscribed', checklistId, revision });
    } finally {
      pending.release();
    }
  }

  /** The owner's session or the recipient's grant, as the policy decides it for the HTTP reads. */
  async #authorise(checklistId: string): Promise<SubscriptionGrant | null> {
    const { db, sessionPolicy } = this.context;
    const identity = { sessionHash: this.#sessionHash, browserHash: this.#browserHash };
    const decision = await authoriseSubscription(db, identity, sessionPolicy, checklistId);
    if (decision.sessionUserId) this.#ownerId = decision.sessionUserId;
    return decision.grant;
  }

  #unsubscribe(checklistId: string): void {
    if (!this.#subscriptions.delete(checklistId)) return;
    this.context.hub.unsubscribe(checklistId, this);
  }

  /** The dashboard of the session's active team: every change to one of its checklists (docs/teams.md). */
  async #subscribeDashboard(): Promise<void> {
    const member = await this.#signedInOwner();
    if (!member?.teamId) return;
    if (this.#dashboardOf !== member.teamId) {
      if (this.#dashboardOf) this.context.hub.unsubscribeDashboard(this.#dashboardOf, this);
      this.context.hub.subscribeDashboard(member.teamId, this);
      this.#dashboardOf = member.teamId;
    }
    this.#nowFollowing();
    this.#send({ type: 'dashboard-subscribed' });
  }

  /** The signed-in owner's notifications: each new one arrives as it is made (decision 0024). */
  async #subscribeNotifications(): Promise<void> {
    const userId = (await this.#signedInOwner())?.userId;
    if (!userId) return;
    if (this.#notificationsOf !== userId) {
      if (this.#notificationsOf) this.context.hub.unsubscribeNotifications(this.#notificationsOf, this);
      this.context.hub.subscribeNotifications(userId, this);
      this.#notificationsOf = userId;
    }
    this.#nowFollowing();
    this.#send({ type: 'notifications-subscribed' });
  }

  /** The member behind the socket's live session, with its active team; null (and told so) when none. */
  async #signedInOwner(): Promise<{ userId: string; teamId: string | null } | null> {
    const member = this.#sessionHash ? await liveSessionUser(this.context.db, this.#sessionHash) : null;
    if (this.#closed) return null;
    if (!member || !this.#sessionHash) {
      this.#send({ type: 'error', error: SESSION_ENDED });
      return null;
    }
    this.#ownerId = member.userId;
    return member;
  }

  async #recheckRecipient(checklistId: string): Promise<void> {
    if (this.#subscriptions.get(checklistId) !== 'recipient' || !this.#browserHash) return;
    const identity = { sessionHash: null, browserHash: this.#browserHash };
    const { db, sessionPolicy } = this.context;
    const { grant } = await authoriseSubscription(db, identity, sessionPolicy, checklistId);
    if (grant || this.#subscriptions.get(checklistId) !== 'recipient') return;
    this.#unsubscribe(checklistId);
    this.#refuse(checklistId, NOT_FOUND);
  }

  #refuse(checklistId: string, error: { code: ErrorCode; message: string }): void {
    this.#send({ type: 'error', checklistId, error });
  }

  #send(message: RealtimeServerMessage): void {
    this.sendEncoded(encode(message));
  }

  /** Runs the work after the work before it; a failure is logged and answered, never thrown. */
  #enqueue(work: () => Promise<void>): Promise<void> {
    this.#queue = this.#queue.then(async () => {
      if (this.#closed) return;
      try {
        await work();
      } catch (error) {
        this.context.log.error({ err: error }, 'realtime: a socket message failed');
        this.#send({
          type: 'error',
          error: { code: 'service_unavailable', message: 'Something went wrong. Please try again.' },
        });
      }
    });
    return this.#queue;
  }
}
