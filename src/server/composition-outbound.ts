import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from './adapters/messaging/message-sender.ts';
import {
  CALENDAR_FEED_LIMITS,
  type CalendarFeedReader,
  createCalendarFeedReader,
} from './adapters/outbound/calendar-feed.ts';
import type { Config } from './config/index.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createChangeListener, DEFAULT_RECONNECT } from './realtime/change-listener.ts';
import type { ShareSecrets } from './services/share-secrets.ts';
import {
  WEBHOOKS_CHANNEL,
  WebhookDispatcher,
  type WebhookDispatcherOptions,
} from './services/webhook-dispatcher.ts';
import type { WebhookContext } from './services/webhooks.ts';

/**
 * Part of the composition root (composition.ts): what reaches addresses the server did not choose,
 * and which addresses each may reach.
 */

/** Calendars' feeds: public https only; in local mode (never production) this machine too (the sample). */
export function calendarFeedsFor(config: Config): CalendarFeedReader {
  const allowLoopback = config.appEnv !== 'production' && config.localServices.length > 0;
  return createCalendarFeedReader({ ...CALENDAR_FEED_LIMITS, allowLoopback });
}

/** Webhook endpoints (the routes' context) and the dispatcher that sends their deliveries. */
export interface WebhookServices {
  context: WebhookContext;
  /** main.ts starts it; tests start it themselves. */
  dispatcher: WebhookDispatcher;
}

/** The webhooks' services, wired. */
export function composeWebhooks(
  config: Config,
  database: DatabaseHandle,
  deps: { secrets: ShareSecrets; messages: EmailSender; log: FastifyBaseLogger },
  options: Partial<WebhookDispatcherOptions> | undefined,
): WebhookServices {
  // Production: public https targets only; elsewhere plain http and this machine too (tests' receivers).
  const targets = { allowLoopback: config.appEnv !== 'production' };
  const { secrets, messages, log } = deps;
  const dispatcher = new WebhookDispatcher(
    {
      db: database.db,
      // Woken at the commit that queued deliveries (a NOTIFY from migration 0030's triggers).
      listen: (wake) =>
        createChangeListener(
          database.notifications,
          { onPayload: wake, onReconnected: wake },
          log,
          DEFAULT_RECONNECT,
          WEBHOOKS_CHANNEL,
        ),
      secrets,
      targets,
      messages,
      siteName: config.siteName,
      publicUrl: config.publicUrl,
      log,
    },
    options,
  );
  return { context: { db: database.db, secrets, targets }, dispatcher };
}
