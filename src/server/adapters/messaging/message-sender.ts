/**
 * How the server sends e-mail and SMS, whatever carries them: SMTP and Twilio when configured, the
 * local outbox otherwise (create-message-sender.ts chooses per channel). Each send resolves to a
 * receipt once the carrier has accepted the message, or rejects with a DeliveryError.
 */

export type MessageChannel = 'email' | 'sms';

export interface EmailMessage {
  /** One address. */
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Files sent with the message (the completion report). */
  attachments?: readonly EmailAttachment[] | undefined;
  /**
   * Extra headers, e.g. RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post`. Never the ones
   * the carrier writes itself (From, To, Subject, Message-ID, MIME).
   */
  headers?: Readonly<Record<string, string>> | undefined;
}

/** One file attached to an e-mail. */
export interface EmailAttachment {
  filename: string;
  /** 'application/pdf'. */
  contentType: string;
  content: Buffer;
}

export interface SmsMessage {
  /** E.164, e.g. '+14155550132'. */
  to: string;
  body: string;
}

/** The carrier accepted the message: it is on its way, not necessarily in the recipient's hands yet. */
export interface DeliveryReceipt {
  channel: MessageChannel;
  transport: 'smtp' | 'twilio' | 'outbox';
  /** The carrier's id for the message: the SMTP Message-ID, the Twilio message SID, the outbox row id. */
  messageId: string;
  acceptedAt: Date;
}

export interface EmailSender {
  sendEmail(message: EmailMessage): Promise<DeliveryReceipt>;
}

export interface SmsSender {
  sendSms(message: SmsMessage): Promise<DeliveryReceipt>;
}

export interface MessageSender extends EmailSender, SmsSender {}
