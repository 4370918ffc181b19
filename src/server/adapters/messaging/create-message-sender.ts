import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import type { EmailSender, MessageSender, SmsSender } from './message-sender.ts';
import { createOutboxSender } from './outbox.ts';
import { createSmtpEmailSender } from './smtp-email.ts';
import { createTwilioSmsSender } from './twilio-sms.ts';

/**
 * The sender the app uses: each channel goes to its configured carrier (SMTP, Twilio) or, when that
 * is not configured (local mode; production refuses it at start-up), to the local outbox.
 */
export function createMessageSender(
  config: Pick<Config, 'email' | 'sms'>,
  db: Database,
  logger: Pick<FastifyBaseLogger, 'info'>,
): MessageSender {
  const outbox = createOutboxSender(db, logger);
  const email: EmailSender = config.email.kind === 'smtp' ? createSmtpEmailSender(config.email) : outbox;
  const sms: SmsSender = config.sms.kind === 'twilio' ? createTwilioSmsSender(config.sms) : outbox;
  return {
    sendEmail: (message) => email.sendEmail(message),
    sendSms: (message) => sms.sendSms(message),
  };
}

/** Whether any channel delivers to the local outbox, i.e. whether GET /api/dev/outbox exists. */
export function usesOutbox(config: Pick<Config, 'email' | 'sms'>): boolean {
  return config.email.kind === 'outbox' || config.sms.kind === 'outbox';
}
