import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type AnalyticsSink, createAnalytics } from './adapters/analytics/analytics-sink.ts';
import { createBillingProvider } from './adapters/billing/create-billing-provider.ts';
import { createGeocoder } from './adapters/geocoding/create-geocoder.ts';
import type { Geocoder } from './adapters/geocoding/geocoder.ts';
import { type AvatarFetcher, createAvatarFetcher } from './adapters/identity/avatar-fetcher.ts';
import {
  LOCAL_CLIENT_ID,
  LOCAL_ISSUER_PATH,
  type LocalProviderOptions,
} from './adapters/identity/local-provider.ts';
import { OidcClient } from './adapters/identity/oidc-client.ts';
import { createMessageSender } from './adapters/messaging/create-message-sender.ts';
import type { MessageSender } from './adapters/messaging/message-sender.ts';
import type { CalendarFeedReader } from './adapters/outbound/calendar-feed.ts';
import { createRateLimitStore } from './adapters/rate-limit/create-rate-limit-store.ts';
import type { RateLimitStore } from './adapters/rate-limit/rate-limit-store.ts';
import { createPhotoStore } from './adapters/storage/create-photo-store.ts';
import type { PhotoStore } from './adapters/storage/photo-store.ts';
import { createTranslationEngine } from './adapters/translation/create-translation-engine.ts';
import { calendarFeedsFor, composeWebhooks, type WebhookServices } from './composition-outbound.ts';
import { describeBilling } from './config/billing.ts';
import type { Config } from './config/index.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { newSecret } from './ids.ts';
import { JobScheduler, type JobSchedulerOptions } from './job-scheduler.ts';
import { type AppMetrics, countFailures } from './metrics.ts';
import { type RealtimeOptions, RealtimeService } from './realtime/service.ts';
import { localSecret } from './repositories/local-secrets.ts';
import { AFTER_COMMIT_GATHER_MS, AfterCommitWriter } from './services/after-commit.ts';
import type { BillingContext } from './services/billing.ts';
import type { CalendarSyncContext } from './services/calendar-sync.ts';
import { ChecklistCache, ChecklistListCache } from './services/checklist-cache.ts';
import { ChecklistLanes } from './services/checklist-lanes.ts';
import { periodicJobs } from './services/jobs.ts';
import { MailingList, type MailingListContext } from './services/mailing-list.ts';
import { OwnerNotifier, type ReportAttachmentProvider } from './services/owner-notifications.ts';
import { PhotoService } from './services/photos.ts';
import { ReferencePhotoService } from './services/reference-photos.ts';
import { renderChecklistReport } from './services/report.ts';
import type { SharingContext } from './services/share-delivery.ts';
import { loadShareSecrets, type ShareSecrets } from './services/share-secrets.ts';
import { createSmsCeilingAlarm } from './services/share-send-limits.ts';
import { announceTranslationLanded, warmChecklistTranslation } from './services/shared-translation.ts';
import type { InvitationContext } from './services/team-invitations.ts';
import { TranslationService, type TranslationTimings } from './services/translation.ts';
import type { WebhookDispatcherOptions } from './services/webhook-dispatcher.ts';
import { createHeavyWork, type HeavyWorkPool } from './workers/heavy-work.ts';

/**
 * The composition root: every service of one app, made from its config and wired together (the
 * database, caches and lanes, sign-in, translation, messages, owner notices, photos, sharing, billing,
 * jobs, realtime). This is where a repository may be handed to an adapter. Nothing here changes the
 * Fastify instance (it reads its logger and, for local billing, its address): app.ts registers the
 * plugins, hooks and routes that use these services, in their order.
 */

/** What of BuildAppOptions (app.ts) shapes the services. */
export interface ServiceOptions {
  database?: DatabaseHandle;
  realtime?: Partial<RealtimeOptions>;
  jobs?: Partial<JobSchedulerOptions>;
  translation?: Partial<TranslationTimings>;
  avatarFetcher?: AvatarFetcher;
  /** Reads booking calendars' feeds (tests: shorter time limits). */
  calendarFeeds?: CalendarFeedReader;
  attachReport?: ReportAttachmentProvider;
  /** Owner notices: the interval between two e-mails with a checklist's report (tests shorten it). */
  notifications?: { reportEmailIntervalMs?: number };
  /** The webhook dispatcher's timings (tests: a short retry window). */
  webhooks?: Partial<WebhookDispatcherOptions>;
}

/** How people sign in: the OpenID client, and the embedded provider's settings in local mode. */
export interface SignIn {
  oidc: OidcClient;
  /** The embedded provider's issuer; null with a real OpenID provider. */
  localIssuer: string | null;
  /** For registerLocalProvider; null with a real OpenID provider. */
  localProvider: LocalProviderOptions | null;
}

