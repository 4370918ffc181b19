import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { CHANGES_CHANNEL } from '../db/change-notice.ts';
import type { NotificationSource } from '../db/client.ts';

export interface ChangeListenerHandlers {
  /** One NOTIFY payload, as sent. */
  onPayload(payload: string): void;
  /** The listener was down and is back: notifications sent meanwhile are lost. */
  onReconnected(): void;
}

export interface ReconnectPolicy {
  /** The first wait after a lost connection; doubled after each failed try, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /**
   * How often the idle listening connection is probed (a query); one that fails, or does not answer
   * within this long (10 s at least), counts as lost. A connection dropped without a reset (a NAT or proxy that
   * forgets it) would otherwise stay silent forever.
   */
  probeMs: number;
}

const PROBE_TIMEOUT_MS = 10_000;

export const DEFAULT_RECONNECT: ReconnectPolicy = { firstDelayMs: 250, maxDelayMs: 10_000, probeMs: 30_000 };

/** Hears the database's change notices until stopped. */
export interface ChangeListener {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One code path for both databases: each delivers the payload strings of `listsync_changes` to the
 * same handlers. PGlite runs in this process (its listen cannot drop); PostgreSQL gets a dedicated
 * connection that is reopened with backoff whenever it drops, and says so (the hub then asks every
 * socket to refetch, since what was said meanwhile is gone).
 */
export function createChangeListener(
  source: NotificationSource,
  handlers: ChangeListenerHandlers,
  log: FastifyBaseLogger,
  reconnect: ReconnectPolicy = DEFAULT_RECONNECT,
  /** The channel heard: the change notices, or another (the webhook dispatcher's wake-ups). */
  channel: string = CHANGES_CHANNEL,
): ChangeListener {
  if (source.kind === 'pglite') {
    let unlisten: (() => Promise<void>) | null = null;
    return {
      async start() {
        unlisten = await source.client.listen(channel, handlers.onPayload);
      },
      async stop() {
        const stopping = unlisten;
        unlisten = null;
        if (stopping && !source.client.closed) await stopping().catch(() => {});
      },
    };
  }
  return new PostgresChangeListener(source.newClient, handlers, log, reconnect, channel);
}

class PostgresChangeListener implements ChangeListener {
  #client: pg.Client | null = null;
  #stopped = false;
  #retry: NodeJS.Timeout | null = null;
  #probe: NodeJS.Timeout | null = null;
  #delayMs: number;
  #everConnected = false;

  constructor(
    private readonly newClient: () => pg.Client,
    private readonly handlers: ChangeListenerHandlers,
    private readonly log: FastifyBaseLogger,
    private readonly reconnect: ReconnectPolicy,
    private readonly channel: string,
  ) {
    this.#delayMs = reconnect.firstDelayMs;
  }

  /** Connects once; a failure is logged and retried in the background (start-up does not fail on it). */
  async start(): Promise<void> {
    await this.#connect();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    if (this.#probe) clearInterval(this.#probe);
    this.#probe = null;
    const client = this.#client;
    this.#client = null;
    if (client) await client.end().catch(() => {});
  }

  async #connect(): Promise<void> {
    const client = this.newClient();
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.#client === client) {
        this.#client = null;
        if (this.#probe) clearInterval(this.#probe);
        this.#probe = null;
      }
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (this.#stopped) return;
      this.log.error(
        { err: error ? { message: error.message, code: (error as { code?: string }).code } : undefined },
        'realtime: database listener connection lost; reconnecting',
      );
      this.#scheduleReconnect();
    };
    // Errors arrive as events on an idle client; without a listener they would crash the process.
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload !== undefined) {
        this.handlers.onPayload(message.payload);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.#stopped || lost) {
      if (!lost) await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#probe = setInterval(() => this.#probeConnection(client, onLost), this.reconnect.probeMs);
    this.#probe.unref();
    this.#delayMs = this.reconnect.firstDelayMs;
    if (this.#everConnected) {
      this.log.info('realtime: database listener reconnected');
      this.handlers.onReconnected();
    }
    this.#everConnected = true;
  }

  #probeConnection(client: pg.Client, onLost: (error?: Error) => void): void {
    const timeout = setTimeout(
      () => onLost(new Error('the listening connection did not answer a probe')),
      Math.max(this.reconnect.probeMs, PROBE_TIMEOUT_MS),
    );
    timeout.unref();
    client.query('select 1').then(
      () => clearTimeout(timeout),
      (error: Error) => {
        clearTimeout(timeout);
        onLost(error);
      },
    );
  }

  #scheduleReconnect(): void {
    if (this.#retry || this.#stopped) return;
    // Jittered (half to all of the delay), so instances that lost the database together do not return in lockstep.
    const delay = Math.round(this.#delayMs / 2 + (Math.random() * this.#delayMs) / 2);
    this.#delayMs = Math.min(this.#delayMs * 2, this.reconnect.maxDelayMs);
    this.#retry = setTimeout(() => {
      this.#retry = null;
      // A failed first connect also counts as "was down": whatever was sent before is unknown.
      this.#everConnected = true;
      void this.#connect();
    }, delay);
    this.#retry.unref();
  }
}
