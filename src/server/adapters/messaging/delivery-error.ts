import type { DeliveryFailureReason } from '#domain/errors';
import type { MessageChannel } from './message-sender.ts';

/**
 * Why a message was not accepted, in terms a caller can act on:
 * - recipient_rejected: this address or number will not take it (tell the user to check it);
 * - authentication_failed: our credentials were refused (an operator must fix the settings);
 * - rejected: the carrier refused the message for another reason (sender, policy, content);
 * - temporarily_unavailable: the carrier asked to try later (SMTP 4xx, HTTP 429 or 5xx);
 * - unreachable: no connection (DNS, refused, TLS);
 * - timeout: no answer in time.
 */
export type { DeliveryFailureReason } from '#domain/errors';

export interface DeliveryFailure {
  channel: MessageChannel;
  reason: DeliveryFailureReason;
  /** The carrier's own code: a nodemailer code ('EENVELOPE') or a Twilio error code (21211). */
  providerCode?: string | number | undefined;
  /** The SMTP reply code or the HTTP status, when the carrier answered. */
  status?: number | undefined;
}

const CHANNEL_NAME: Record<MessageChannel, string> = { email: 'E-mail', sms: 'SMS' };

const REASON_TEXT: Record<DeliveryFailureReason, string> = {
  recipient_rejected: 'the recipient was refused',
  authentication_failed: 'the credentials were refused',
  rejected: 'the message was refused',
  temporarily_unavailable: 'the service is temporarily unavailable',
  unreachable: 'the service could not be reached',
  timeout: 'the service did not answer in time',
};

/**
 * A message that was not delivered. Its text is built only from the fields above, never from the
 * carrier's reply or the request, so no credential, address or message body ends up in a log line.
 */
export class DeliveryError extends Error {
  readonly channel: MessageChannel;
  readonly reason: DeliveryFailureReason;
  readonly providerCode: string | number | undefined;
  readonly status: number | undefined;

  constructor(failure: DeliveryFailure) {
    const detail = [
      failure.status === undefined ? null : `status ${failure.status}`,
      failure.providerCode === undefined ? null : `code ${failure.providerCode}`,
    ].filter(Boolean);
    super(
      `${CHANNEL_NAME[failure.channel]} delivery failed: ${REASON_TEXT[failure.reason]}` +
        (detail.length > 0 ? ` (${detail.join(', ')})` : ''),
    );
    this.name = 'DeliveryError';
    this.channel = failure.channel;
    this.reason = failure.reason;
    this.providerCode = failure.providerCode;
    this.status = failure.status;
  }
}

/** fetch and nodemailer report an expired AbortSignal.timeout() as a TimeoutError (or with one as cause). */
export function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'TimeoutError' || (error.cause instanceof Error && error.cause.name === 'TimeoutError')
  );
}
