import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ACTIVITY_ACTIONS, ACTIVITY_ACTOR_KINDS } from '#domain/activity';
import { BILLING_INTERVALS, PAID_TIERS, SUBSCRIPTION_STATUSES } from '#domain/billing';
import { NOTIFICATION_KINDS } from '#domain/notification-texts';
import { DEFAULT_TIER, TIERS } from '#domain/plans';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** An owner. `id` is the uid the client sees. Linked to one OpenID identity (issuer + subject). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    profileImageUrl: text('profile_image_url'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    lastSignInAt: timestamptz('last_sign_in_at'),
    /**
     * The plan whose limits apply: the higher of `manual_tier` and the best live subscription's tier,
     * recomputed in the same transaction as any change to either (services/billing-state.ts).
     */
    tier: text('tier', { enum: TIERS }).notNull().default(DEFAULT_TIER),
    /** A tier an operator set by hand (`npm run admin -- set-tier`), e.g. a contract invoiced by hand. */
    manualTier: text('manual_tier', { enum: TIERS }),
    /**
     * The owner's language: what their checklists are written in (the source of their machine
     * translation) and what they read recipients' remarks in.
     */
    language: text('language').notNull().default('en'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_oidc_identity_key').on(t.oidcIssuer, t.oidcSubject),
  ],
);

