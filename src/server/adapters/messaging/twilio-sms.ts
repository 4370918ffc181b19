import type { TwilioSender } from '../../config/messaging.ts';
import { DeliveryError, type DeliveryFailureReason, isTimeout } from './delivery-error.ts';
import type { DeliveryReceipt, SmsMessage, SmsSender } from './message-sender.ts';

export const DEFAULT_TWILIO_TIMEOUT_MS = 10_000;

export interface TwilioSmsSenderOptions {
  accountSid: string;
  authToken: string;
  sender: TwilioSender;
  /** https://api.twilio.com, or a fake of it in tests; no trailing slash. */
  baseUrl: string;
  /** The whole request, answer included. */
  timeoutMs?: number;
}

/**
 * Twilio error codes that mean this number will not take the message:
 * 21211 invalid 'To', 21265 'To' is a short code, 21408 region not enabled, 21610 recipient replied
 * STOP, 21612 not routable, 21614 not a mobile number.
 */
const RECIPIENT_ERROR_CODES = new Set([21211, 21265, 21408, 21610, 21612, 21614]);

/** SMS through Twilio's Messages REST API (2010-04-01), with fetch: no SDK, one POST per message. */
export function createTwilioSmsSender(options: TwilioSmsSenderOptions): SmsSender {
  const url = `${options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TWILIO_TIMEOUT_MS;

  return {
    async sendSms(message: SmsMessage): Promise<DeliveryReceipt> {
      const form = new URLSearchParams({ To: message.to });
      if ('messagingServiceSid' in options.sender) {
        form.set('MessagingServiceSid', options.sender.messagingServiceSid);
      } else {
        form.set('From', options.sender.from);
      }
      form.set('Body', message.body);

      let status: number;
      let answer: unknown;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { authorization, accept: 'application/json' },
          body: form,
          // The credentials go to this address only.
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        answer = await response.json().catch(() => null);
      } catch (error) {
        throw new DeliveryError({ channel: 'sms', reason: isTimeout(error) ? 'timeout' : 'unreachable' });
      }

      if (status < 200 || status >= 300) throw twilioDeliveryError(status, answer);
      const sid = (answer as { sid?: unknown } | null)?.sid;
      return {
        channel: 'sms',
        transport: 'twilio',
        messageId: typeof sid === 'string' ? sid : 'unknown',
        acceptedAt: new Date(),
      };
    },
  };
}

/**
 * Twilio answers an error as JSON `{code, message, more_info, status}`. Only the numeric code and the
 * status are kept: the text can quote the number, and nothing of the request (the token) is echoed.
 */
export function twilioDeliveryError(status: number, answer: unknown): DeliveryError {
  const code = (answer as { code?: unknown } | null)?.code;
  const providerCode = typeof code === 'number' ? code : undefined;
  let reason: DeliveryFailureReason = 'rejected';
  if (status === 401 || status === 403) reason = 'authentication_failed';
  else if (status === 429 || status >= 500) reason = 'temporarily_unavailable';
  else if (providerCode !== undefined && RECIPIENT_ERROR_CODES.has(providerCode))
    reason = 'recipient_rejected';
  return new DeliveryError({ channel: 'sms', reason, providerCode, status });
}
