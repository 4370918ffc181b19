import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { REALTIME_LIMITS } from '#domain/realtime';
import type { AvatarFetcher } from './adapters/identity/avatar-fetcher.ts';
import { registerLocalProvider } from './adapters/identity/local-provider.ts';
import type { CalendarFeedReader } from './adapters/outbound/calendar-feed.ts';
import { type AppServices, composeServices } from './composition.ts';
import { type Config, publicConfig } from './config/index.ts';
import { fastifyTrustProxy } from './config/network.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerPopupAssets } from './http/pages/popup-pages.ts';
import { registerWebApp } from './http/pages/web-app.ts';
import { recordActionEvents } from './http/plugins/analytics-events.ts';
import { registerApiTokens } from './http/plugins/api-tokens.ts';
import { answerFrameworkError, registerErrorHandling } from './http/plugins/errors.ts';
import { registerIdempotency } from './http/plugins/idempotency.ts';
import { registerJsonCompression } from './http/plugins/json-compression.ts';
import { registerLocalOnlyGuard } from './http/plugins/local-only.ts';
import { registerRateLimits } from './http/plugins/rate-limits.ts';
import { recipientBrowserHash } from './http/plugins/recipient.ts';
import { registerBodyDeadline, requestTimeoutOptions } from './http/plugins/request-timeouts.ts';
import { type ResponseMismatch, registerResponseCheck } from './http/plugins/response-check.ts';
import { registerAnswers } from './http/plugins/responses.ts';
import { registerCsrfGuard, registerSecurityHeaders } from './http/plugins/security.ts';
import { registerSessions, sessionCookieName } from './http/plugins/session.ts';
import { inputValidatorCompiler } from './http/plugins/validation.ts';
import { proofRoutes } from './http/routes/activity.ts';
import { analyticsRoutes } from './http/routes/analytics.ts';
import { apiDocsRoutes, registerApiDocs } from './http/routes/api-docs.ts';
import { apiTokenRoutes } from './http/routes/api-tokens.ts';
import { authRoutes } from './http/routes/auth.ts';
import { avatarRoutes } from './http/routes/avatar.ts';
import { billingRoutes, billingWebhookRoutes, localBillingRoutes } from './http/routes/billing.ts';
import { calendarRoutes } from './http/routes/calendars.ts';
import { checklistAddressRoutes } from './http/routes/checklist-address.ts';
import { checklistExportRoutes } from './http/routes/checklist-export.ts';
import { checklistRoutes } from './http/routes/checklists.ts';
import { devOutboxRoutes } from './http/routes/dev-outbox.ts';
import { devSampleCalendarRoutes } from './http/routes/dev-sample-calendar.ts';
import { glossaryRoutes } from './http/routes/glossary.ts';
import { healthRoutes } from './http/routes/health.ts';
import { insightsRoutes } from './http/routes/insights.ts';
import { mailingListRoutes } from './http/routes/mailing-list.ts';
import { metricsRoutes, registerMetrics } from './http/routes/metrics.ts';
import { notificationRoutes } from './http/routes/notifications.ts';
import { photoRoutes } from './http/routes/photos.ts';
import { publicFormRoutes } from './http/routes/public-forms.ts';
import { realtimeRoutes } from './http/routes/realtime.ts';
import { reviewRoutes } from './http/routes/review.ts';
import { scheduleRoutes } from './http/routes/schedules.ts';
import { ownerSharingRoutes, recipientSharingRoutes } from './http/routes/sharing.ts';
import { subscriptionRoutes } from './http/routes/subscription.ts';
import { teamRoutes } from './http/routes/teams.ts';
import { templateRoutes } from './http/routes/templates.ts';
import { translationRoutes } from './http/routes/translation.ts';
import { verifyRoutes } from './http/routes/verify.ts';
import { webhookRoutes } from './http/routes/webhooks.ts';
import type { JobScheduler, JobSchedulerOptions } from './job-scheduler.ts';
import { loggerOptions } from './logging.ts';
import type { AppMetrics } from './metrics.ts';
import { clientBuildDir } from './paths.ts';
import { DEFAULT_REALTIME_OPTIONS, type RealtimeOptions, type RealtimeService } from './realtime/service.ts';
import type { CalendarSyncContext } from './services/calendar-sync.ts';
import type { MailingList } from './services/mailing-list.ts';
import type { OwnerNotifier, ReportAttachmentProvider } from './services/owner-notifications.ts';
import { readSharedPageAnswers } from './services/share-verification.ts';
import type { TranslationTimings } from './services/translation.ts';
import type { WebhookDispatcher, WebhookDispatcherOptions } from './services/webhook-dispatcher.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    config: Config;
    realtime: RealtimeService;
    /** The periodic jobs; main.ts starts them (tests call runDue). */
    jobs: JobScheduler;
    /** Tells owners what happened to their checklists (tests wait on `settle`). */
    notifications: OwnerNotifier;
    mailingList: MailingList;
    /** Booking calendars' syncs (tests call syncCalendar and syncDueCalendars with it). */
    calendarSync: CalendarSyncContext;
    /** Sends webhook deliveries; main.ts starts it (tests start it when they want deliveries). */
    webhooks: WebhookDispatcher;
  }
}

