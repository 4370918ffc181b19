import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { DeliveryError, isTimeout } from './adapters/messaging/delivery-error.ts';
import { TranslationError } from './adapters/translation/translation-engine.ts';

/**
 * This app's Prometheus metrics (docs/decisions/0022), in a registry of its own: tests build several
 * apps in one process, and each counts only what it served. GET /metrics (http/routes/metrics.ts) reads it.
 * Every label value comes from a small fixed set (route patterns, never a path with ids in it).
 */

/** Who opened a socket, by the cookies of its handshake: an owner session wins over a recipient cookie. */
export type SocketKind = 'owner' | 'recipient' | 'anonymous';

/** The outside services whose failures are counted, at the adapter boundary. */
export type ProviderService = 'email' | 'sms' | 'storage' | 'translation' | 'billing';

/** What realtime/ reports: a socket opened or closed, and one observation per fan-out. */
export interface RealtimeMetrics {
  socketOpened(kind: SocketKind): void;
  socketClosed(kind: SocketKind): void;
  /** From the change notice's arrival (the oldest one this update covers) to the last socket written. */
  fanOut(lagMs: number): void;
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const FAN_OUT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** The label of a request outside any route (an unknown path): never the path itself. */
export const UNMATCHED_ROUTE = 'unmatched';

export class AppMetrics implements RealtimeMetrics {
  readonly registry = new Registry();
  readonly #requests: Histogram<'route' | 'method' | 'status_class'>;
  /** One child per route, method and status class, so a request costs a string key and one observe. */
  readonly #requestChildren = new Map<string, Histogram.Internal<'route' | 'method' | 'status_class'>>();
  readonly #sockets: Gauge<'kind'>;
  readonly #fanOut: Histogram;
  readonly #providerErrors: Counter<'service' | 'provider' | 'kind'>;
  readonly #billingRefused: Counter<'reason'>;
  readonly #queues = new Map<string, () => number>();
  #defaultsCollected = false;

  constructor() {
    const registers = [this.registry];
    this.#requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status class: latency (its _count is the request count)',
      labelNames: ['route', 'method', 'status_class'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.#sockets = new Gauge({
      name: 'listsync_websocket_connections',
      help: 'Open WebSocket connections, by who opened them (owner session, recipient cookie, neither)',
      labelNames: ['kind'],
      registers,
    });
    for (const kind of ['owner', 'recipient', 'anonymous'] as const) this.#sockets.set({ kind }, 0);
    this.#fanOut = new Histogram({
      name: 'listsync_realtime_fanout_lag_seconds',
      help: "Realtime: from a change notice's arrival on this instance to the update written to every socket following it",
      buckets: FAN_OUT_BUCKETS,
      registers,
    });
    this.#providerErrors = new Counter({
      name: 'listsync_provider_errors_total',
      help: 'Failed calls to outside services (e-mail, SMS, storage, translation, billing), by provider and kind of failure',
      labelNames: ['service', 'provider', 'kind'],
      registers,
    });
    this.#billingRefused = new Counter({
      name: 'listsync_billing_subscriptions_refused_total',
      help: 'Billing webhooks naming a subscription left unapplied: on a price the settings do not name, or of no known team',
      labelNames: ['reason'],
      registers,
    });
    const queues = this.#queues;
    new Gauge({
      name: 'listsync_queue_size',
      help: 'Work held in memory on this instance, waiting to be written or sent, by queue',
      labelNames: ['queue'],
      registers,
      collect() {
        for (const [queue, size] of queues) this.set({ queue }, size());
      },
    });
  }

  /** The process metrics (CPU, memory, event loop lag, GC, handles), once, when metrics are served. */
  collectDefaults(): void {
    if (this.#defaultsCollected) return;
    this.#defaultsCollected = true;
    collectDefaultMetrics({ register: this.registry });
  }

  /** A queue whose size is read at each scrape (nothing on the hot path). */
  queue(name: string, size: () => number): void {
    this.#queues.set(name, size);
  }

  /** One request: `route` is the route's pattern (`/api/checklists/:id`), undefined outside any route. */
  request(route: string | undefined, method: string, status: number, ms: number): void {
    const routeLabel = route ?? UNMATCHED_ROUTE;
    const statusClass = STATUS_CLASSES[Math.floor(status / 100) - 1] ?? '5xx';
    const key = `${method} ${statusClass} ${routeLabel}`;
    let child = this.#requestChildren.get(key);
    if (!child) {
      child = this.#requests.labels({ route: routeLabel, method, status_class: statusClass });
      this.#requestChildren.set(key, child);
    }
    child.observe(ms / 1000);
  }

  socketOpened(kind: SocketKind): void {
    this.#sockets.inc({ kind });
  }

  socketClosed(kind: SocketKind): void {
    this.#sockets.dec({ kind });
  }

  fanOut(lagMs: number): void {
    this.#fanOut.observe(lagMs / 1000);
  }

  /**
   * A webhook's subscription left unapplied (decision 0008): someone must look at the settings.
   * `reason` is one of services/billing-webhooks.ts RefusedSubscription (unknown_price, unknown_owner).
   */
  billingSubscriptionRefused(reason: string): void {
    this.#billingRefused.inc({ reason });
  }

  providerFailed(service: ProviderService, provider: string, error: unknown): void {
    this.#providerErrors.inc({ service, provider, kind: failureKind(error) });
  }
}

