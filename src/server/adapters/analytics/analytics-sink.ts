import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsEventName, AnalyticsProps } from '#domain/analytics';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { analyticsEvents } from '../../db/schema/index.ts';

/**
 * Where page views and events go: Plausible's Events API (or any server speaking it), local mode's
 * table (listed at GET /api/dev/analytics), or nowhere. Callers hand over events already scrubbed
 * (#domain/analytics); a sink never throws into the request that recorded the event.
 */
export interface AnalyticsEvent {
  name: AnalyticsEventName;
  /** The route, scrubbed: '/shared/:token'. */
  path: string;
  props: AnalyticsProps;
  /** For the provider's unique-visitor count; never stored locally. */
  userAgent?: string;
  clientIp?: string;
  referrer?: string;
}

export interface AnalyticsSink {
  readonly kind: 'plausible' | 'local' | 'off';
  /**
   * Never rejects (a failure is logged, without the props). Inside a request, do not await it: call
   * `void sink.record(...)`, so the answer never waits for the analytics service.
   */
  record(event: AnalyticsEvent): Promise<void>;
  /** Stores what a sink holds back, if any (before the database closes). */
  flush?(): Promise<void>;
  /** How many events it holds back now (metrics). */
  buffered?(): number;
}

export interface RecordedEvent {
  name: string;
  props: Record<string, unknown>;
  createdAt: string;
}

/** Plausible answers in milliseconds; a slow one costs us an open socket, never a user's wait. */
const SEND_TIMEOUT_MS = 3_000;

export class PlausibleSink implements AnalyticsSink {
  readonly kind = 'plausible';

  constructor(
    private readonly settings: { url: string; siteId: string; publicUrl: URL },
    private readonly log: FastifyBaseLogger,
  ) {}

  async record(event: AnalyticsEvent): Promise<void> {
    // Plausible keeps string props only.
    const props = Object.fromEntries(Object.entries(event.props).map(([key, value]) => [key, String(value)]));
    try {
      const response = await fetch(`${this.settings.url}/api/event`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': event.userAgent || 'ListSync server',
          ...(event.clientIp ? { 'x-forwarded-for': event.clientIp } : {}),
        },
        body: JSON.stringify({
          name: event.name,
          url: new URL(event.path, this.settings.publicUrl).href,
          domain: this.settings.siteId,
          ...(event.referrer ? { referrer: event.referrer } : {}),
          ...(Object.keys(props).length > 0 ? { props } : {}),
        }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (!response.ok)
        this.log.warn({ status: response.status, event: event.name }, 'analytics: event refused');
    } catch (error) {
      this.log.warn(
        { err: { message: (error as Error).message }, event: event.name },
        'analytics: event not sent',
      );
    }
  }
}

/**
 * Events arriving within this long of each other are stored by one insert. Nothing waits for them
 * (listing flushes first), so the window is long: at 1,000 active people (about 140 ticks a second)
 * 20 ms gave about 50 inserts a second, 250 ms gives 4.
 */
const LOCAL_BATCH_MS = 250;

export class LocalAnalytics implements AnalyticsSink {
  readonly kind = 'local';
  #pending: AnalyticsEvent[] = [];
  #batch: Promise<void> | null = null;
  /** The inserts in order, so a flush resolves once everything recorded before it is stored. */
  #stored: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Kept with the events recorded in the next few milliseconds, by one insert (one commit instead of
   * one per request; docs/decisions/0015). Resolves once stored.
   */
  record(event: AnalyticsEvent): Promise<void> {
    this.#pending.push(event);
    this.#batch ??= new Promise<void>((resolve) => setTimeout(resolve, LOCAL_BATCH_MS)).then(() =>
      this.flush(),
    );
    return this.#batch;
  }

  buffered(): number {
    return this.#pending.length;
  }

  /** Stores what is waiting now (also before listing, and before the database closes). */
  flush(): Promise<void> {
    const events = this.#pending;
    this.#pending = [];
    this.#batch = null;
    if (events.length > 0) this.#stored = this.#stored.then(() => this.#store(events));
    return this.#stored;
  }

  async #store(events: AnalyticsEvent[]): Promise<void> {
    try {
      await this.db
        .insert(analyticsEvents)
        .values(events.map((event) => ({ name: event.name, props: { ...event.props, path: event.path } })));
    } catch (error) {
      this.log.warn(
        { err: { message: (error as Error).message }, events: events.map((event) => event.name) },
        'analytics: events not stored',
      );
    }
  }

  /** Newest first. */
  async list(limit = 200): Promise<RecordedEvent[]> {
    await this.flush();
    const rows = await this.db
      .select()
      .from(analyticsEvents)
      .orderBy(desc(analyticsEvents.createdAt), desc(analyticsEvents.id))
      .limit(limit);
    return rows.map((row) => ({
      name: row.name,
      props: row.props as Record<string, unknown>,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}

const OFF: AnalyticsSink = { kind: 'off', record: async () => {} };

export function createAnalytics(
  config: Pick<Config, 'analytics' | 'publicUrl'>,
  db: Database,
  log: FastifyBaseLogger,
): AnalyticsSink {
  switch (config.analytics.kind) {
    case 'plausible':
      return new PlausibleSink({ ...config.analytics, publicUrl: config.publicUrl }, log);
    case 'local':
      return new LocalAnalytics(db, log);
    case 'off':
      return OFF;
  }
}
