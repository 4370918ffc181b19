import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_TOKEN_LIMITS, API_TOKEN_MESSAGES, type ApiScope } from '#domain/api-access';
import { AppError } from '#domain/errors';
import type { RateLimitStore } from '../../adapters/rate-limit/rate-limit-store.ts';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import type { SessionPolicy } from '../../policies/sessions.ts';
import { assertTokenMay, type BearerToken, tokenOfBearer } from '../../services/api-tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The scope an API token needs for this route (docs/integrations.md "Tokens"). A route without
     * one is for signed-in sessions only: a bearer request there is 403 insufficient_scope.
     */
    apiScope?: ApiScope;
    /**
     * The route reads `Authorization: Bearer` itself, for a secret that is not an API token (the
     * metrics' METRICS_TOKEN): this plugin leaves its requests alone.
     */
    ownBearer?: boolean;
  }
  interface FastifyRequest {
    /** The request carries `Authorization: Bearer …`: its cookies are not read. */
    bearer: boolean;
    /** The checked API token of a bearer request on a route of its scope; null otherwise. */
    apiToken: BearerToken | null;
  }
}

/**
 * A token's session row never slides or ends by itself (decision 0049): revoking the token ends it.
 * The policy every session check of a bearer request uses.
 */
export const TOKEN_SESSION_POLICY: SessionPolicy = {
  idleMs: 100 * 365 * 24 * 60 * 60_000,
  maxMs: 100 * 365 * 24 * 60 * 60_000,
};

/** The secret of `Authorization: Bearer <secret>`, or null when the request does not use the scheme. */
export function bearerSecretOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer(?:\s+(\S*))?\s*$/i.exec(header);
  return match ? (match[1] ?? '') : null;
}

/**
 * API tokens in place of the session cookie (decision 0049). A bearer request is judged by its token
 * alone: its cookies are dropped (so neither a session nor a recipient cookie acts with it, and the
 * CSRF guard, which protects cookies, lets it pass). On a route that declares `apiScope`: the token is
 * looked up (unknown or revoked: 401), counted against its own rate limit (RateLimit-* headers; past
 * it, 429), its team's plan and its scopes checked (403), and then it is presented to the rest of the
 * request as the session of the member who made it, in the token's team only: every route and
 * statement that checks a session checks the token's session row the same way.
 */
export function registerApiTokens(
  app: FastifyInstance,
  config: Config,
  db: Database,
  store: RateLimitStore,
  sessionCookie: string,
): void {
  app.decorateRequest('bearer', false);
  app.decorateRequest('apiToken', null);
  // A callback hook, not an async one: a request without a bearer (every browser's) costs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const secret = bearerSecretOf(request);
    if (secret === null || request.routeOptions.config?.ownBearer) return done();
    request.bearer = true;
    request.cookies = {};
    const scope = request.routeOptions.config?.apiScope;
    if (!scope) return done();
    const asToken = async () => {
      const token = await tokenOfBearer(db, secret);
      await countRequest(store, token, reply, config.apiTokenRequestsPerMinute);
      assertTokenMay(token, scope);
      request.apiToken = token;
      request.cookies[sessionCookie] = secret;
    };
    asToken().then(() => done(), done);
  });
}

/**
 * The token's own limit, in the shared store (every instance counts against one limit), with the
 * RateLimit-* headers of the IETF draft on every answer; past the limit, 429 with Retry-After.
 */
async function countRequest(
  store: RateLimitStore,
  token: BearerToken,
  reply: FastifyReply,
  limit: number,
): Promise<void> {
  const windowMs = API_TOKEN_LIMITS.windowMs;
  const { hits, resetMs } = await store.hit(`api-token ${token.id}`, windowMs).catch((error: unknown) => {
    reply.log.error({ err: error, store: store.kind }, 'rate limit store failed');
    throw new AppError('service_unavailable', 'Please try again in a moment.');
  });
  const resetSeconds = Math.max(1, Math.ceil(resetMs / 1000));
  reply.header('ratelimit-limit', String(limit));
  reply.header('ratelimit-remaining', String(Math.max(0, limit - hits)));
  reply.header('ratelimit-reset', String(resetSeconds));
  reply.header('ratelimit-policy', `${limit};w=${Math.round(windowMs / 1000)}`);
  if (hits > limit) {
    throw new AppError(
      'rate_limited',
      `This token made too many requests. Please try again in ${resetSeconds} s.`,
      {
        retryAfter: resetSeconds,
      },
    );
  }
}

/**
 * On a bearer request to a route tokens may not use, the "please sign in" a route answers (its cookies
 * were dropped) says what is wrong instead: 403 insufficient_scope, scope `session`.
 */
export function bearerRefusal(request: FastifyRequest, error: AppError): AppError {
  if (error.code !== 'unauthenticated' || !request.bearer || request.routeOptions.config?.apiScope) {
    return error;
  }
  return new AppError('insufficient_scope', API_TOKEN_MESSAGES.sessionOnly, { scope: 'session' });
}
