import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { REALTIME_LIMITS } from '#domain/realtime';
import { createAnalytics } from './adapters/analytics/analytics-sink.ts';
import { createBillingProvider } from './adapters/billing/create-billing-provider.ts';
import { type AvatarFetcher, createAvatarFetcher } from './adapters/identity/avatar-fetcher.ts';
import {
  LOCAL_CLIENT_ID,
  LOCAL_ISSUER_PATH,
  registerLocalProvider,
} from './adapters/identity/local-provider.ts';
import { OidcClient } from './adapters/identity/oidc-client.ts';
import { createMessageSender } from './adapters/messaging/create-message-sender.ts';
import { createRateLimitStore } from './adapters/rate-limit/create-rate-limit-store.ts';
import { createPhotoStore } from './adapters/storage/create-photo-store.ts';
import { createTranslationEngine } from './adapters/translation/create-translation-engine.ts';
import { type Config, publicConfig } from './config/index.ts';
import { fastifyTrustProxy } from './config/network.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { registerPopupAssets } from './http/pages/popup-pages.ts';
import { registerWebApp } from './http/pages/web-app.ts';
import { recordActionEvents } from './http/plugins/analytics-events.ts';
import { answerFrameworkError, registerErrorHandling } from './http/plugins/errors.ts';
import { registerIdempotency } from './http/plugins/idempotency.ts';
import { registerJsonCompression } from './http/plugins/json-compression.ts';
import { registerLocalOnlyGuard } from './http/plugins/local-only.ts';
import { registerRateLimits } from './http/plugins/rate-limits.ts';
import { recipientBrowserHash } from './http/plugins/recipient.ts';
import { type ResponseMismatch, registerResponseCheck } from './http/plugins/response-check.ts';
import { registerAnswers } from './http/plugins/responses.ts';
import { registerCsrfGuard, registerSecurityHeaders } from './http/plugins/security.ts';
import { registerSessions } from './http/plugins/session.ts';
import { inputValidatorCompiler } from './http/plugins/validation.ts';
import { proofRoutes } from './http/routes/activity.ts';
import { analyticsRoutes } from './http/routes/analytics.ts';
import { apiDocsRoutes, registerApiDocs } from './http/routes/api-docs.ts';
import { authRoutes } from './http/routes/auth.ts';
import { avatarRoutes } from './http/routes/avatar.ts';
import { billingRoutes, billingWebhookRoutes, localBillingRoutes } from './http/routes/billing.ts';
import { checklistRoutes } from './http/routes/checklists.ts';
import { devOutboxRoutes } from './http/routes/dev-outbox.ts';
import { healthRoutes } from './http/routes/health.ts';
import { mailingListRoutes } from './http/routes/mailing-list.ts';
import { metricsRoutes, registerMetrics } from './http/routes/metrics.ts';
import { notificationRoutes } from './http/routes/notifications.ts';
import { photoRoutes } from './http/routes/photos.ts';
import { publicFormRoutes } from './http/routes/public-forms.ts';
import { realtimeRoutes } from './http/routes/realtime.ts';
import { ownerSharingRoutes, recipientSharingRoutes } from './http/routes/sharing.ts';
import { subscriptionRoutes } from './http/routes/subscription.ts';
import { templateRoutes } from './http/routes/templates.ts';
import { translationRoutes } from './http/routes/translation.ts';
import { newSecret } from './ids.ts';
import { JobScheduler, type JobSchedulerOptions } from './job-scheduler.ts';
import { loggerOptions } from './logging.ts';
import { countFailures } from './metrics.ts';
import { clientBuildDir } from './paths.ts';
import { DEFAULT_REALTIME_OPTIONS, type RealtimeOptions, RealtimeService } from './realtime/service.ts';
import { localSecret } from './repositories/local-secrets.ts';
import { AfterCommitWriter } from './services/after-commit.ts';
import { ChecklistCache, ChecklistListCache } from './services/checklist-cache.ts';
import { ChecklistLanes } from './services/checklist-lanes.ts';
import { periodicJobs } from './services/jobs.ts';
import { MailingList } from './services/mailing-list.ts';
import { OwnerNotifier, type ReportAttachmentProvider } from './services/owner-notifications.ts';
import { PhotoService } from './services/photos.ts';
import { ReferencePhotoService } from './services/reference-photos.ts';
import { renderChecklistReport } from './services/report.ts';
import type { SharingContext } from './services/share-delivery.ts';
import { loadShareSecrets } from './services/share-secrets.ts';
import { createSmsCeilingAlarm } from './services/share-send-limits.ts';
import { readSharedPageAnswers } from './services/share-verification.ts';
import { announceTranslationLanded, warmChecklistTranslation } from './services/shared-translation.ts';
import { TranslationService, type TranslationTimings } from './services/translation.ts';

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
  /**
   * The completion report attached to the e-mail that tells an owner a recipient submitted (and the
   * last tick's): services/owner-notifications.ts. Without it the e-mail goes without an attachment.
   */
  attachReport?: ReportAttachmentProvider;
}