export interface BuildAppOptions {
  /** An already open database (tests share one across apps); otherwise one is opened from config. */
  database?: DatabaseHandle;
  /** Where the built client lives; defaults to dist/client. */
  clientDir?: string;
  /** Realtime timings and limits (tests shorten the heartbeat, the access re-check, the reconnect). */
  realtime?: Partial<RealtimeOptions>;
  /** How the periodic jobs are looked for (tests name the runner). */
  jobs?: Partial<JobSchedulerOptions>;
  /** Translation wait, retry and cool-down timings (tests shorten the retries). */
  translation?: Partial<TranslationTimings>;
  /**
   * Tests: every answer is checked against its route's declared schema for its status
   * (http/plugins/response-check.ts); a mismatch is reported here and answered 500 instead.
   */
  checkResponses?: (mismatch: ResponseMismatch) => void;
  /** Tests: sees every route as it is registered (the route test walks them). */
  onRoute?: (route: RouteOptions) => void;
  /** Tests: fetches profile pictures from a peer on this machine (the real fetcher refuses those). */
  avatarFetcher?: AvatarFetcher;
  /** Tests: reads booking calendars with shorter limits. */
  calendarFeeds?: CalendarFeedReader;
  /**
   * The completion report attached to the e-mail that tells an owner a recipient submitted (and the
   * last tick's): services/owner-notifications.ts. Without it the e-mail goes without an attachment.
   */
  attachReport?: ReportAttachmentProvider;
  /** Tests: a shorter interval between two e-mails with a checklist's report (10 minutes). */
  notifications?: { reportEmailIntervalMs?: number };
  /** Tests: the webhook dispatcher's timings (a short retry window, a short time limit). */
  webhooks?: Partial<WebhookDispatcherOptions>;
}

/**
 * A ready Fastify instance: database opened and migrated, every route registered, not listening.
 * Tests use it directly; main.ts adds listen and shutdown. The services come from composition.ts;
 * what follows registers the plugins, hooks and routes in their order (hooks run in the order they
 * were added, onClose hooks last added first).
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...requestTimeoutOptions(config.requestTimeouts),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(inputValidatorCompiler);
  const metrics = await registerFirstPlugins(app, config, options);
  const services = await composeServices(app, config, options, metrics);
  registerDatabase(app, config, services);
  await registerRequestPlugins(app, config, services, metrics);
  registerServiceLifecycle(app, services, metrics);
  // Local mode: the embedded OpenID provider at /oidc, with its account chooser.
  if (services.signIn.localProvider) {
    await registerLocalProvider(app, services.signIn.localProvider, services.database.db);
  }
  await registerApiRoutes(app, config, services);
  await registerRealtime(app, services, options);
  await registerPages(app, config, services, options);

  await app.ready();
  try {
    await services.realtime.start();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/** What must see every route: the common answers, the request metrics, the tests' hooks, the docs. */
async function registerFirstPlugins(
  app: FastifyInstance,
  config: Config,
  options: BuildAppOptions,
): Promise<AppMetrics> {
  // Before any route: every route's answers get their common errors, and the OpenAPI document lists it.
  registerAnswers(app);
  // First of the onRequest hooks: the body's clock starts as soon as its headers are in.
  registerBodyDeadline(app, config.requestTimeouts);
  // Before any route too: the request histogram's hook sees them all (docs/decisions/0022).
  const metrics = registerMetrics(app, config);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  await registerApiDocs(app, config);
  if (options.checkResponses) registerResponseCheck(app, options.checkResponses);
  return metrics;
}

