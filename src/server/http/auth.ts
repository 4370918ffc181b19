import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#domain/errors';
import type { AuthMeResponse } from '#domain/user';
import { DevLoginInput, UserRegistrationInput } from '#domain/user-input';
import { AuthMeSchema, SignedInUserSchema } from '#domain/user-response';
import { upsertLocalAccount } from '../adapters/identity/local-provider.ts';
import type { OidcClient } from '../adapters/identity/oidc-client.ts';
import { type Config, usesSecureCookies } from '../config.ts';
import type { Database } from '../db/client.ts';
import { escapeHtml, popupPage } from '../html.ts';
import { AUTH_FLOW_TTL_MS, saveAuthFlow, takeAuthFlow } from '../services/auth-flows.ts';
import { registerUser, upsertUserFromIdentity } from '../services/users.ts';
import { recordEvent } from './analytics.ts';
import { answers, htmlPage, noBody } from './responses.ts';
import { endSession, requireUser, startSession } from './session.ts';

const FLOW_COOKIE = 'listsync_auth_flow';
const FLOW_COOKIE_PATH = '/api/auth';

/**
 * Failure codes the popup reports to the opener; the client maps each to a clear message.
 * They follow the names of the spec's provider error codes where one fits.
 */
type PopupFailure = 'network-request-failed' | 'cancelled-popup-request' | 'internal-error' | 'user-mismatch';

function popupResult(
  reply: FastifyReply,
  siteName: string,
  result: { ok: true } | { ok: false; code: PopupFailure; message: string },
) {
  const body = result.ok
    ? `<h1>You are signed in</h1><p>This window closes by itself. You can return to ${escapeHtml(siteName)}.</p>`
    : `<h1>Sign-in failed</h1><div class="error" role="alert">${escapeHtml(result.message)}</div><p>Close this window and try again.</p><button class="primary" id="close-popup" type="button">Close window</button>`;
  return reply
    .status(result.ok ? 200 : 400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(popupPage({ title: result.ok ? 'Signed in' : 'Sign-in failed', body, data: result, script: true }));
}

/** What each route takes and answers (the OpenAPI document and the tests' check of answers read them). */
const SCHEMAS = {
  me: { tags: ['account'], response: answers({ 200: AuthMeSchema }) },
  login: {
    tags: ['account'],
    response: answers({
      302: noBody('To the OpenID provider (the popup follows it)'),
      400: htmlPage('The provider could not be reached: the popup says so'),
    }),
  },
  callback: {
    tags: ['account'],
    response: answers({
      200: htmlPage('Signed in: the popup tells the opener and closes'),
      400: htmlPage('The sign-in failed: the popup says why'),
    }),
  },
  logout: { tags: ['account'], response: answers({ 204: noBody('Signed out: the session ended') }) },
  register: {
    tags: ['account'],
    body: UserRegistrationInput,
    response: answers({ 200: SignedInUserSchema }, ['unauthenticated', 'forbidden']),
  },
  devLogin: { tags: ['local mode'], body: DevLoginInput, response: answers({ 200: SignedInUserSchema }) },
};

export interface AuthRoutesOptions {
  config: Config;
  db: Database;
  oidc: OidcClient;
  /** Present in local mode only: the dev login signs users in as the local provider would. */
  localIssuer: string | null;
}

export async function authRoutes(app: FastifyInstance, { config, db, oidc, localIssuer }: AuthRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const flowCookieOptions = {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: usesSecureCookies(config),
  };

  routes.get('/api/auth/me', { schema: SCHEMAS.me }, async (request, reply): Promise<AuthMeResponse> => {
    reply.header('cache-control', 'no-store');
    return { user: await request.currentUser() };
  });

  // Opened in the popup: starts the authorization code flow and sends the browser to the provider.
  routes.get(
    '/api/auth/login',
    { schema: SCHEMAS.login, config: { rateLimit: { max: 60, timeWindow: '10 minutes' } } },
    async (request, reply) => {
      let started: Awaited<ReturnType<OidcClient['begin']>>;
      try {
        started = await oidc.begin();
      } catch (error) {
        request.log.error({ err: error }, 'sign-in provider unreachable');
        return popupResult(reply, config.siteName, {
          ok: false,
          code: 'network-request-failed',
          message: 'The sign-in provider could not be reached. Check your connection and try again.',
        });
      }
      const key = await saveAuthFlow(db, started.checks);
      reply.setCookie(FLOW_COOKIE, key, { ...flowCookieOptions, maxAge: AUTH_FLOW_TTL_MS / 1000 });
      return reply.header('cache-control', 'no-store').redirect(started.url.href);
    },
  );

  routes.get('/api/auth/callback', { schema: SCHEMAS.callback }, async (request, reply) => {
    const key = request.cookies[FLOW_COOKIE];
    reply.clearCookie(FLOW_COOKIE, flowCookieOptions);
    const query = request.query as Record<string, string | undefined>;
    if (query.error) {
      const cancelled = query.error === 'access_denied';
      return popupResult(reply, config.siteName, {
        ok: false,
        code: cancelled ? 'cancelled-popup-request' : 'internal-error',
        message: cancelled ? 'Sign-in was cancelled.' : 'The sign-in provider refused the request.',
      });
    }
    const checks = key ? await takeAuthFlow(db, key) : null;
    if (!checks) {
      return popupResult(reply, config.siteName, {
        ok: false,
        code: 'internal-error',
        message: 'This sign-in expired or was started in another browser. Please sign in again.',
      });
    }
    try {
      const callbackUrl = new URL(request.url, config.publicUrl);
      const identity = await oidc.complete(callbackUrl, checks);
      const user = await upsertUserFromIdentity(db, identity);
      await startSession(request, reply, config, db, user.uid);
      request.log.info({ uid: user.uid }, 'signed in');
      recordEvent(request, 'sign_in');
      return popupResult(reply, config.siteName, { ok: true });
    } catch (error) {
      const message =
        error instanceof AppError ? error.message : 'The sign-in could not be verified. Please try again.';
      request.log.warn(
        { err: { name: (error as Error).name, message: (error as Error).message } },
        'sign-in refused',
      );
      return popupResult(reply, config.siteName, { ok: false, code: 'user-mismatch', message });
    }
  });

  routes.post('/api/auth/logout', { schema: SCHEMAS.logout }, async (request, reply) => {
    await endSession(request, reply, config, db);
    return reply.status(204).send();
  });

  routes.post('/api/user/register', { schema: SCHEMAS.register }, async (request) => {
    const user = await requireUser(request);
    return { user: await registerUser(db, user, request.body) };
  });

  if (localIssuer) {
    // Local mode only: tests and scripts sign in without the popup, through the same user and session path.
    routes.post('/api/dev/login', { schema: SCHEMAS.devLogin }, async (request, reply) => {
      const { email, displayName } = request.body;
      await upsertLocalAccount(db, email, displayName);
      const user = await upsertUserFromIdentity(db, {
        issuer: localIssuer,
        subject: email,
        email,
        emailVerified: true,
        displayName,
        pictureUrl: null,
      });
      await startSession(request, reply, config, db, user.uid);
      return { user };
    });
  }
}
