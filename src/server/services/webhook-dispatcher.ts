import { createHmac, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES, WEBHOOK_SECRET_PREFIX } from '#domain/webhooks';
import type { EmailSender } from '../adapters/messaging/message-sender.ts';
import { postWebhook, type WebhookTargetPolicy } from '../adapters/outbound/webhook-post.ts';
import type { Database } from '../db/client.ts';
import { ownerOfTeam } from '../repositories/teams.ts';
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimDueDeliveries,
  disableWebhook,
  finishAttempts,
} from '../repositories/webhooks.ts';
import type { ShareSecrets } from './share-secrets.ts';
import { WebhookOutcomes } from './webhook-outcomes.ts';

/**
 * Sends the queued webhook deliveries (docs/decisions/0050-webhook-deliveries.md). Each pass claims
 * due deliveries in one statement (repositories/webhooks.ts claimDueDeliveries: SKIP LOCKED, a lease),
 * records the attempt, POSTs it signed (Standard Webhooks), and writes the outcome: succeeded, pending
 * again after an exponential backoff with full jitter, or failed for good once its window has passed
 * (the endpoint is then turned off and the team's owner e-mailed, once). Wakes on the database's
 * NOTIFY (sent at the commit that queued a delivery, on every instance) and polls about every second.
 */

/** The channel migration 0030's triggers notify when they queue deliveries. */
export const WEBHOOKS_CHANNEL = 'listsync_webhooks';

export interface WebhookDispatcherOptions {
  /** How often the queue is looked at without a wake-up. */
  pollMs: number;
  /** How long a claimed attempt is this instance's; a crashed instance's attempt is claimed again after it. */
  leaseMs: number;
  /** Deliveries claimed per statement. */
  batch: number;
  /** Attempts in flight at once, per instance. */
  concurrency: number;
  /** The longest a delivery is retried (3 days; tests shorten it). */
  retryForMs: number;
  /** The first retry comes within this long (the backoff doubles from it). */
  firstRetryMs: number;
  /** The longest wait between two attempts. */
  maxRetryMs: number;
  /** One attempt's time limit. */
  timeoutMs: number;
  /** How long finished attempts gather before their outcomes are written in one statement. */
  outcomeGatherMs: number;
}

export const DEFAULT_WEBHOOK_DISPATCH: WebhookDispatcherOptions = {
  pollMs: 1_000,
  leaseMs: WEBHOOK_LIMITS.timeoutMs + 20_000,
  batch: 50,
  concurrency: 100,
  retryForMs: WEBHOOK_LIMITS.retryForMs,
  firstRetryMs: WEBHOOK_LIMITS.firstRetryWithinMs,
  maxRetryMs: 6 * 60 * 60_000,
  timeoutMs: WEBHOOK_LIMITS.timeoutMs,
  outcomeGatherMs: 10,
};

/** Hears the wake-ups (composition.ts: a LISTEN on WEBHOOKS_CHANNEL) until stopped. */
export interface WakeUpListener {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface WebhookDispatcherDependencies {
  db: Database;
  listen(wake: () => void): WakeUpListener;
  secrets: Pick<ShareSecrets, 'unsealWebhookSecret'>;
  targets: WebhookTargetPolicy;
  messages: EmailSender;
  siteName: string;
  publicUrl: URL;
  log: FastifyBaseLogger;
}

/** The `webhook-signature` value: `v1,` and the base64 HMAC-SHA256 of "{id}.{timestamp}.{body}". */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * The wait before attempt `attempt + 1`: full jitter over an exponential ceiling that starts at
 * `firstRetryMs` (so the first retry comes within it) and doubles up to `maxRetryMs`.
 */
export function retryDelayMs(
  attempt: number,
  options: WebhookDispatcherOptions,
  random = Math.random,
): number {
  const ceiling = Math.min(options.maxRetryMs, options.firstRetryMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(options.firstRetryMs / 20, Math.round(random() * ceiling));
}

export class WebhookDispatcher {
  readonly #options: WebhookDispatcherOptions;
  readonly #outcomes: WebhookOutcomes;
  readonly #instance = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  #listener: WakeUpListener | null = null;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  #started = false;

  constructor(
    private readonly deps: WebhookDispatcherDependencies,
    options: Partial<WebhookDispatcherOptions> = {},
  ) {
    this.#options = { ...DEFAULT_WEBHOOK_DISPATCH, ...options };
    this.#outcomes = new WebhookOutcomes(
      (finished) => finishAttempts(deps.db, finished),
      this.#options.outcomeGatherMs,
    );
  }

  /** Listens for wake-ups and polls until stopped (main.ts; tests start it themselves). */
  async start(): Promise<void> {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    const wake = () => this.kick();
    this.#listener = this.deps.listen(wake);
    await this.#listener.start();
    this.#timer = setInterval(wake, this.#options.pollMs);
    this.#timer.unref();
    this.kick();
  }

  /** Looks at the queue now (a pass under way looks again when it ends). */
  kick(): void {
    if (this.#stopped || !this.#started) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#drain().finally(() => {
      this.#running = null;
      if (this.#again) {
        this.#again = false;
        this.kick();
      }
    });
  }