function registerDatabase(app: FastifyInstance, config: Config, services: AppServices): void {
  const { database, afterCommit } = services;
  app.decorate('database', database);
  app.decorate('config', config);
  if (services.ownsDatabase) app.addHook('onClose', async () => database.close());
  // What follows committed changes (kept answers, change notices) is written once the requests in
  // flight have ended and before the database closes: onClose hooks run last registered first.
  app.addHook('onClose', async () => afterCommit.flush());
  // Once closing begins, a keep-alive connection whose answer is still under way closes as soon as it
  // is idle: closing waits for every connection, and one left open would hold the close (and the
  // writes above) until its idle timeout, 72 s, past main.ts's shutdown deadline.
  app.addHook('preClose', async () => {
    app.server.keepAliveTimeout = 1;
  });
}

/** What every request goes through, in this order: errors, headers, cookies, limits, guards, sessions… */
async function registerRequestPlugins(
  app: FastifyInstance,
  config: Config,
  services: AppServices,
  metrics: AppMetrics,
): Promise<void> {
  const { database, rateLimits, analytics } = services;
  registerErrorHandling(app);
  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  registerApiTokens(app, config, database.db, rateLimits, sessionCookieName(config));
  app.addHook('onClose', async () => rateLimits.close());
  await registerRateLimits(app, rateLimits, app.log);
  registerCsrfGuard(app, config);
  registerLocalOnlyGuard(app, config);
  registerSessions(app, config, database.db);
  app.decorate('analytics', analytics);
  metrics.queue('analytics_events', () => analytics.buffered?.() ?? 0);
  // Events held back for one insert are stored once the requests in flight have ended, before the
  // database closes.
  app.addHook('onClose', async () => analytics.flush?.());
  recordActionEvents(app, analytics);
  const answerKeeper = registerIdempotency(app, database.db, services.afterCommit);
  metrics.queue('idempotent_answers', () => answerKeeper.unwrittenCount);
  // Last of the answer's hooks: the kept answer and the tests' check read the JSON as it is.
  registerJsonCompression(app);
  registerPopupAssets(app);
}

/** The services tests and main.ts reach through the app, and what each finishes before the database closes. */
function registerServiceLifecycle(app: FastifyInstance, services: AppServices, metrics: AppMetrics): void {
  const { translation, notifier, mailingList, jobs } = services;
  metrics.queue('translation_texts', () => translation.textsInFlight);
  app.log.info(`Translation: ${translation.engine.describe()}`);
  // Before the database closes: retries stop, calls in flight end.
  app.addHook('preClose', async () => translation.close());
  app.decorate('notifications', notifier);
  app.decorate('mailingList', mailingList);
  // Confirmation e-mails under way are handed over before the database closes.
  app.addHook('preClose', async () => mailingList.settle());
  // Notices under way (a report being made, an e-mail being sent) end before the database closes;
  // report e-mails still waiting for their checklist's interval go at once, without the report.
  app.addHook('preClose', async () => notifier.close());
  app.decorate('jobs', jobs);
  app.decorate('calendarSync', services.calendars);
  // Jobs in hand finish before the database closes.
  app.addHook('preClose', async () => jobs.stop());
  app.decorate('webhooks', services.webhooks.dispatcher);
  // Attempts in flight write their outcome before the database closes.
  app.addHook('preClose', async () => services.webhooks.dispatcher.stop());
  metrics.queue('change_notices', () => services.afterCommit.queuedNotices);
  // Reports and HEIC photos on worker threads (decision 0041): running, and waiting for a thread.
  const { heavyWork } = services;
  metrics.queue('heavy_work_running', () => heavyWork.running);
  metrics.queue('heavy_work_waiting', () => heavyWork.waiting);
  // Once the requests in flight and the notices under way have ended: their work is done.
  app.addHook('onClose', async () => heavyWork.close());
  metrics.queue('grouped_task_changes', () => services.lanes.waitingChanges);
}