export interface AppServices {
  database: DatabaseHandle;
  /** Opened here (not given by the caller): the app closes it. */
  ownsDatabase: boolean;
  /** What follows committed changes: kept answers, change notices. */
  afterCommit: AfterCommitWriter;
  rateLimits: RateLimitStore;
  analytics: AnalyticsSink;
  signIn: SignIn;
  avatarFetcher: AvatarFetcher;
  cache: ChecklistCache;
  lists: ChecklistListCache;
  lanes: ChecklistLanes;
  translation: TranslationService;
  secrets: ShareSecrets;
  /** The photo files (disk or S3) as they are: reports read them; PhotoService counts its failures. */
  store: PhotoStore;
  /** CPU-heavy work (reports, HEIC photos) on worker threads (decision 0041); the app closes it. */
  heavyWork: HeavyWorkPool;
  notifier: OwnerNotifier;
  geocoder: Geocoder;
  mailingList: MailingList;
  mailingListContext: MailingListContext;
  /** Invitations' e-mail and links (services/team-invitations.ts). */
  teams: InvitationContext;
  sharing: SharingContext;
  /** Booking calendars: their feeds, their syncs' sharing (services/calendar-sync.ts). */
  calendars: CalendarSyncContext;
  photos: PhotoService;
  references: ReferencePhotoService;
  jobs: JobScheduler;
  billing: BillingContext;
  realtime: RealtimeService;
  /** Tells a shared page's sockets that its translation is ready. */
  onTranslationLanded: ReturnType<typeof announceTranslationLanded>;
  /** Webhook endpoints (routes) and the dispatcher that sends their deliveries (main.ts starts it). */
  webhooks: WebhookServices;
}

/** Every service, on the given database or one opened (and migrated) from the config. */
export async function composeServices(
  app: FastifyInstance,
  config: Config,
  options: ServiceOptions,
  metrics: AppMetrics,
): Promise<AppServices> {
  const { database, ownsDatabase } = await openMigrated(config, options.database);
  const db = database.db;
  const log = app.log;
  const cache = new ChecklistCache();
  const translation = createTranslation(config, database, log, options.translation, metrics);
  const messages = countFailures(
    createMessageSender(config, db, log),
    {
      sendEmail: { service: 'email', provider: config.email.kind },
      sendSms: { service: 'sms', provider: config.sms.kind },
    },
    metrics,
  );
  const secrets = await loadShareSecrets(db, config.appSecret);
  const store = createPhotoStore(config);
  const heavyWork = createHeavyWork(config.workers);
  const notifier = createNotifier(config, database, { secrets, messages, store, heavyWork, log }, options);
  const mailingListContext = {
    db,
    messages,
    secrets,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    log,
    confirmationsPerHour: config.mailingListConfirmationsPerHour,
  };
  const photos = createPhotos(database, { store, heavyWork }, log, notifier, metrics);
  const rateLimits = createRateLimitStore(config, db, log);
  const sharing = sharingContext(config, database, { secrets, messages, notifier, translation, log });
  const calendars = { db, feeds: options.calendarFeeds ?? calendarFeedsFor(config), sharing, log };
  return {
    database,
    ownsDatabase,
    afterCommit: new AfterCommitWriter(db, log, AFTER_COMMIT_GATHER_MS),
    rateLimits,
    analytics: createAnalytics(config, db, log),
    geocoder: createGeocoder(config.geocoding, `${config.siteName} (+${config.publicUrl.origin})`),
    signIn: signInFor(config),
    avatarFetcher: options.avatarFetcher ?? createAvatarFetcher(),
    cache,
    lists: new ChecklistListCache(),
    lanes: new ChecklistLanes(db, log),
    translation,
    secrets,
    store,
    heavyWork,
    notifier,
    mailingList: new MailingList(mailingListContext),
    mailingListContext,
    teams: { db, messages, siteName: config.siteName, publicUrl: config.publicUrl },
    sharing,
    calendars,
    photos,
    references: new ReferencePhotoService(db, photos),
    jobs: new JobScheduler(
      db,
      periodicJobs({ db, photos, rateLimits, sharing, calendars, reminders: { ...sharing, log } }),
      log,
      options.jobs,
    ),
    billing: createBilling(app, config, database, metrics),
    realtime: new RealtimeService(database, cache, config.session, log, options.realtime, metrics),
    onTranslationLanded: announceTranslationLanded(db, log),
    webhooks: composeWebhooks(config, database, { secrets, messages, log }, options.webhooks),
  };
}

