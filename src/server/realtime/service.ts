import type { FastifyBaseLogger } from 'fastify';
import { REALTIME_LIMITS } from '#domain/realtime';
import { parseChangeNotice } from '../db/change-notice.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { RealtimeMetrics } from '../metrics.ts';
import type { SessionPolicy } from '../policies/sessions.ts';
import type { ChecklistCache } from '../services/checklist-cache.ts';
import type { SocketIdentity } from './access.ts';
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
export interface RealtimeOptions {
  heartbeatMs: number;
  /** How often every socket's access is checked again (sessions and grants that run out by time). */
  accessRecheckMs: number;
  /** On app close, how long sockets get to finish their closing handshake before they are cut. */
  closeGraceMs: number;
  reconnect: ReconnectPolicy;
  messagesPerWindow: number;
  windowMs: number;
  maxSubscriptions: number;
}

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  heartbeatMs: REALTIME_LIMITS.heartbeatMs,
  accessRecheckMs: 5 * 60_000,
  closeGraceMs: 1_000,
  reconnect: DEFAULT_RECONNECT,
  messagesPerWindow: REALTIME_LIMITS.messagesPerWindow,
  windowMs: REALTIME_LIMITS.windowMs,
  maxSubscriptions: REALTIME_LIMITS.maxSubscriptions,
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

  /** A socket that passed the handshake. */
  accept(socket: RealtimeSocket, identity: SocketIdentity): void {
    if (this.#stopping) {
      socket.close(CLOSE.goingAway, 'Server shutting down');
      return;
    }
    const connection = new RealtimeConnection(socket, identity, {
      db: this.database.db,
      hub: this.hub,
      sessionPolicy: this.sessionPolicy,
      log: this.log,
      limits: this.#options,
    });
    this.#connections.add(connection);
    const kind = identity.sessionHash ? 'owner' : identity.browserHash ? 'recipient' : 'anonymous';
    this.metrics?.socketOpened(kind);
    socket.on('close', () => {
      connection.detach();
      this.#connections.delete(connection);
      this.metrics?.socketClosed(kind);
    });
  }

  get connectionCount(): number {
    return this.#connections.size;
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
