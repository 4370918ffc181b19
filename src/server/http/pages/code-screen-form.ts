import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CODE_SCREEN_INTENTS,
  type CodeScreenIntent,
  type DrawnCodeScreen,
  type DrawnError,
} from '#domain/code-screen';
import { AppError } from '#domain/errors';
import type { LanguageCode } from '#domain/languages';
import { NOTIFICATION_LIMITS } from '#domain/notification-texts';
import { SHARE_LIMITS } from '#domain/sharing';
import { VerifyInput } from '#domain/sharing-input';
import { presentCodeResent } from '../../presenters/shares.ts';
import { reportCodeNotReceived } from '../../services/code-not-received.ts';
import { resendShareCode, type SharingContext } from '../../services/share-delivery.ts';
import { verifyShareCode } from '../../services/share-verification.ts';
import { chosenEncoding } from '../plugins/content-encoding.ts';
import { compressText } from '../plugins/json-compression.ts';
import { countedAsRoute, type LimitExceeded, requesterOf } from '../plugins/rate-limits.ts';
import { newRecipientSecret, recipientBrowserHash, setRecipientCookie } from '../plugins/recipient.ts';
import { codePageHtml } from './code-screen-page.ts';
import { linkLanguageOf, type PrerenderedSite } from './prerendered-pages.ts';

/**
 * The recipient's code screen as a form (decision 0061; docs/api.md "The code screen's form"). Its
 * prerendered page posts to its own URL, form-encoded: `code` (Verify), or `intent=resend` (a new
 * code) or `intent=code-not-received` (tell the owner). Each calls the service its JSON route calls,
 * under that route's per-address limit (the same count: one allowance for both). A right code sets
 * the recipient cookie and answers 303 to the same URL, which then serves the checklist's page
 * (decision 0031); anything else answers the code screen, drawn with what was typed and the answer
 * in the page's language, with the JSON route's status. The CSRF guard (plugins/security.ts) refuses
 * a post from another site before it gets here.
 */

/** A form of one field: a few hundred bytes at most; anything larger is no post of this page. */
const FORM_BODY_LIMIT = 2_048;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

interface CodeScreenFormOptions {
  context: SharingContext;
  site: PrerenderedSite;
}

type Limits = Record<CodeScreenIntent, (request: FastifyRequest) => Promise<LimitExceeded | null>>;

/** Registered in a scope of its own: its body parser reads form posts (and only here). */
export async function codeScreenFormRoutes(app: FastifyInstance, options: CodeScreenFormOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  const limits: Limits = {
    verify: countedAsRoute(app, {
      method: 'POST',
      url: '/api/verification/verify',
      max: SHARE_LIMITS.verifyPerIpPer10Minutes,
      timeWindow: '10 minutes',
    }),
    resend: countedAsRoute(app, {
      method: 'POST',
      url: '/api/verification/resend',
      max: 20,
      timeWindow: '10 minutes',
    }),
    'code-not-received': countedAsRoute(app, {
      method: 'POST',
      url: '/api/verification/code-not-received',
      max: NOTIFICATION_LIMITS.codeNotReceivedPerIpPerHour,
      timeWindow: '1 hour',
    }),
  };
  const schema = { hide: true };
  const handler = (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) =>
    answerPost(request, reply, options, limits);
  app.post('/shared/:token', { schema }, handler);
  app.post('/shared/checklist/:token', { schema }, handler);
}

/** The form's fields, or null when the body is not a form post. */
function formFields(request: FastifyRequest): URLSearchParams | null {
  const type = request.headers['content-type'];
  if (typeof type !== 'string' || !FORM_TYPE.test(type)) return null;
  return new URLSearchParams(typeof request.body === 'string' ? request.body : '');
}

const errorOf = (error: AppError): DrawnError => ({
  status: error.status,
  body: error.toBody(),
  ...(typeof error.extra.retryAfter === 'number' ? { retryAfterSeconds: error.extra.retryAfter } : {}),
});

