import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#domain/errors';
import type { RateLimitStore } from '../../adapters/rate-limit/rate-limit-store.ts';
import { addressKey } from '../../ip-addresses.ts';
import type { CodeRequester } from '../../services/share-send-limits.ts';

/**
 * The key every per-address limit counts this request's client under: its address as `request.ip`
 * gives it (TRUST_PROXY decides what that is), an IPv6 one as its network of RATE_LIMIT_IPV6_PREFIX
 * bits (docs/decisions/0042). Logs and records keep `request.ip` itself.
 */
export function clientKey(request: FastifyRequest): string {
  return addressKey(request.ip ?? 'inject', request.server.config.rateLimitIpv6Prefix);
}

/**
 * Who asks for a code (the JSON routes and the code screen's form): the address, kept in the send's
 * record, and the key the SMS limit counts.
 */
export function requesterOf(request: FastifyRequest): CodeRequester {
  return { ip: request.ip, network: clientKey(request) };
}

/**
 * The per-address limits of the routes that declare `config.rateLimit` (@fastify/rate-limit), counted
 * in the shared store (adapters/rate-limit: PostgreSQL, or Redis with REDIS_URL), so every instance
 * behind a balancer counts against one limit (docs/decisions/0020). A key is the route and the
 * client's key (clientKey).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  store: RateLimitStore,
  log: FastifyBaseLogger,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: pluginStore(store, log),
    keyGenerator: clientKey,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many requests. Please try again in ${context.after}.`, {
        retryAfter: Math.ceil(context.ttl / 1000),
      }),
  });
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The plugin's store contract over ours: it makes one store (`new Store(options)`), then a child per
 * rate-limited route, whose keys we prefix with the route. A store that cannot answer (the database
 * or Redis away) makes the request a 503, never a pass: a limit that lapses when its store is down
 * would be a way around it.
 */
function pluginStore(store: RateLimitStore, log: FastifyBaseLogger) {
  return class SharedRateLimitStore {
    readonly #prefix: string;

    constructor(prefix?: unknown) {
      this.#prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      store.hit(`${this.#prefix}${key}`, timeWindow).then(
        ({ hits, resetMs }) => callback(null, { current: hits, ttl: resetMs }),
        (error: unknown) => {
          log.error({ err: error, store: store.kind }, 'rate limit store failed');
          callback(new AppError('service_unavailable', 'Please try again in a moment.'));
        },
      );
    }

    child(routeOptions: {
      method?: unknown;
      url?: unknown;
      routeInfo?: { method?: unknown; url?: unknown };
      countsAs?: unknown;
    }) {
      // A limit counted with a route's own (countedAsRoute): the same keys, so one allowance for both.
      if (typeof routeOptions.countsAs === 'string') return new SharedRateLimitStore(routeOptions.countsAs);
      const route = routeOptions.routeInfo ?? routeOptions;
      const method = Array.isArray(route.method) ? route.method.join(',') : String(route.method ?? '');
      return new SharedRateLimitStore(`${method} ${String(route.url ?? '')} `);
    }
  };
}

/** A request over a limit: how long until it is allowed again. */
export interface LimitExceeded {
  retryAfterSeconds: number;
}

/**
 * A per-address limit checked by hand, counted under a route's own key (`POST /api/verification/verify`)
 * so that a page's form (the code screen, decision 0061) and the JSON route beside it share one
 * allowance, not one each. Counts this request; null while within the limit.
 */
export function countedAsRoute(
  app: FastifyInstance,
  route: { method: string; url: string; max: number; timeWindow: string },
): (request: FastifyRequest) => Promise<LimitExceeded | null> {
  const limit = app.createRateLimit({
    max: route.max,
    timeWindow: route.timeWindow,
    countsAs: `${route.method} ${route.url} `,
  } as Parameters<FastifyInstance['createRateLimit']>[0]);
  return async (request) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return null;
    return { retryAfterSeconds: Math.max(1, result.ttlInSeconds) };
  };
}
