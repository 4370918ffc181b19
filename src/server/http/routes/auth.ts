import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthMeResponse } from '#domain/user';
import { DevLoginInput, UserRegistrationInput } from '#domain/user-input';
import { AuthMeSchema, SignedInUserSchema } from '#domain/user-response';
import { type Config, usesSecureCookies } from '../../config/index.ts';
import { escapeHtml, popupPage } from '../../html.ts';
import {
  AUTH_FLOW_TTL_MS,
  beginSignIn,
  completeSignIn,
  devSignIn,
  type SignInBrowser,
  type SignInContext,
  type SignInOutcome,
} from '../../services/sign-in.ts';
import { registerUser } from '../../services/users.ts';
import { recordEvent } from '../plugins/analytics-events.ts';
import { answers, htmlPage, noBody } from '../plugins/responses.ts';
import { endSession, requireUser, sessionSecretOf, setSessionCookie } from '../plugins/session.ts';

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

/** The sign-in flow's cookie: read back by the callback only, over the same scheme as the session's. */
function flowCookieOptionsOf(config: Config) {
  return {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: usesSecureCookies(config),
  };
}

function browserOf(request: FastifyRequest): SignInBrowser {
  return {
    previousSessionSecret: sessionSecretOf(request),
    userAgent: request.headers['user-agent'] ?? '',
  };
}

export async function authRoutes(app: FastifyInstance, context: SignInContext) {
  const { config } = app;
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/auth/me', { schema: SCHEMAS.me }, async (request, reply): Promise<AuthMeResponse> => {
    reply.header('cache-control', 'no-store');
    return { user: await request.currentUser() };
  });

  popupSignInRoutes(app, context);

  routes.post('/api/auth/logout', { schema: SCHEMAS.logout }, async (request, reply) => {
    await endSession(request, reply, config, db);
    return reply.status(204).send();
  });

  routes.post('/api/user/register', { schema: SCHEMAS.register }, async (request) => {
    const user = await requireUser(request);
    return { user: await registerUser(db, user, request.body) };
  });

  if (context.localIssuer) {
    // Local mode only: tests and scripts sign in without the popup, through the same user and session path.
    routes.post('/api/dev/login', { schema: SCHEMAS.devLogin }, async (request, reply) => {
      const { user, secret } = await devSignIn(context, request.body, browserOf(request));
      setSessionCookie(reply, config, secret);
      return { user };
    });
  }
}

/** The popup's two steps: off to the provider, and back with its answer. */
function popupSignInRoutes(app: FastifyInstance, context: SignInContext) {
  const { config } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const flowCookieOptions = flowCookieOptionsOf(config);

  // Opened in the popup: starts the authorization code flow and sends the browser to the provider.
  routes.get(
    '/api/auth/login',
    { schema: SCHEMAS.login, config: { rateLimit: { max: 60, timeWindow: '10 minutes' } } },
    async (request, reply) => {
      const started = await beginSignIn(context);
      if (started.kind === 'provider-unreachable') {
        request.log.error({ err: started.error }, 'sign-in provider unreachable');
        return popupResult(reply, config.siteName, {
          ok: false,
          code: 'network-request-failed',
          message: 'The sign-in provider could not be reached. Check your connection and try again.',
        });
      }
      reply.setCookie(FLOW_COOKIE, started.flowKey, {
        ...flowCookieOptions,
        maxAge: AUTH_FLOW_TTL_MS / 1000,
      });
      return reply.header('cache-control', 'no-store').redirect(started.providerUrl.href);
    },
  );

  routes.get('/api/auth/callback', { schema: SCHEMAS.callback }, async (request, reply) => {
    const flowKey = request.cookies[FLOW_COOKIE];
    reply.clearCookie(FLOW_COOKIE, flowCookieOptions);
    const outcome = await completeSignIn(context, {
      flowKey,
      callbackUrl: new URL(request.url, config.publicUrl),
      ...browserOf(request),
    });
    return answerSignIn(request, reply, config, outcome);
  });
}

/** The popup's page for how the sign-in ended; a signed-in browser gets its session cookie too. */
function answerSignIn(request: FastifyRequest, reply: FastifyReply, config: Config, outcome: SignInOutcome) {
  switch (outcome.kind) {
    case 'signed-in':
      setSessionCookie(reply, config, outcome.secret);
      request.log.info({ uid: outcome.user.uid }, 'signed in');
      recordEvent(request, 'sign_in');
      return popupResult(reply, config.siteName, { ok: true });
    case 'refused-by-provider':
      return popupResult(reply, config.siteName, {
        ok: false,
        code: outcome.cancelled ? 'cancelled-popup-request' : 'internal-error',
        message: outcome.cancelled ? 'Sign-in was cancelled.' : 'The sign-in provider refused the request.',
      });
    case 'flow-expired':
      return popupResult(reply, config.siteName, {
        ok: false,
        code: 'internal-error',
        message: 'This sign-in expired or was started in another browser. Please sign in again.',
      });
    case 'not-verified': {
      const error = outcome.error as Error;
      request.log.warn({ err: { name: error.name, message: error.message } }, 'sign-in refused');
      return popupResult(reply, config.siteName, {
        ok: false,
        code: 'user-mismatch',
        message: outcome.message,
      });
    }
  }
}