const SYSTEM_ERROR_KINDS: Record<string, string> = {
  ENOSPC: 'no_space',
  EDQUOT: 'no_space',
  EACCES: 'permission',
  EPERM: 'permission',
  EROFS: 'permission',
  ECONNREFUSED: 'unreachable',
  ECONNRESET: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ETIMEDOUT: 'timeout',
};

/**
 * A failure's kind, from a small fixed set: the adapters' own reasons (DeliveryError,
 * TranslationError), a timeout, a system error class, an HTTP status class, else 'error'.
 */
export function failureKind(error: unknown): string {
  if (error instanceof DeliveryError) return error.reason;
  if (error instanceof TranslationError) return error.kind;
  if (isTimeout(error)) return 'timeout';
  if (!(error instanceof Error)) return 'error';
  const code = (error as { code?: unknown }).code;
  const system = typeof code === 'string' ? SYSTEM_ERROR_KINDS[code] : undefined;
  if (system) return system;
  // The AWS SDK (S3) and Stripe say what the service answered.
  const status =
    (error as { $metadata?: { httpStatusCode?: unknown } }).$metadata?.httpStatusCode ??
    (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 600)
    return `http_${Math.floor(status / 100)}xx`;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error && cause !== error) {
    const causeKind = failureKind(cause);
    if (causeKind !== 'error') return causeKind;
  }
  return 'error';
}

/**
 * The same object, its named async methods counting their rejections (and throws) in `metrics`
 * before passing them on unchanged: the adapters and their interfaces stay as they are.
 */
export function countFailures<T extends object>(
  target: T,
  methods: Partial<Record<keyof T & string, { service: ProviderService; provider: string }>>,
  metrics: Pick<AppMetrics, 'providerFailed'>,
): T {
  const wrapped = new Map<string | symbol, unknown>();
  for (const [name, labels] of Object.entries(methods) as [
    keyof T & string,
    { service: ProviderService; provider: string },
  ][]) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    const failed = (error: unknown) => {
      metrics.providerFailed(labels.service, labels.provider, error);
      throw error;
    };
    wrapped.set(name, (...args: unknown[]) => {
      let result: unknown;
      try {
        result = original.apply(target, args);
      } catch (error) {
        failed(error);
      }
      return result instanceof Promise ? result.catch(failed) : result;
    });
  }
  // Everything else as it is, methods bound to the object itself (a class's #private fields need it).
  return new Proxy(target, {
    get: (object, property) => {
      const own = wrapped.get(property);
      if (own) return own;
      const value: unknown = Reflect.get(object, property);
      if (typeof value !== 'function') return value;
      const bound = value.bind(object);
      wrapped.set(property, bound);
      return bound;
    },
  });
}