const rateLimited = ({ retryAfterSeconds }: LimitExceeded) =>
  new AppError('rate_limited', 'Too many requests. Please try again later.', {
    retryAfter: retryAfterSeconds,
  });

async function answerPost(
  request: FastifyRequest<{ Params: { token: string } }>,
  reply: FastifyReply,
  options: CodeScreenFormOptions,
  limits: Limits,
) {
  reply.header('cache-control', 'no-store');
  const fields = formFields(request);
  if (!fields) {
    const refused = new AppError(
      'unsupported_media_type',
      'Send the form as application/x-www-form-urlencoded.',
    );
    return sendCodeScreen(request, reply, options.site, refused.status, {
      code: '',
      verifyError: errorOf(refused),
    });
  }
  const named = fields.get('intent') ?? 'verify';
  const intent = (CODE_SCREEN_INTENTS as readonly string[]).includes(named)
    ? (named as CodeScreenIntent)
    : 'verify';
  const token = request.params.token;
  const code = (fields.get('code') ?? '').replace(/\s+/g, '').slice(0, SHARE_LIMITS.codeDigits);
  try {
    const exceeded = await limits[intent](request);
    if (exceeded) throw rateLimited(exceeded);
    if (intent === 'resend') {
      const resent = presentCodeResent(await resendShareCode(options.context, token, requesterOf(request)));
      return sendCodeScreen(request, reply, options.site, 200, { code, resent });
    }
    if (intent === 'code-not-received') {
      await reportCodeNotReceived(options.context, token);
      return sendCodeScreen(request, reply, options.site, 200, { code, told: 'told' });
    }
    const input = VerifyInput.safeParse({ token, code: fields.get('code') ?? '' });
    if (!input.success) {
      throw new AppError('validation_failed', input.error.issues[0]?.message ?? 'The code is not valid.');
    }
    const fresh = newRecipientSecret();
    await verifyShareCode(options.context, input.data.token, input.data.code, {
      previous: recipientBrowserHash(request),
      next: fresh.browserHash,
    });
    setRecipientCookie(request, reply, fresh.secret);
    return reply.code(303).header('location', request.url).send();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 429 && typeof error.extra.retryAfter === 'number') {
      reply.header('retry-after', String(error.extra.retryAfter));
    }
    return sendCodeScreen(request, reply, options.site, error.status, stateAfter(intent, code, error));
  }
}

/** What the screen shows after a refusal of this intent. */
function stateAfter(intent: CodeScreenIntent, code: string, error: AppError): DrawnCodeScreen {
  if (intent === 'resend') return { code, resendError: errorOf(error) };
  if (intent === 'code-not-received') {
    return { code, told: error.code === 'rate_limited' ? 'already' : 'failed' };
  }
  return { code, verifyError: errorOf(error) };
}

/** The code screen drawn for this answer, in the link's language (its prerendered page should drawing fail). */
function sendCodeScreen(
  request: FastifyRequest,
  reply: FastifyReply,
  site: PrerenderedSite,
  status: number,
  state: DrawnCodeScreen,
) {
  const url = new URL(request.url, 'http://app');
  const language: LanguageCode = linkLanguageOf(url.searchParams) ?? 'en';
  let html = site.pages.get(`shared-code-${language}`) ?? '';
  const template = site.codeScreens.get(language);
  if (template && site.renderCodeScreen) {
    try {
      const drawn = site.renderCodeScreen({
        path: url.pathname,
        search: url.search.slice(1),
        language,
        state,
      });
      html = codePageHtml(template, drawn.html);
    } catch (error) {
      request.log.error({ err: error }, 'Drawing the code screen failed: its prerendered page is sent');
    }
  }
  const encoding = chosenEncoding(request);
  reply.code(status).type('text/html; charset=utf-8').header('vary', 'Accept-Encoding, Cookie');
  if (!encoding) return reply.send(html);
  return reply.header('content-encoding', encoding).send(compressText(html, encoding));
}