async function openMigrated(
  config: Config,
  given: DatabaseHandle | undefined,
): Promise<{ database: DatabaseHandle; ownsDatabase: boolean }> {
  const ownsDatabase = !given;
  const database = given ?? (await openDatabase(config.database));
  try {
    await database.migrate();
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
  return { database, ownsDatabase };
}

function signInFor(config: Config): SignIn {
  const redirectUri = new URL('/api/auth/callback', config.publicUrl).href;
  if (config.identity.kind === 'oidc') {
    const oidc = new OidcClient({
      issuer: new URL(config.identity.issuer),
      clientId: config.identity.clientId,
      clientSecret: config.identity.clientSecret,
      redirectUri,
      // A plain-http issuer is only ever acceptable outside production (a provider on this machine).
      allowInsecureRequests: config.appEnv !== 'production' && config.identity.issuer.startsWith('http:'),
    });
    return { oidc, localIssuer: null, localProvider: null };
  }
  const localIssuer = new URL(LOCAL_ISSUER_PATH, config.publicUrl).href;
  const clientSecret = newSecret();
  const oidc = new OidcClient({
    issuer: new URL(localIssuer),
    clientId: LOCAL_CLIENT_ID,
    clientSecret,
    redirectUri,
    allowInsecureRequests: config.publicUrl.protocol === 'http:',
  });
  const localProvider = { issuer: localIssuer, clientSecret, redirectUri, trustProxy: config.trustProxy };
  return { oidc, localIssuer, localProvider };
}

function createTranslation(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  timings: Partial<TranslationTimings> | undefined,
  metrics: AppMetrics,
): TranslationService {
  const engine = createTranslationEngine(config.translation);
  return new TranslationService(
    database.db,
    countFailures(
      engine,
      {
        supports: { service: 'translation', provider: engine.name },
        translate: { service: 'translation', provider: engine.name },
      },
      metrics,
    ),
    log,
    timings,
  );
}

function createNotifier(
  config: Config,
  database: DatabaseHandle,
  deps: {
    secrets: ShareSecrets;
    messages: MessageSender;
    store: PhotoStore;
    heavyWork: HeavyWorkPool;
    log: FastifyBaseLogger;
  },
  { attachReport, notifications }: Pick<ServiceOptions, 'attachReport' | 'notifications'>,
): OwnerNotifier {
  return new OwnerNotifier({
    db: database.db,
    secrets: deps.secrets,
    messages: deps.messages,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    log: deps.log,
    reportEmailIntervalMs: notifications?.reportEmailIntervalMs,
    // The completion report as its owner downloads it (services/report.ts), attached to the e-mail.
    attachReport:
      attachReport ??
      (async (checklistId, teamId) => {
        const report = await renderChecklistReport(
          { db: database.db, store: deps.store, work: deps.heavyWork, publicUrl: config.publicUrl },
          { kind: 'team', teamId },
          checklistId,
        );
        return { bytes: report.bytes, filename: report.filename, contentType: 'application/pdf' };
      }),
  });
}

function sharingContext(
  config: Config,
  database: DatabaseHandle,
  deps: {
    secrets: ShareSecrets;
    messages: MessageSender;
    notifier: OwnerNotifier;
    translation: TranslationService;
    log: FastifyBaseLogger;
  },
): SharingContext {
  const { translation, log } = deps;
  return {
    db: database.db,
    secrets: deps.secrets,
    messages: deps.messages,
    notifier: deps.notifier,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    exposeCodes: { email: config.email.kind === 'outbox', sms: config.sms.kind === 'outbox' },
    sms: { ...config.smsLimits, alarm: createSmsCeilingAlarm(log, config.smsLimits) },
    log,
    warmTranslation: (checklistId, language) =>
      warmChecklistTranslation(database.db, translation, log, checklistId, language),
  };
}

function createPhotos(
  database: DatabaseHandle,
  { store, heavyWork }: { store: PhotoStore; heavyWork: HeavyWorkPool },
  log: FastifyBaseLogger,
  notifier: OwnerNotifier,
  metrics: AppMetrics,
): PhotoService {
  const storeCalls = { service: 'storage', provider: store.kind } as const;
  return new PhotoService(
    database.db,
    countFailures(
      store,
      { put: storeCalls, get: storeCalls, signedUrl: storeCalls, delete: storeCalls },
      metrics,
    ),
    log,
    heavyWork,
    notifier,
  );
}

function createBilling(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  metrics: AppMetrics,
): BillingContext {
  const db = database.db;
  // How plans are sold, and why not when the test checkout was refused (decision 0044).
  const said = describeBilling(config.billing);
  if (said.warn) app.log.warn(said.message);
  else app.log.info(said.message);
  const billingProvider = createBillingProvider(
    config,
    { db, localSecret: (name, made) => localSecret(db, name, made) },
    app.log,
    () => ownWebhookUrl(app, config),
  );
  const billingCalls = { service: 'billing', provider: billingProvider?.kind ?? 'off' } as const;
  return {
    db,
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
    refusedSubscription: (reason) => metrics.billingSubscriptionRefused(reason),
  };
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
