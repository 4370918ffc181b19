import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AnalyticsEventInput,
  type AnalyticsEventName,
  type AnalyticsProps,
  referrerOrigin,
  scrubPath,
  scrubProps,
} from '#domain/analytics';
import { isBuiltInTemplateId } from '#domain/built-in-templates';
import type { TaskPatch } from '#domain/checklist';
import { AnalyticsEventListSchema } from '#domain/local-mode';
import type { ShareSendData } from '#domain/sharing-input';
import { type ChecklistCreateData, isFromTemplate } from '#domain/templates';
import {
  type AnalyticsSink,
  LocalAnalytics,
  type RecordedEvent,
} from '../adapters/analytics/analytics-sink.ts';
import { REPLAYED_HEADER } from './idempotency.ts';
import { answers, noBody } from './responses.ts';
import { sessionCookieName } from './session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Page views and events (adapters/analytics). Server code records through it too, best with
     * recordEvent(request, name, props); never awaited inside a request.
     */
    analytics: AnalyticsSink;
  }
}

/** The beacon's body is a few hundred bytes; anything near this is not ours. */
const EVENT_BODY_LIMIT = 4_096;

/** What each route takes and answers (the OpenAPI document and the tests' check of answers read them). */
const SCHEMAS = {
  event: {
    tags: ['analytics'],
    body: AnalyticsEventInput,
    response: answers({ 202: noBody('Taken: recorded in the background') }),
  },
  devEvents: { tags: ['local mode'], response: answers({ 200: AnalyticsEventListSchema }) },
};

/**
 * POST /api/analytics/events: the browser's page views and events, for anyone (signed in or not).
 * The path and props are scrubbed here whatever the client did; the event goes on in the background,
 * so the answer (202) never waits for the analytics service.
 */
export async function analyticsRoutes(app: FastifyInstance, { sink }: { sink: AnalyticsSink }) {
  const { config } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // navigator.sendBeacon sends a string as text/plain (a simple request, no preflight): it is our JSON.
  // Only this plugin's routes read text/plain this way.
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: EVENT_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
      }
    },
  );

  routes.post(
    '/api/analytics/events',
    {
      schema: SCHEMAS.event,
      bodyLimit: EVENT_BODY_LIMIT,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { name, path, props, referrer } = request.body;
      const from = name === 'pageview' ? referrerOrigin(referrer, config.publicUrl.origin) : undefined;
      void sink.record({
        name,
        path: scrubPath(path),
        props: scrubProps(props),
        ...visitorOf(request),
        ...(from ? { referrer: from } : {}),
      });
      return reply.header('cache-control', 'no-store').status(202).send();
    },
  );

  // Local mode only (never in production): what was recorded, newest first.
  if (sink instanceof LocalAnalytics && config.appEnv !== 'production') {
    app.get(
      '/api/dev/analytics',
      { schema: SCHEMAS.devEvents },
      async (_request, reply): Promise<{ events: RecordedEvent[] }> => {
        reply.header('cache-control', 'no-store');
        return { events: await sink.list() };
      },
    );
  }
}

/** What the analytics service needs to count unique visitors (it keeps neither: it hashes them daily). */
function visitorOf(request: FastifyRequest): { userAgent: string; clientIp: string } {
  return { userAgent: request.headers['user-agent'] ?? '', clientIp: request.ip };
}

/**
 * The page a request came from (its Referer, when it is one of ours), reduced to its route; for a
 * request from elsewhere (a popup's redirect, a script), the API route itself.
 */
function pageOf(request: FastifyRequest): string {
  const referer = request.headers.referer;
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.origin === request.server.config.publicUrl.origin) return scrubPath(url.pathname);
    } catch {
      // Not a URL: use the route.
    }
  }
  return scrubPath(request.routeOptions.url ?? '/');
}

/**
 * Records a server-side event for this request (the visitor's user agent and address go to the
 * analytics service for its visitor count, the props are scrubbed). Fire and forget.
 */
export function recordEvent(request: FastifyRequest, name: AnalyticsEventName, props: AnalyticsProps = {}) {
  const sink = request.server.analytics;
  if (sink.kind === 'off') return;
  void sink.record({ name, path: pageOf(request), props: scrubProps(props), ...visitorOf(request) });
}

interface ActionEvent {
  name: AnalyticsEventName;
  /** The props, or null when this answer was not the action (a task unticked, a sign-out with no session). */
  props?(request: FastifyRequest): AnalyticsProps | null;
}

/**
 * What people do, recorded where it is sure to have happened: the server's successful answer to the
 * action (an offline replay answered from its Idempotency-Key is not counted twice). Recording here
 * costs the browser no code (the shared page has no room in its budget), and no route has to
 * remember it. Sign-in is recorded by the sign-in callback itself (its answer is a page either way).
 */
const ACTIONS: Record<string, ActionEvent> = {
  'POST /api/auth/logout': {
    name: 'sign_out',
    props: (request) => (request.cookies[sessionCookieName(request.server.config)] ? {} : null),
  },
  'POST /api/checklists': {
    name: 'checklist_created',
    // Which template, when one: a built-in one by its id, an owner's own only as 'own' (its id is theirs).
    props: (request): AnalyticsProps => {
      const body = request.body as ChecklistCreateData;
      if (!isFromTemplate(body)) return {};
      return { source: 'template', template: isBuiltInTemplateId(body.templateId) ? body.templateId : 'own' };
    },
  },
  'POST /api/checklists/:id/duplicate': { name: 'checklist_created', props: () => ({ source: 'duplicate' }) },
  'PUT /api/checklists/:id': { name: 'checklist_updated' },
  'DELETE /api/checklists/:id': { name: 'checklist_deleted' },
  'PATCH /api/checklists/:id/tasks/:taskId': {
    name: 'task_completed',
    props: (request) => ((request.body as TaskPatch).completed === true ? {} : null),
  },
  'POST /api/checklists/:id/tasks/:taskId/photo': { name: 'photo_uploaded' },
  'POST /api/checklists/:id/submit': { name: 'checklist_submitted' },
  'POST /api/verification/send': {
    name: 'checklist_shared',
    props: (request) => {
      const share = request.body as ShareSendData;
      return {
        channel: share.phone ? 'sms' : 'email',
        language: share.targetLanguage,
        new_link: share.newLink,
      };
    },
  },
  'POST /api/verification/verify': { name: 'share_verified' },
  'POST /api/mailing-list/subscribe': { name: 'mailing_list_signup' },
  'POST /api/sms-consent': { name: 'sms_consent_recorded' },
};

/** Who acted, as the route's own statement decided it (so the event costs no session lookup). */
const actors = new WeakMap<FastifyRequest, 'owner' | 'recipient'>();

/** Tells the action event who acted, on a route a recipient may use too. */
export function noteActor(request: FastifyRequest, kind: 'owner' | 'recipient'): void {
  actors.set(request, kind);
}

export function recordActionEvents(app: FastifyInstance, sink: AnalyticsSink): void {
  if (sink.kind === 'off') return;
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 300 || reply.getHeader(REPLAYED_HEADER)) return;
    const route = request.routeOptions.url;
    const action = route ? ACTIONS[`${request.method} ${route}`] : undefined;
    if (!action) return;
    const props = action.props ? action.props(request) : {};
    if (!props) return;
    // Routes a share's recipient may use too: who did it (never which one).
    if (request.routeOptions.config.recipients) {
      props.actor = actors.get(request) ?? ((await request.currentUser()) ? 'owner' : 'recipient');
    }
    recordEvent(request, action.name, props);
  });
}
