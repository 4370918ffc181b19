import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '#domain/user';
import { type Config, usesSecureCookies } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import type { Caller, SignedInMember } from '../../policies/checklists.ts';
import {
  type SessionCheck,
  type SessionPolicy,
  sessionCheck,
  sessionRequired,
} from '../../policies/sessions.ts';
import { closeSession, resolveSession } from '../../services/sessions.ts';
import { TOKEN_SESSION_POLICY } from './api-tokens.ts';
import { recipientBrowserHash, recipientCookieName } from './recipient.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks the session in its own query (see sessionCheckOf). */
    sessionInQuery?: boolean;
    /**
     * A verified share recipient may use the route too: it passes `callerOf(request)` to its service,
     * whose policy (policies/checklists.ts) decides who is asking.
     */
    recipients?: boolean;
    /** The route's proof is a signed token in its URL: cross-site posts pass the CSRF guard (security.ts). */
    crossSiteAllowed?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved once per request from the session cookie; null when signed out. */
    currentUser(): Promise<User | null>;
    /** The signed-in user with the team their session works in; null when signed out. */
    currentMember(): Promise<SignedInMember | null>;
  }
}

/** `__Host-` binds the cookie to our exact origin, but browsers accept that prefix only with Secure. */
export function sessionCookieName(config: Config): string {
  return usesSecureCookies(config) ? '__Host-listsync_session' : 'listsync_session';
}

export function registerSessions(app: FastifyInstance, config: Config, db: Database): void {
  const cookieName = sessionCookieName(config);
  const cache = new WeakMap<FastifyRequest, Promise<SignedInMember | null>>();

  function member(request: FastifyRequest): Promise<SignedInMember | null> {
    let pending = cache.get(request);
    if (!pending) {
      const secret = request.cookies[cookieName];
      const viaToken = request.apiToken !== null;
      pending = secret
        ? resolveSession(db, secret, sessionPolicyOf(request)).then((session) =>
            session
              ? { user: session.user, teamId: session.teamId, ...(viaToken ? { viaToken } : {}) }
              : null,
          )
        : Promise.resolve(null);
      cache.set(request, pending);
    }
    return pending;
  }

  app.decorateRequest('currentMember', function (this: FastifyRequest) {
    return member(this);
  });
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    return member(this).then((found) => found?.user ?? null);
  });
}

export async function requireUser(request: FastifyRequest): Promise<User> {
  return (await requireMember(request)).user;
}

/** The signed-in user and their active team (docs/teams.md); 401 when signed out. */
export async function requireMember(request: FastifyRequest): Promise<SignedInMember> {
  const found = await request.currentMember();
  if (!found) throw sessionRequired();
  return found;
}

/**
 * For a plugin whose every route needs a signed-in user: the session is checked as the request
 * arrives, before its body is read or validated, so an anonymous request answers 401 whatever it
 * sends (and no one unsigned can make us parse a large body). The answers are private: never stored.
 */
export function authenticateFirst(app: FastifyInstance): void {
  const cookieName = sessionCookieName(app.config);
  const recipientCookie = recipientCookieName(app.config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('cache-control', 'no-store');
    const { sessionInQuery, recipients } = request.routeOptions.config;
    if (sessionInQuery || recipients) {
      // The route checks the session (or the recipient's grant) itself; with neither cookie, nobody is
      // asking. Decided here without a promise: these are the hot routes (decision 0065).
      const asRecipient = recipients && Boolean(request.cookies[recipientCookie]);
      done(!request.cookies[cookieName] && !asRecipient ? sessionRequired() : undefined);
    } else {
      requireUser(request).then(() => done(), done);
    }
  });
}

/**
 * The session proof of a route marked `sessionInQuery`: such a route checks the session in the same
 * database round trip as its own work (its hot path then costs one), and answers 401 itself when the
 * session is unknown or expired. Its body, if any, must be small: it is read before that check.
 */
export function sessionCheckOf(request: FastifyRequest, now = new Date()): SessionCheck | null {
  const { config } = request.server;
  const secret = request.cookies[sessionCookieName(config)];
  return secret ? sessionCheck(secret, sessionPolicyOf(request), now) : null;
}

/** A person's session slides (SESSION_IDLE_HOURS, SESSION_MAX_HOURS); an API token's never ends by itself. */
function sessionPolicyOf(request: FastifyRequest): SessionPolicy {
  return request.apiToken ? TOKEN_SESSION_POLICY : request.server.config.session;
}

/** `sessionCheckOf`, or 401 when the request carries no session cookie. */
export function requiredSessionCheck(request: FastifyRequest): SessionCheck {
  const session = sessionCheckOf(request);
  if (!session) throw sessionRequired();
  return session;
}

/**
 * Who is asking, on the routes a verified recipient may use too (a tick, remarks, submit, photos): the
 * owner's session and the recipient cookie, each if present. A browser may carry both (an owner who
 * opened a checklist shared with them); the policy (policies/checklists.ts) decides which one acts.
 */
export function callerOf(request: FastifyRequest): Caller {
  const now = new Date();
  return { session: sessionCheckOf(request, now), browserHash: recipientBrowserHash(request), now };
}

/** The session cookie's secret the browser holds now, if any (a sign-in closes that session). */
export function sessionSecretOf(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request.server.config)];
}

/** Sets the cookie of a session just opened (services/sign-in.ts rotates the session at every sign-in). */
export function setSessionCookie(reply: FastifyReply, config: Config, secret: string): void {
  reply.setCookie(sessionCookieName(config), secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: usesSecureCookies(config),
    maxAge: Math.floor(config.session.maxMs / 1000),
  });
}

export async function endSession(request: FastifyRequest, reply: FastifyReply, config: Config, db: Database) {
  const cookieName = sessionCookieName(config);
  const secret = request.cookies[cookieName];
  if (secret) await closeSession(db, secret);
  reply.clearCookie(cookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: usesSecureCookies(config),
  });
}