  /** No new pass; the attempts in flight end (their outcome is written) before the database closes. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#listener?.stop();
    this.#listener = null;
    await this.#running;
  }

  /** Claims and sends until nothing is due, up to `concurrency` attempts in flight. */
  async #drain(): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    const { leaseMs, batch, concurrency } = this.#options;
    try {
      while (!this.#stopped) {
        const room = concurrency - inFlight.size;
        const claimed =
          room > 0
            ? await claimDueDeliveries(this.deps.db, {
                leaseMs,
                limit: Math.min(room, batch),
                instance: this.#instance,
              })
            : [];
        for (const delivery of claimed) {
          const attempt: Promise<void> = this.#attempt(delivery)
            .catch((error: unknown) => this.#warn('an attempt could not be recorded', error))
            .finally(() => inFlight.delete(attempt));
          inFlight.add(attempt);
        }
        if (claimed.length === 0) {
          if (inFlight.size === 0) return;
          await Promise.race(inFlight);
        }
      }
    } catch (error) {
      this.#warn('a dispatch pass failed', error);
    } finally {
      await Promise.all(inFlight);
    }
  }

  #warn(what: string, error: unknown): void {
    this.deps.log.warn({ err: { message: (error as Error).message } }, `webhooks: ${what}`);
  }

  /** One attempt: signed, POSTed, its outcome written (its row was written with the claim). */
  async #attempt(delivery: ClaimedDelivery): Promise<void> {
    const timestamp = Math.floor(Date.now() / 1000);
    const secret = this.deps.secrets.unsealWebhookSecret(delivery.sealedSecret);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'ListSync-Webhooks',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, delivery.id, timestamp, delivery.body),
    };
    const result = await postWebhook(delivery.url, headers, delivery.body, this.deps.targets, {
      timeoutMs: this.#options.timeoutMs,
      maxBytes: WEBHOOK_LIMITS.responseBytesMax,
      excerptMax: WEBHOOK_LIMITS.responseExcerptMax,
    });
    const outcome: AttemptOutcome = {
      responseStatus: result.status,
      durationMs: result.durationMs,
      error: result.error,
      responseExcerpt: result.excerpt,
    };
    const next = this.#next(delivery, result.ok);
    const written = await this.#outcomes.write({ claimed: delivery, outcome, next });
    if (written && next.status === 'failed') await this.#giveUp(delivery, result.error);
  }

  /** After an attempt: done, failed for good (its window has passed), or pending after the backoff. */
  #next(delivery: ClaimedDelivery, ok: boolean) {
    const now = Date.now();
    if (ok) return { status: 'succeeded' as const, nextAttemptAt: new Date(now) };
    // The stored window is 3 days; a shorter retryForMs (tests) ends it sooner, from the same start.
    const windowStart = delivery.giveUpAt.getTime() - WEBHOOK_LIMITS.retryForMs;
    const windowEnd = Math.min(delivery.giveUpAt.getTime(), windowStart + this.#options.retryForMs);
    if (now >= windowEnd) return { status: 'failed' as const, nextAttemptAt: new Date(now) };
    const at = Math.min(now + retryDelayMs(delivery.attempt, this.#options), windowEnd);
    return { status: 'pending' as const, nextAttemptAt: new Date(at) };
  }

  /** The endpoint goes off, and the owner is told by e-mail: once, by whoever turned it off. */
  async #giveUp(delivery: ClaimedDelivery, lastError: string | null): Promise<void> {
    const { db, log } = this.deps;
    const webhook = await disableWebhook(db, delivery.webhookId, WEBHOOK_MESSAGES.disabledAfterFailures);
    if (!webhook) return;
    const owner = await ownerOfTeam(db, webhook.teamId);
    if (!owner?.email) return;
    const settings = new URL('/settings', this.deps.publicUrl).href;
    try {
      await this.deps.messages.sendEmail({
        to: owner.email,
        subject: `${this.deps.siteName}: a webhook was turned off`,
        text: [
          `Deliveries to ${webhook.url} failed for 3 days, so ${this.deps.siteName} turned this webhook off.`,
          `The last attempt (${delivery.event}, ${delivery.id}): ${lastError ?? 'no answer'}.`,
          `Fix the endpoint, then turn the webhook back on in ${settings}: the waiting deliveries are sent again.`,
        ].join('\n\n'),
      });
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, 'webhooks: the owner could not be e-mailed');
    }
  }
}
