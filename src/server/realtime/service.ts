import type { FastifyBaseLogger } from 'fastify';
import { REALTIME_LIMITS } from '#domain/realtime';
import { parseChangeNotice } from '../db/change-notice.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { RealtimeMetrics } from '../metrics.ts';
import type { SessionPolicy } from '../policies/sessions.ts';
import type { ChecklistCache } from '../services/checklist-cache.ts';
import { isAnonymous, type SocketIdentity } from './access.ts';
import { type AdmissionLimits, ConnectionAdmission } from './admission.ts';
import {
  type ChangeListener,
  createChangeListener,
  DEFAULT_RECONNECT,
  type ReconnectPolicy,
} from './change-listener.ts';
import { CLOSE, RealtimeConnection, type RealtimeSocket } from './connection.ts';
import { RealtimeHub } from './hub.ts';
import { encode } from './wire.ts';

/** Timings and limits, injectable so tests need not wait for the real ones (buildApp's `realtime`). */
export interface RealtimeOptions extends AdmissionLimits {
  heartbeatMs: number;
  /** How often every socket's access is checked again (sessions and grants that run out by time). */
  accessRecheckMs: number;
  /** On app close, how long sockets get to finish their closing handshake before they are cut. */
  closeGraceMs: number;
  reconnect: ReconnectPolicy;
  messageBurst: number;
  messagesPerSecond: number;
  maxRefusedMessages: number;
  maxSubscriptions: number;
  /** Judged before the upgrade, by the route (http/routes/realtime.ts), in the shared rate-limit store. */
  handshakesPerIpPerMinute: number;
}

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  heartbeatMs: REALTIME_LIMITS.heartbeatMs,
  accessRecheckMs: 5 * 60_000,
  closeGraceMs: 1_000,
  reconnect: DEFAULT_RECONNECT,
  messageBurst: REALTIME_LIMITS.messageBurst,
  messagesPerSecond: REALTIME_LIMITS.messagesPerSecond,
  maxRefusedMessages: REALTIME_LIMITS.maxRefusedMessages,
  maxSubscriptions: REALTIME_LIMITS.maxSubscriptions,
  maxConnectionsPerIp: REALTIME_LIMITS.maxConnectionsPerIp,
  maxAnonymousConnections: REALTIME_LIMITS.maxAnonymousConnections,
  anonymousIdleMs: REALTIME_LIMITS.anonymousIdleMs,
  handshakesPerIpPerMinute: REALTIME_LIMITS.handshakesPerIpPerMinute,
};

/**
 * This instance's side of realtime: the sockets, the database listener feeding the hub, heartbeats,
 * periodic access checks, and a quick, clean stop.
 */
export class RealtimeService {
  readonly hub: RealtimeHub;
  readonly #connections = new Set<RealtimeConnection>();
  readonly #listener: ChangeListener;
  readonly #options: RealtimeOptions;
  readonly #admission: ConnectionAdmission;
  readonly #timers: NodeJS.Timeout[] = [];
  #rechecking = false;
  #stopping = false;

  constructor(
    private readonly database: DatabaseHandle,
    cache: ChecklistCache,
    private readonly sessionPolicy: SessionPolicy,
    private readonly log: FastifyBaseLogger,
    options: Partial<RealtimeOptions> = {},
    private readonly metrics?: RealtimeMetrics,
  ) {
    this.#options = { ...DEFAULT_REALTIME_OPTIONS, ...options };
    this.#admission = new ConnectionAdmission(this.#options);
    this.hub = new RealtimeHub(database.db, cache, log, metrics);
    this.#listener = createChangeListener(
      database.notifications,
      {
        onPayload: (payload) => {
          const notice = parseChangeNotice(payload);
          if (notice) this.hub.handle(notice);
          else log.warn('realtime: ignored a change notice of unknown shape');
        },
        onReconnected: () => {
          const resync = encode({ type: 'resync' });
          for (const connection of this.#connections) connection.sendEncoded(resync);
        },
      },
      log,
      this.#options.reconnect,
    );
  }