/**
 * A ready Fastify instance: database opened and migrated, every route registered, not listening.
 * Tests use it directly; main.ts adds listen and shutdown.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(inputValidatorCompiler);
  // Before any route: every route's answers get their common errors, and the OpenAPI document lists it.
  registerAnswers(app);
  // Before any route too: the request histogram's hook sees them all (docs/decisions/0022).
  const metrics = registerMetrics(app, config);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  await registerApiDocs(app, config);
  if (options.checkResponses) registerResponseCheck(app, options.checkResponses);

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config.database));
  try {
    await database.migrate();
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
  app.decorate('database', database);
  app.decorate('config', config);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  // What follows committed changes (kept answers, change notices) is written once the requests in
  // flight have ended and before the database closes: onClose hooks run last registered first.
  const afterCommit = new AfterCommitWriter(database.db, app.log);
  app.addHook('onClose', async () => afterCommit.flush());
  // Once closing begins, a keep-alive connection whose answer is still under way closes as soon as it
  // is idle: closing waits for every connection, and one left open would hold the close (and the
  // writes above) until its idle timeout, 72 s, past main.ts's shutdown deadline.
  app.addHook('preClose', async () => {
    app.server.keepAliveTimeout = 1;
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  const rateLimits = createRateLimitStore(config, database.db, app.log);
  app.addHook('onClose', async () => rateLimits.close());
  await registerRateLimits(app, rateLimits, app.log);
  registerCsrfGuard(app, config);
  registerLocalOnlyGuard(app, config);
  registerSessions(app, config, database.db);
  const analytics = createAnalytics(config, database.db, app.log);
  app.decorate('analytics', analytics);
  metrics.queue('analytics_events', () => analytics.buffered?.() ?? 0);
  // Events held back for one insert are stored once the requests in flight have ended, before the
  // database closes.
  app.addHook('onClose', async () => analytics.flush?.());
  recordActionEvents(app, analytics);
  const answerKeeper = registerIdempotency(app, database.db, afterCommit);
  metrics.queue('idempotent_answers', () => answerKeeper.unwrittenCount);
  // Last of the answer's hooks: the kept answer and the tests' check read the JSON as it is.
  registerJsonCompression(app);
  registerPopupAssets(app);

  const redirectUri = new URL('/api/auth/callback', config.publicUrl).href;
  let oidc: OidcClient;
  let localIssuer: string | null = null;
  if (config.identity.kind === 'oidc') {
    oidc = new OidcClient({
      issuer: new URL(config.identity.issuer),
      clientId: config.identity.clientId,
      clientSecret: config.identity.clientSecret,
      redirectUri,
      // A plain-http issuer is only ever acceptable outside production (a provider on this machine).
      allowInsecureRequests: config.appEnv !== 'production' && config.identity.issuer.startsWith('http:'),
    });
  } else {
    localIssuer = new URL(LOCAL_ISSUER_PATH, config.publicUrl).href;
    const clientSecret = newSecret();
    await registerLocalProvider(
      app,
      { issuer: localIssuer, clientSecret, redirectUri, trustProxy: config.trustProxy },
      database.db,
    );
    oidc = new OidcClient({
      issuer: new URL(localIssuer),
      clientId: LOCAL_CLIENT_ID,
      clientSecret,
      redirectUri,
      allowInsecureRequests: config.publicUrl.protocol === 'http:',
    });
  }

  await app.register(healthRoutes, { database });
  await app.register(metricsRoutes, { token: config.metrics.token });
  await app.register(apiDocsRoutes);
  await app.register(authRoutes, { db: database.db, oidc, sessionPolicy: config.session, localIssuer });
  await app.register(publicFormRoutes, { db: database.db });
  await app.register(avatarRoutes, {
    db: database.db,
    fetcher: options.avatarFetcher ?? createAvatarFetcher(),
  });
  const cache = new ChecklistCache();
  const engine = createTranslationEngine(config.translation);
  const translation = new TranslationService(
    database.db,
    countFailures(
      engine,
      {
        supports: { service: 'translation', provider: engine.name },
        translate: { service: 'translation', provider: engine.name },
      },
      metrics,
    ),
    app.log,
    options.translation,
  );
  metrics.queue('translation_texts', () => translation.textsInFlight);
  app.log.info(`Translation: ${translation.engine.describe()}`);
  // Before the database closes: retries stop, calls in flight end.
  app.addHook('preClose', async () => translation.close());
  const messages = countFailures(
    createMessageSender(config, database.db, app.log),
    {
      sendEmail: { service: 'email', provider: config.email.kind },
      sendSms: { service: 'sms', provider: config.sms.kind },
    },
    metrics,
  );
  const secrets = await loadShareSecrets(database.db, config.appSecret);
  const store = createPhotoStore(config);
  const notifier = new OwnerNotifier({
    db: database.db,
    secrets,
    messages,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    log: app.log,
    // The completion report as its owner downloads it (services/report.ts), attached to the e-mail.
    attachReport:
      options.attachReport ??
      (async (checklistId, ownerId) => {
        const report = await renderChecklistReport(
          { db: database.db, store },
          { kind: 'owner', userId: ownerId },
          checklistId,
        );
        return { bytes: report.bytes, filename: report.filename, contentType: 'application/pdf' };
      }),
  });
  app.decorate('notifications', notifier);
  const mailingListContext = {
    db: database.db,
    messages,
    secrets,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    log: app.log,
  };
  const mailingList = new MailingList(mailingListContext);
  app.decorate('mailingList', mailingList);
  // Confirmation e-mails under way are handed over before the database closes.
  app.addHook('preClose', async () => mailingList.settle());
  await app.register(mailingListRoutes, { list: mailingList, context: mailingListContext });
  // Notices under way (a report being made, an e-mail being sent) end before the database closes.
  app.addHook('preClose', async () => notifier.settle());
  const sharing: SharingContext = {
    db: database.db,
    secrets,
    messages,
    notifier,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    exposeCodes: { email: config.email.kind === 'outbox', sms: config.sms.kind === 'outbox' },
    sms: { ...config.smsLimits, alarm: createSmsCeilingAlarm(app.log) },
    log: app.log,
    warmTranslation: (checklistId, language) =>
      warmChecklistTranslation(database.db, translation, app.log, checklistId, language),
  };
  const storeCalls = { service: 'storage', provider: store.kind } as const;
  const photos = new PhotoService(
    database.db,
    countFailures(
      store,
      { put: storeCalls, get: storeCalls, signedUrl: storeCalls, delete: storeCalls },
      metrics,
    ),
    app.log,
    notifier,
  );
  const jobs = new JobScheduler(
    database.db,
    periodicJobs({ db: database.db, photos, rateLimits }),
    app.log,
    options.jobs,
  );
  app.decorate('jobs', jobs);
  // Jobs in hand finish before the database closes.
  app.addHook('preClose', async () => jobs.stop());
  metrics.queue('change_notices', () => afterCommit.queuedNotices);
  const lists = new ChecklistListCache();
  const lanes = new ChecklistLanes(database.db, app.log);
  metrics.queue('grouped_task_changes', () => lanes.waitingChanges);
  await app.register(checklistRoutes, {
    db: database.db,
    cache,
    lists,
    photos,
    notices: afterCommit,
    lanes,
    notifier,
  });
  await app.register(notificationRoutes, { db: database.db, secrets, siteName: config.siteName });
  await app.register(photoRoutes, { photos, references: new ReferencePhotoService(database.db, photos) });
  await app.register(templateRoutes, { db: database.db });
  await app.register(proofRoutes, { reports: { db: database.db, store } });
  await app.register(ownerSharingRoutes, { context: sharing, cache, translation });
  await app.register(recipientSharingRoutes, { context: sharing, cache, translation });
  await app.register(translationRoutes, { db: database.db, translation });
  await app.register(devOutboxRoutes, { config, db: database.db });
  await app.register(subscriptionRoutes, { db: database.db });
  await app.register(analyticsRoutes, { sink: analytics });
  const billingProvider = createBillingProvider(
    config,
    { db: database.db, localSecret: (name, made) => localSecret(database.db, name, made) },
    app.log,
    () => ownWebhookUrl(app, config),
  );
  const billingCalls = { service: 'billing', provider: billingProvider?.kind ?? 'off' } as const;
  const billing = {
    db: database.db,
    provider:
      billingProvider &&
      countFailures(
        billingProvider,
        {
          webhookSecret: billingCalls,
          createCustomer: billingCalls,
          createCheckout: billingCalls,
          expireCheckout: billingCalls,
          retrieveSubscription: billingCalls,
          createPortal: billingCalls,
        },
        metrics,
      ),
    publicUrl: config.publicUrl,
    supportEmail: config.contact.supportEmail,
    log: app.log,
  };
  await app.register(billingRoutes, billing);
  await app.register(billingWebhookRoutes, billing);
  await app.register(localBillingRoutes, billing);

  const realtime = new RealtimeService(database, cache, config.session, app.log, options.realtime, metrics);
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
  const onTranslationLanded = announceTranslationLanded(database.db, app.log);
  await registerWebApp(app, {
    clientDir: options.clientDir ?? clientBuildDir(),
    publicConfig: publicConfig(config),
    sharedPageAnswers: (request, token, linkLanguage) =>
      readSharedPageAnswers(sharing, cache, token, recipientBrowserHash(request), {
        translation,
        lang: linkLanguage,
        onTranslationLanded,
      }),
  });

  await app.ready();
  try {
    await realtime.start();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/**
 * Where this server's webhook route answers over HTTP, for local mode's test checkout to deliver its
 * events to: the address it listens on (a loopback one for a wildcard), else the public URL.
 */
function ownWebhookUrl(app: FastifyInstance, config: Config): string {
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const host =
      address.address === '0.0.0.0' || address.address === '::'
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    return `http://${host}:${address.port}/api/billing/webhook`;
  }
  return new URL('/api/billing/webhook', config.publicUrl).href;
}
