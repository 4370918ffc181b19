import nodemailer from 'nodemailer';
import { DeliveryError, type DeliveryFailureReason, isTimeout } from './delivery-error.ts';
import type { DeliveryReceipt, EmailMessage, EmailSender } from './message-sender.ts';

/** Milliseconds. nodemailer's own defaults (2 min to connect, 10 min of silence) would hold a request for minutes. */
export interface SmtpTimeouts {
  connectMs: number;
  greetingMs: number;
  /** Silence on an open connection. */
  socketMs: number;
  /** The whole send, however slowly the server trickles its answers. */
  totalMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectMs: 10_000,
  greetingMs: 10_000,
  socketMs: 20_000,
  totalMs: 30_000,
};

export interface SmtpEmailSenderOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465; query options per nodemailer. */
  url: string;
  /** 'ListSync <no-reply@example.com>' or a bare address. */
  from: string;
  timeouts?: Partial<SmtpTimeouts>;
}

/** E-mail over SMTP with nodemailer: one connection per message (verification mail is rare and urgent). */
export function createSmtpEmailSender(options: SmtpEmailSenderOptions): EmailSender {
  const timeouts = { ...DEFAULT_SMTP_TIMEOUTS, ...options.timeouts };
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectMs,
    // Messages are built from our own strings only: never let one pull in a file or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });

  return {
    async sendEmail(message: EmailMessage): Promise<DeliveryReceipt> {
      try {
        const info = await transport.sendMail({
          from: options.from,
          // An address object is taken as one address: a string would be parsed as a list ('a@x, b@y').
          to: { name: '', address: message.to },
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          ...(message.headers ? { headers: { ...message.headers } } : {}),
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  content: file.content,
                })),
              }
            : {}),
          signal: AbortSignal.timeout(timeouts.totalMs),
        });
        return { channel: 'email', transport: 'smtp', messageId: info.messageId, acceptedAt: new Date() };
      } catch (error) {
        throw smtpDeliveryError(error);
      }
    },
  };
}

/** The fields nodemailer adds to its errors (see its smtp-connection `_formatError`). */
interface NodemailerErrorFields {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY']);

/**
 * Maps a nodemailer error to a DeliveryError. Only the code, the SMTP reply code and the stage are
 * kept: nodemailer's message can quote the server's reply, which may echo the address.
 */
export function smtpDeliveryError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code, responseCode, command } = error as Error & NodemailerErrorFields;
  const status = typeof responseCode === 'number' ? responseCode : undefined;
  const providerCode = typeof code === 'string' ? code : undefined;
  const fail = (reason: DeliveryFailureReason) =>
    new DeliveryError({ channel: 'email', reason, providerCode, status });

  if (isTimeout(error) || code === 'ETIMEDOUT') return fail('timeout');
  if (providerCode === undefined) return error; // not from nodemailer: a bug, not a delivery failure
  if (code === 'EAUTH' || code === 'ENOAUTH') return fail('authentication_failed');
  if (status !== undefined && status >= 400 && status < 500) return fail('temporarily_unavailable');
  if (UNREACHABLE_CODES.has(providerCode)) return fail('unreachable');
  const refusedRecipient = command === 'RCPT TO' || error.message.startsWith('Invalid recipient');
  if (code === 'EENVELOPE' && refusedRecipient) return fail('recipient_rejected');
  return fail('rejected');
}