/** A server-side session. Only the SHA-256 of the cookie's random id is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** A sign-in in progress: the state, nonce and PKCE verifier bound to the browser that started it. */
export const authFlows = pgTable(
  'auth_flows',
  {
    idHash: text('id_hash').primaryKey(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('auth_flows_expires_at_idx').on(t.expiresAt)],
);

/** Accounts offered by the local account chooser (local mode's embedded OpenID provider). */
export const localAccounts = pgTable('local_accounts', {
  email: text('email').primaryKey(),
  displayName: text('display_name').notNull().default(''),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Mailing-list signups, one row per normalised address. */
export const mailingListSubscribers = pgTable(
  'mailing_list_subscribers',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    lastRequestedAt: timestamptz('last_requested_at').notNull().defaultNow(),
    requestCount: integer('request_count').notNull().default(1),
    /**
     * Double opt-in (issue 18): an address is a subscriber only once its owner confirmed it from the
     * e-mail sent to it, and until they leave. `confirmation_sent_at` spaces confirmation e-mails.
     */
    confirmationSentAt: timestamptz('confirmation_sent_at'),
    confirmedAt: timestamptz('confirmed_at'),
    unsubscribedAt: timestamptz('unsubscribed_at'),
  },
  (t) => [uniqueIndex('mailing_list_subscribers_email_key').on(t.email)],
);

/** SMS consent records: each submission is kept as evidence (append-only). */
export const smsConsents = pgTable(
  'sms_consents',
  {
    id: text('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    consent: boolean('consent').notNull(),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    consentedAt: timestamptz('consented_at').notNull().default(sql`now()`),
  },
  (t) => [index('sms_consents_phone_number_idx').on(t.phoneNumber)],
);

/** A checklist of one owner. Status and progress are never stored: they are computed from the tasks. */
export const checklists = pgTable(
  'checklists',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    remarks: text('remarks').notNull().default(''),
    /** Optimistic concurrency for whole-checklist edits (PUT); ticks and remarks do not change it. */
    version: integer('version').notNull().default(1),
    /**
     * Goes up by one with every change to the checklist or its tasks, in the same statement, so one
     * revision names one state (what cached copies are checked against: services/checklist-cache.ts).
     */
    revision: bigint('revision', { mode: 'number' }).notNull().default(1),
    submittedAt: timestamptz('submitted_at'),
    /**
     * When the remarks were last written, as the writer made the change (its changedAt, never later
     * than the server's clock): a write made earlier than this one is not applied (later write wins).
     */
    remarksChangedAt: timestamptz('remarks_changed_at'),
    /**
     * The language the remarks are written in: a recipient's, as they wrote them (their page's
     * language unless they said otherwise); null for the owner's, which are in the owner's language.
     */
    remarksLanguage: text('remarks_language'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('checklists_user_id_created_at_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * A task is a row of its own, so ticking one is a one-row update and two people ticking different
 * tasks lose nothing. Its id is unique only within its checklist: the key is (checklist_id, id), so
 * naming a task id never reaches another checklist's task.
 */
export const tasks = pgTable(
  'tasks',
  {
    checklistId: text('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    details: text('details').notNull().default(''),
    photoRequired: boolean('photo_required').notNull().default(false),
    photoUrl: text('photo_url'),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamptz('completed_at'),
    /** When `completed` was last written, as the writer made the change (later write wins, per field). */
    completedChangedAt: timestamptz('completed_changed_at'),
    /** When `photo_url` was last written (an upload or a removal), likewise. */
    photoChangedAt: timestamptz('photo_changed_at'),
    /**
     * The owner's example of what good looks like ('/api/photos/{id}', a photo of kind 'reference').
     * Never proof: status, progress and 'Missing photos' read `photo_url` alone (docs/decisions/0026).
     */
    referencePhotoUrl: text('reference_photo_url'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.checklistId, t.id] })],
);

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * Local mode's outbox: e-mail and SMS that would have gone to SMTP or Twilio, kept so a developer
 * (or a test) can read them through GET /api/dev/outbox. They hold live verification codes, so this
 * table is only ever written when the real service is not configured (never in production).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    to: text('to').notNull(),
    /** Null for SMS. */
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    /** What an e-mail carried besides its text: [{filename, contentType, size, sha256}] (not the bytes). */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    /** Extra headers of an e-mail (List-Unsubscribe…), as sent. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    // The clock at the insert, not at the start of its transaction.
    createdAt: timestamptz('created_at').notNull().default(sql`clock_timestamp()`),
    /** The order of delivery: PGlite's clock can give two quick messages the same time. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('outbox_messages_created_at_idx').on(t.createdAt.desc()),
    check('outbox_messages_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
);

export const SHARE_CHANNELS = ['email', 'sms'] as const;

/**
 * A checklist shared with one recipient (one contact). The link's token is a bearer secret: it is
 * found by its SHA-256 and kept only encrypted (the owner's "send again" answers the same link).
 * The live code is a keyed hash (HMAC); one code per share at a time.
 */
export const shares = pgTable(
  'shares',
  {
    id: text('id').primaryKey(),
    checklistId: text('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id').notNull(),
    recipientName: text('recipient_name'),
    channel: text('channel', { enum: SHARE_CHANNELS }).notNull(),
    /** The e-mail address (lower case) or the E.164 phone number the codes go to. */
    contact: text('contact').notNull(),
    targetLanguage: text('target_language').notNull().default('en'),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamptz('code_expires_at'),
    codeWrongTries: integer('code_wrong_tries').notNull().default(0),
    /** When the last code was asked for (the resend throttle). */
    codeRequestedAt: timestamptz('code_requested_at'),
    /** Verify attempts on this token in the current window (the per-token rate limit). */
    verifyWindowStart: timestamptz('verify_window_start'),
    verifyWindowCount: integer('verify_window_count').notNull().default(0),
    /**
     * Codes compared on this link since it was issued or last verified, across all its codes
     * (SHARE_LIMITS.linkMaxWrongTries caps them; a right code sets it back to 0).
     */
    linkWrongTries: integer('link_wrong_tries').notNull().default(0),
    /** When the link was locked by too many wrong codes (null: it is not); a new link unlocks. */
    linkLockedAt: timestamptz('link_locked_at'),
    /** When the recipient last said "I didn't get a code" and the owner was told (one per 30 minutes). */
    codeMissingNotedAt: timestamptz('code_missing_noted_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shares_token_hash_key').on(t.tokenHash),
    uniqueIndex('shares_checklist_contact_key').on(t.checklistId, t.channel, t.contact),
    check('shares_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
);

export const CODE_REQUESTERS = ['owner', 'link'] as const;

/**
 * Each code sent, for the sending limits (services/share-delivery.ts: per owner, per share, and for
 * SMS per number, per IP, per young account and for the whole service) and the record of who was
 * sent what (never the code). A send whose message was not delivered leaves no row.
 */
export const shareCodeSends = pgTable(
  'share_code_sends',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shareId: text('share_id').references(() => shares.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: SHARE_CHANNELS }).notNull(),
    sentAt: timestamptz('sent_at').notNull().default(sql`clock_timestamp()`),
    /** The address or E.164 number it went to (kept when the share is deleted: the per-number limit). */
    destination: text('destination'),
    /** Who asked: the owner, or someone holding the link (a resend; never counted against the owner). */
    requestedBy: text('requested_by', { enum: CODE_REQUESTERS }).notNull().default('owner'),
    /** The address the request came from (the per-IP limit). */
    requesterIp: text('requester_ip'),
  },
  (t) => [
    index('share_code_sends_owner_sent_idx').on(t.ownerId, t.sentAt),
    index('share_code_sends_share_sent_idx').on(t.shareId, t.sentAt),
    index('share_code_sends_destination_sent_idx').on(t.destination, t.sentAt),
    index('share_code_sends_ip_sent_idx').on(t.requesterIp, t.sentAt),
    index('share_code_sends_channel_sent_idx').on(t.channel, t.sentAt),
    check('share_code_sends_requested_by_check', sql`${t.requestedBy} in ('owner', 'link')`),
  ],
);

/**
 * A browser that proved it holds a share's contact. The browser is named by the SHA-256 of its
 * recipient cookie. Revoking or replacing the share's link deletes its grants.
 */
export const shareGrants = pgTable(
  'share_grants',
  {
    browserHash: text('browser_hash').notNull(),
    shareId: text('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    checklistId: text('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.browserHash, t.shareId] }),
    index('share_grants_browser_checklist_idx').on(t.browserHash, t.checklistId),
    index('share_grants_share_id_idx').on(t.shareId),
  ],
);

/**
 * Who did what to a checklist, and when: the owner or a recipient (their share). Append-only: a
 * trigger refuses any UPDATE or DELETE except the cascade of the checklist's own delete (and the
 * share's `set null`, which changes nothing the record says). The share's recipient (name, channel,
 * contact) is copied in when the entry is written, so the record stands whatever happens to the share;
 * a photo's SHA-256 and capture time likewise (the photo row goes when it is replaced).
 */
export const checklistActivity = pgTable(
  'checklist_activity',
  {
    id: text('id').primaryKey(),
    checklistId: text('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    shareId: text('share_id').references(() => shares.id, { onDelete: 'set null' }),
    actorKind: text('actor_kind', { enum: ACTIVITY_ACTOR_KINDS }).notNull().default('owner'),
    /**
     * The recipient of the entry's share, as they were when it was written: the one who acted, or
     * the one the owner shared with, revoked or sent a new link to. Their name as the owner gave it,
     * the channel they are verified by and the contact (masked whenever it is shown).
     */
    shareName: text('share_name'),
    shareChannel: text('share_channel', { enum: SHARE_CHANNELS }),
    shareContact: text('share_contact'),
    action: text('action', { enum: ACTIVITY_ACTIONS }).notNull(),
    taskId: text('task_id'),
    /** The photo added or removed: the SHA-256 of the original and the camera's capture time. */
    photoSha256: text('photo_sha256'),
    photoCapturedAt: text('photo_captured_at'),
    /** A photo added in place of another. */
    photoReplaced: boolean('photo_replaced').notNull().default(false),
    at: timestamptz('at').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('checklist_activity_checklist_at_idx').on(t.checklistId, t.at),
    index('checklist_activity_share_at_idx').on(t.shareId, t.at),
  ],
);

/** Secrets the server made itself in local mode (APP_SECRET unset), shared by every instance. */
export const localSecrets = pgTable('local_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * A task's photo: the stored display and thumbnail (keys in the photo store), and the evidence of the
 * original (its SHA-256, size and format, the camera's capture time, when the server received it,
 * and who sent it). The task's photo_url names it as /api/photos/{id}; a photo belongs to one
 * checklist and task for good.
 */
export const PHOTO_KINDS = ['proof', 'reference'] as const;

export const photos = pgTable(
  'photos',
  {
    id: text('id').primaryKey(),
    checklistId: text('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    taskId: text('task_id').notNull(),
    displayKey: text('display_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sourceFormat: text('source_format').notNull(),
    originalBytes: integer('original_bytes').notNull(),
    originalSha256: text('original_sha256').notNull(),
    /** The camera's wall-clock time (EXIF DateTimeOriginal), as it wrote it: no time zone. */
    capturedAt: text('captured_at'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    /** The recipient's share when a recipient sent it; null for the owner. */
    shareId: text('share_id').references(() => shares.id, { onDelete: 'set null' }),
    /** 'proof' (a task's photo_url) or 'reference' (its reference_photo_url, the owner's example). */
    kind: text('kind', { enum: PHOTO_KINDS }).notNull().default('proof'),
  },
  (t) => [index('photos_checklist_task_idx').on(t.checklistId, t.taskId)],
);

/**
 * The answer given to each mutation that carried an Idempotency-Key, kept at least 24 hours so a
 * client replaying work it queued offline (or retrying after a lost answer) gets the same answer
 * and the change is applied once. Keys are per principal: the owner's user id, or 'recipient:' and
 * the recipient browser's hash. `requestHash` fingerprints method, path and body: the same key with
 * another request is refused. A row with no status is a request still in flight.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.principal, t.key] }),
    index('idempotency_keys_expires_at_idx').on(t.expiresAt),
  ],
);

/** The owner's customer at the billing provider (Stripe's `cus_…`), made once and reused for every checkout. */
export const billingCustomers = pgTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A checkout the owner started. At most one is open per owner: a new one replaces (expires) the
 * last, unless it is for the same plan and interval and still open, which is then answered again.
 */
export const billingCheckouts = pgTable(
  'billing_checkouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: PAID_TIERS }).notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    url: text('url').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    subscriptionId: text('subscription_id'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('billing_checkouts_one_open_key').on(t.userId).where(sql`${t.status} = 'open'`),
    index('billing_checkouts_user_idx').on(t.userId),
  ],
);

/**
 * A paid subscription as the billing provider last described it. Only webhooks write here, from the
 * provider's current copy of the subscription (fetched, never taken from the event alone), and a
 * copy fetched earlier than the one stored is never written over it (`synced_at`).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    tier: text('tier', { enum: PAID_TIERS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    /** The provider's own status word (incomplete, unpaid, paused…), kept for support. */
    providerStatus: text('provider_status').notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    priceId: text('price_id').notNull(),
    currentPeriodEnd: timestamptz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    trialEnd: timestamptz('trial_end'),
    /** When the copy stored here was fetched from the provider. */
    syncedAt: timestamptz('synced_at').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

/** Every webhook event applied, by its id: a replay (Stripe retries, an attacker's copy) changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

/**
 * Local mode's stand-in for Stripe's side: its customers, checkout sessions, subscriptions and
 * invoices as Stripe-shaped JSON (adapters/billing/local-billing.ts). Never used with Stripe configured.
 */
export const localBillingObjects = pgTable(
  'local_billing_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['customer', 'checkout.session', 'subscription', 'invoice'] }).notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('local_billing_objects_kind_idx').on(t.kind)],
);

/** Local mode's analytics: the events the analytics adapter recorded, listed at GET /api/dev/analytics. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    props: jsonb('props').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_created_at_idx').on(t.createdAt)],
);

/**
 * Machine translations, each made once per engine and pair of languages: keyed by the SHA-256 (hex)
 * of the text, so an edited text is a new key and an unchanged one is never sent again. Rows are
 * never updated; nothing here is personal beyond the texts the owner asked to have translated.
 */
export const translations = pgTable(
  'translations',
  {
    provider: text('provider').notNull(),
    sourceLang: text('source_lang').notNull(),
    targetLang: text('target_lang').notNull(),
    textHash: text('text_hash').notNull(),
    translatedText: text('translated_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.sourceLang, t.targetLang, t.textHash] })],
);

/**
 * The shared per-key request counts of the rate limits (adapters/rate-limit/postgres-store.ts): one
 * row per key (route and client address) and fixed window. UNLOGGED (migration 0012): a count needs
 * no crash safety (a crash forgets at most one window), and its writes skip the write-ahead log.
 * Windows that ended are deleted by the periodic job (services/jobs.ts).
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('rate_limit_windows_expires_at_idx').on(t.expiresAt)],
);

/**
 * When each periodic job (services/jobs.ts) is next due, for every instance: the instance whose
 * statement moves `next_run_at` forward runs it, so a job runs once a period across instances.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamptz('next_run_at').notNull(),
  lastStartedAt: timestamptz('last_started_at').notNull(),
  /** Which instance ran it last (host and process id), for the logs. */
  lastRunner: text('last_runner').notNull(),
});

/**
 * An owner's own template (issue 17): a checklist's work without its state. The tasks are one JSON
 * array of {description, details, photoRequired} in order: a template is written once, read whole and
 * never edited task by task, so rows of their own would buy nothing. Built-in templates are not
 * here: they are constants in src/domain/built-in-templates.ts.
 */
export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tasks: jsonb('tasks')
      .$type<{ description: string; details: string; photoRequired: boolean }[]>()
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('checklist_templates_user_id_created_at_idx').on(t.userId, t.createdAt.desc())],
);

/** Raw bytes (PostgreSQL bytea), as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The owner's profile picture as the header shows it (issue 18): the sign-in provider's picture
 * (users.profile_image_url), fetched once by the server within a size and time limit, checked by
 * decoding it, and kept as a small WebP, so the browser loads it from us (the CSP stays 'self') and
 * the provider never sees where it is shown. `image` null: the last fetch failed (`failed_at`).
 */
export const userAvatars = pgTable('user_avatars', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The provider's address this copy was made from: a new address makes it stale at once. */
  sourceUrl: text('source_url').notNull(),
  image: bytea('image'),
  fetchedAt: timestamptz('fetched_at').notNull(),
  failedAt: timestamptz('failed_at'),
});

/**
 * What an owner was told (decision 0024): a recipient submitted, ticked the first or the last task,
 * did not get a code; a link locked. The checklist's name and the recipient's label are kept as they
 * were, so the entry reads the same after a rename; it goes with the checklist.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checklistId: text('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    shareId: text('share_id').references(() => shares.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    checklistName: text('checklist_name').notNull(),
    recipientLabel: text('recipient_label'),
    createdAt: timestamptz('created_at').notNull().default(sql`clock_timestamp()`),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    index('notifications_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    index('notifications_checklist_kind_idx').on(t.checklistId, t.kind, t.createdAt),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('submitted', 'first_tick', 'last_tick', 'code_not_received', 'link_locked')`,
    ),
  ],
);

/** An owner's notification choices (domain/notification-texts.ts); no row: the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tickNotices: boolean('tick_notices').notNull().default(false),
  emailSubmitted: boolean('email_submitted').notNull().default(true),
  emailTicks: boolean('email_ticks').notNull().default(true),
  emailCodeNotReceived: boolean('email_code_not_received').notNull().default(true),
  emailLinkLocked: boolean('email_link_locked').notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
