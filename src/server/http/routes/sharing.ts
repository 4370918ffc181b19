import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChecklistParams } from '#domain/checklist';
import { NOTIFICATION_LIMITS } from '#domain/notification-texts';
import { CodeNotReceivedAnswer, CodeNotReceivedInput } from '#domain/notifications';
import { SHARE_LIMITS } from '#domain/sharing';
import {
  ResendInput,
  SharedChecklistQuery,
  ShareParams,
  ShareSendInput,
  ShareTokenParams,
  VerifyInput,
} from '#domain/sharing-input';
import {
  ResendResponseSchema,
  SharedChecklistSchema,
  ShareListSchema,
  ShareResponseSchema,
  VerificationStatusSchema,
  VerifyResponseSchema,
} from '#domain/sharing-response';
import { ownerAccess } from '../../policies/checklists.ts';
import { presentCodeResent, presentShareSent, presentShareSummary } from '../../presenters/shares.ts';
import type { ChecklistCache } from '../../services/checklist-cache.ts';
import { reportCodeNotReceived } from '../../services/code-not-received.ts';
import { resendShareCode, type SharingContext, sendShareCode } from '../../services/share-delivery.ts';
import { readSharedChecklistBody, shareStatus, verifyShareCode } from '../../services/share-verification.ts';
import { announceTranslationLanded } from '../../services/shared-translation.ts';
import { listShares, revokeShare, sendNewLink } from '../../services/shares.ts';
import type { TranslationService } from '../../services/translation.ts';
import { sayRevision } from '../plugins/checklist-revision.ts';
import { requesterOf } from '../plugins/rate-limits.ts';
import { newRecipientSecret, recipientBrowserHash, setRecipientCookie } from '../plugins/recipient.ts';
import { answers, noBody, orJsonText } from '../plugins/responses.ts';
import { authenticateFirst, requireMember } from '../plugins/session.ts';

const TAG = 'sharing';

/** What each route takes and answers (the OpenAPI document and the tests' check of answers read them). */
const SCHEMAS = {
  // The shared page's "I didn't get a code" (decision 0024).
  codeNotReceived: {
    tags: [TAG],
    body: CodeNotReceivedInput,
    response: answers({ 200: CodeNotReceivedAnswer }, ['share_not_found', 'rate_limited']),
  },
  send: {
    tags: [TAG],
    body: ShareSendInput,
    response: answers({ 200: ShareResponseSchema }, [
      'unauthenticated',
      'not_found',
      'plan_limit_reached',
      'rate_limited',
      'delivery_failed',
    ]),
  },
  shares: {
    tags: [TAG],
    params: ChecklistParams,
    response: answers({ 200: ShareListSchema }, ['unauthenticated', 'not_found']),
  },
  revoke: {
    tags: [TAG],
    params: ShareParams,
    response: answers({ 204: noBody("Revoked: the link and every recipient's access end") }, [
      'unauthenticated',
      'not_found',
      'share_not_found',
    ]),
  },
  newLink: {
    tags: [TAG],
    params: ShareParams,
    response: answers({ 200: ShareResponseSchema }, [
      'unauthenticated',
      'not_found',
      'share_not_found',
      // The share's contact or language may be outside what is allowed now (countries, a plan downgrade).
      'validation_failed',
      'plan_limit_reached',
      'rate_limited',
      'delivery_failed',
    ]),
  },
  verify: {
    tags: [TAG],
    body: VerifyInput,
    response: answers({ 200: VerifyResponseSchema }, [
      'code_invalid',
      'share_not_found',
      'code_expired',
      'code_locked',
      'rate_limited',
    ]),
  },
  resend: {
    tags: [TAG],
    body: ResendInput,
    response: answers({ 200: ResendResponseSchema }, [
      'validation_failed',
      'share_not_found',
      'code_locked',
      'rate_limited',
      'delivery_failed',
    ]),
  },
  status: { tags: [TAG], params: ShareTokenParams, response: answers({ 200: VerificationStatusSchema }) },
  shared: {
    tags: [TAG],
    querystring: SharedChecklistQuery,
    response: answers({ 200: orJsonText(SharedChecklistSchema) }, [
      'verification_required',
      'share_not_found',
    ]),
  },
};

export interface SharingRoutesOptions {
  context: SharingContext;
  cache: ChecklistCache;
  translation: TranslationService;
}