/** Every /api route (and /metrics), in the order the OpenAPI document lists them. */
async function registerApiRoutes(app: FastifyInstance, config: Config, services: AppServices): Promise<void> {
  const { database, cache, translation, sharing, photos, store } = services;
  const db = database.db;
  await app.register(healthRoutes, { database });
  await app.register(metricsRoutes, { token: config.metrics.token });
  await app.register(apiDocsRoutes);
  const { oidc, localIssuer } = services.signIn;
  await app.register(authRoutes, { db, oidc, sessionPolicy: config.session, localIssuer });
  await app.register(publicFormRoutes, { db });
  await app.register(avatarRoutes, { db, fetcher: services.avatarFetcher });
  await app.register(mailingListRoutes, { list: services.mailingList, context: services.mailingListContext });
  await app.register(verifyRoutes, { db });
  await app.register(checklistRoutes, {
    db,
    cache,
    lists: services.lists,
    cursors: services.secrets,
    photos,
    notices: services.afterCommit,
    lanes: services.lanes,
    notifier: services.notifier,
  });
  await app.register(reviewRoutes, {
    db,
    notices: { ...sharing, log: app.log },
    ...(sharing.warmTranslation ? { warmTranslation: sharing.warmTranslation } : {}),
  });
  await app.register(checklistAddressRoutes, { db, geocoder: services.geocoder, log: app.log });
  await app.register(checklistExportRoutes, { db });
  await app.register(insightsRoutes, { db });
  await app.register(notificationRoutes, { db, secrets: services.secrets, siteName: config.siteName });
  await app.register(photoRoutes, { photos, references: services.references });
  await app.register(templateRoutes, { db });
  await app.register(apiTokenRoutes, { db });
  await app.register(scheduleRoutes, { context: { db, sms: sharing.sms }, runner: { db, sharing } });
  await app.register(calendarRoutes, services.calendars);
  await app.register(webhookRoutes, services.webhooks.context);
  await app.register(teamRoutes, services.teams);
  await app.register(proofRoutes, {
    reports: { db, store, work: services.heavyWork, publicUrl: config.publicUrl },
    cursors: services.secrets,
  });
  await app.register(ownerSharingRoutes, { context: sharing, cache, translation });
  await app.register(recipientSharingRoutes, { context: sharing, cache, translation });
  await app.register(translationRoutes, { db, translation });
  await app.register(glossaryRoutes, { db, translation });
  await app.register(devOutboxRoutes, { config, db });
  await app.register(devSampleCalendarRoutes, { config });
  await app.register(subscriptionRoutes, { db });
  await app.register(analyticsRoutes, { sink: services.analytics });
  // Who may use local mode's test checkout (decision 0044): this computer only, unless a test deployment.
  const billing = {
    ...services.billing,
    testCheckoutReach: config.billing.kind === 'local' ? config.billing.reach : null,
  };
  await app.register(billingRoutes, billing);
  await app.register(billingWebhookRoutes, billing);
  await app.register(localBillingRoutes, billing);
}

async function registerRealtime(
  app: FastifyInstance,
  { realtime }: AppServices,
  options: BuildAppOptions,
): Promise<void> {
  app.decorate('realtime', realtime);
  await app.register(websocket, {
    options: { maxPayload: REALTIME_LIMITS.maxMessageBytes },
    // Before the server stops and the database closes: stop listening, close sockets (1001).
    async preClose() {
      await realtime.stop();
      app.websocketServer.close();
    },
    errorHandler(error, socket) {
      // A client that vanished mid-frame, an invalid frame: that socket goes, nothing else.
      this.log.warn({ err: { message: error.message } }, 'realtime: socket error');
      socket.terminate();
    },
  });
  await app.register(realtimeRoutes, {
    realtime,
    handshakesPerMinute:
      options.realtime?.handshakesPerIpPerMinute ?? DEFAULT_REALTIME_OPTIONS.handshakesPerIpPerMinute,
  });
}

/** The web app's pages: prerendered, and a verified recipient's shared page with its answers. */
async function registerPages(
  app: FastifyInstance,
  config: Config,
  services: AppServices,
  options: BuildAppOptions,
): Promise<void> {
  const { sharing, cache, translation, onTranslationLanded } = services;
  await registerWebApp(app, {
    clientDir: options.clientDir ?? clientBuildDir(),
    publicConfig: publicConfig(config),
    drawSharedPage: (input) => services.heavyWork.drawSharedPage(input),
    prepareSharedPages: (input) => services.heavyWork.prepareSharedPages(input),
    sharing,
    sharedPageAnswers: (request, token, linkLanguage) =>
      readSharedPageAnswers(sharing, cache, token, recipientBrowserHash(request), {
        translation,
        lang: linkLanguage,
        onTranslationLanded,
      }),
  });
}