  async start(): Promise<void> {
    await this.#listener.start();
    const heartbeat = setInterval(() => {
      for (const connection of this.#connections) connection.heartbeat();
    }, this.#options.heartbeatMs);
    const recheck = setInterval(() => void this.#recheckAll(), this.#options.accessRecheckMs);
    for (const timer of [heartbeat, recheck]) {
      timer.unref();
      this.#timers.push(timer);
    }
  }

  /** A socket that passed the handshake, from the client counted as `ip` (its address's key). */
  accept(socket: RealtimeSocket, identity: SocketIdentity, ip: string): void {
    if (this.#stopping) {
      socket.close(CLOSE.goingAway, 'Server shutting down');
      return;
    }
    if (!this.#admission.admit(ip)) {
      socket.close(CLOSE.tryAgainLater, 'Too many connections from your network. Please try again later.');
      return;
    }
    const admission = this.#admission;
    const connection: RealtimeConnection = new RealtimeConnection(socket, identity, {
      db: this.database.db,
      hub: this.hub,
      sessionPolicy: this.sessionPolicy,
      log: this.log,
      limits: this.#options,
      onFollowing: () => admission.forgetAnonymous(connection),
    });
    this.#connections.add(connection);
    const kind = identity.sessionHash ? 'owner' : identity.browserHash ? 'recipient' : 'anonymous';
    this.metrics?.socketOpened(kind);
    socket.on('close', () => {
      connection.detach();
      this.#connections.delete(connection);
      this.metrics?.socketClosed(kind);
      admission.release(ip);
      admission.forgetAnonymous(connection);
    });
    void this.#holdIfAnonymous(connection, identity);
  }

  /**
   * An anonymous socket takes one of the anonymous places (refused when none is left) and is closed if
   * it still follows nothing a little later. Messages are handled meanwhile, so a subscribe sent at
   * once is not held up. If the database cannot say, the socket is let be: an outage must not send
   * every reconnecting client into the policy back-off.
   */
  async #holdIfAnonymous(connection: RealtimeConnection, identity: SocketIdentity): Promise<void> {
    let anonymous: boolean;
    try {
      anonymous = await isAnonymous(this.database.db, identity);
    } catch (error) {
      this.log.warn({ err: error }, 'realtime: could not tell whether a socket is anonymous');
      return;
    }
    if (!anonymous || connection.closed || connection.following) return;
    const held = this.#admission.holdAnonymous(connection, () =>
      connection.close(CLOSE.policyViolation, 'Nothing followed: connection closed.'),
    );
    if (!held) connection.close(CLOSE.tryAgainLater, 'Too many connections. Please try again later.');
  }

  get connectionCount(): number {
    return this.#connections.size;
  }

  /** Open sockets held as anonymous (see #holdIfAnonymous). */
  get anonymousConnectionCount(): number {
    return this.#admission.anonymousCount;
  }

  /** Stops listening, lets work in hand finish, and closes every socket (1001: they reconnect elsewhere). */
  async stop(): Promise<void> {
    if (this.#stopping) return;
    this.#stopping = true;
    for (const timer of this.#timers) clearInterval(timer);
    await this.#listener.stop();
    await Promise.allSettled([this.hub.settle(), ...[...this.#connections].map((c) => c.idle())]);
    const open = [...this.#connections];
    if (open.length === 0) return;
    const closed = Promise.all(
      open.map(
        (connection) =>
          new Promise<void>((resolve) => {
            if (connection.closed) resolve();
            else connection.onDetached(resolve);
          }),
      ),
    );
    for (const connection of open) connection.close(CLOSE.goingAway, 'Server shutting down');
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.#options.closeGraceMs);
    });
    await Promise.race([closed, grace]);
    clearTimeout(timer);
    for (const connection of this.#connections) connection.terminate();
  }

  /** One socket after another, so a large instance does not flood the pool every few minutes. */
  async #recheckAll(): Promise<void> {
    if (this.#rechecking) return;
    this.#rechecking = true;
    try {
      for (const connection of [...this.#connections]) {
        if (this.#stopping) return;
        await connection.recheckAll();
      }
    } finally {
      this.#rechecking = false;
    }
  }
}
