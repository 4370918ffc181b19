import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AnalyticsEventName, type AnalyticsProps, scrubPath, scrubProps } from '#domain/analytics';
import { isBuiltInTemplateId } from '#domain/built-in-templates';
import type { TaskPatch } from '#domain/checklist';
import type { ShareSendData } from '#domain/sharing-input';
import { type ChecklistCreateData, isFromTemplate } from '#domain/templates';
import type { AnalyticsSink } from '../../adapters/analytics/analytics-sink.ts';
import { REPLAYED_HEADER } from './idempotency.ts';
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

/**
 * Server-side analytics of a request: what people do, recorded from the server's successful answers
 * (recordActionEvents), and recordEvent for the routes that record an event of their own. The
 * browser's beacon is routes/analytics.ts.
 */

/** What the analytics service needs to count unique visitors (it keeps neither: it hashes them daily). */
export function visitorOf(request: FastifyRequest): { userAgent: string; clientIp: string } {
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
  // A callback hook: most answers record nothing, and a tick knows its actor, so no promise is made.
  app.addHook('onResponse', (request, reply, done) => {
    done();
    if (reply.statusCode >= 300 || reply.getHeader(REPLAYED_HEADER)) return;
    const route = request.routeOptions.url;
    const action = route ? ACTIONS[`${request.method} ${route}`] : undefined;
    if (!action) return;
    const props = action.props ? action.props(request) : {};
    if (!props) return;
    // Routes a share's recipient may use too: who did it (never which one).
    const known = actors.get(request);
    if (!request.routeOptions.config.recipients || known) {
      if (known) props.actor = known;
      recordEvent(request, action.name, props);
      return;
    }
    request.currentUser().then(
      (user) => recordEvent(request, action.name, { ...props, actor: user ? 'owner' : 'recipient' }),
      (error: unknown) => request.log.warn({ err: error }, 'the action event could not tell who acted'),
    );
  });
}