/** The owner's side of sharing (docs/api.md "Sharing"): send a code and link, see and revoke shares. */
export async function ownerSharingRoutes(app: FastifyInstance, { context }: SharingRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);

  routes.post(
    '/api/verification/send',
    { schema: SCHEMAS.send, config: { apiScope: 'checklists:write' } },
    async (request) => {
      const access = ownerAccess(await requireMember(request));
      return presentShareSent(await sendShareCode(context, access, request.body, requesterOf(request)));
    },
  );

  routes.get(
    '/api/checklists/:id/shares',
    { schema: SCHEMAS.shares, config: { apiScope: 'checklists:read' } },
    async (request) => {
      const access = ownerAccess(await requireMember(request));
      return { shares: (await listShares(context.db, access, request.params.id)).map(presentShareSummary) };
    },
  );

  routes.post(
    '/api/checklists/:id/shares/:shareId/new-link',
    { schema: SCHEMAS.newLink, config: { apiScope: 'checklists:write' } },
    async (request) => {
      const access = ownerAccess(await requireMember(request));
      const { id, shareId } = request.params;
      return presentShareSent(await sendNewLink(context, access, id, shareId, requesterOf(request)));
    },
  );

  routes.delete(
    '/api/checklists/:id/shares/:shareId',
    { schema: SCHEMAS.revoke, config: { idempotent: 'body', apiScope: 'checklists:write' } },
    async (request, reply) => {
      const access = ownerAccess(await requireMember(request));
      await revokeShare(context.db, access, request.params.id, request.params.shareId);
      return reply.status(204).send();
    },
  );
}

const TEN_MINUTES = '10 minutes';
const HOUR = 60 * 60_000;

/**
 * The recipient's side: anyone holding a link may ask for a code and try it; only a browser that
 * proved the code reads the checklist. Per-IP limits here are per instance; the per-code and per-link
 * limits (kept in the database) are the real guards.
 */
export async function recipientSharingRoutes(
  app: FastifyInstance,
  { context, cache, translation }: SharingRoutesOptions,
) {
  const onTranslationLanded = announceTranslationLanded(context.db, app.log);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  routes.post(
    '/api/verification/verify',
    {
      schema: SCHEMAS.verify,
      config: { rateLimit: { max: SHARE_LIMITS.verifyPerIpPer10Minutes, timeWindow: TEN_MINUTES } },
    },
    async (request, reply) => {
      // The cookie is set only once the code is right, and always to a new secret: the one the
      // browser brought (if any) stops granting anything, its grants move to the new one.
      const fresh = newRecipientSecret();
      const verified = await verifyShareCode(context, request.body.token, request.body.code, {
        previous: recipientBrowserHash(request),
        next: fresh.browserHash,
      });
      setRecipientCookie(request, reply, fresh.secret);
      return verified;
    },
  );

  routes.post(
    '/api/verification/resend',
    { schema: SCHEMAS.resend, config: { rateLimit: { max: 20, timeWindow: TEN_MINUTES } } },
    async (request) =>
      presentCodeResent(await resendShareCode(context, request.body.token, requesterOf(request))),
  );

  routes.get('/api/verification/status/:token', { schema: SCHEMAS.status }, async (request) =>
    shareStatus(context, request.params.token, recipientBrowserHash(request)),
  );

  routes.get(
    '/api/shared/checklist',
    { schema: SCHEMAS.shared, config: { answersRevision: true } },
    async (request, reply) => {
      const read = await readSharedChecklistBody(
        context,
        cache,
        request.query.token,
        recipientBrowserHash(request),
        {
          translation,
          lang: request.query.lang,
          onTranslationLanded,
        },
      );
      return sayRevision(reply, read.revision).type('application/json; charset=utf-8').send(read.body);
    },
  );

  // No account: at most 5 per address an hour here, and one notice per share per 30 minutes in the
  // service (services/code-not-received.ts), so it cannot be used to flood an owner.
  routes.post(
    '/api/verification/code-not-received',
    {
      schema: SCHEMAS.codeNotReceived,
      config: { rateLimit: { max: NOTIFICATION_LIMITS.codeNotReceivedPerIpPerHour, timeWindow: HOUR } },
    },
    async (request) => reportCodeNotReceived(context, request.body.token),
  );
}
