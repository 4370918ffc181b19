import { createHash } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '#domain/phone';
import type { Database } from '../../db/client.ts';
import { type OutboxAttachment, outboxMessages } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import type { DeliveryReceipt, MessageChannel, MessageSender } from './message-sender.ts';

/** One message as GET /api/dev/outbox shows it (docs/modes-and-limits.md "Modes"). */
export interface OutboxMessageView {
  id: string;
  channel: MessageChannel;
  to: string;
  /** Null for SMS. */
  subject: string | null;
  text: string;
  createdAt: string;
  /** What an e-mail carried besides its text (the bytes themselves are not kept). */
  attachments: OutboxAttachment[];
  /** Extra headers an e-mail was sent with (List-Unsubscribe…); {} for none. */
  headers: Record<string, string>;
}

/** The outbox lists this many of the newest messages: enough for any local session or test run. */
export const OUTBOX_LIST_LIMIT = 200;

/** 'jane.doe@example.com' -> 'j•••@example.com': enough to tell messages apart in a log. */
function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${address.slice(0, 1)}•••${address.slice(at)}`;
}

export function maskRecipient(channel: MessageChannel, to: string): string {
  return channel === 'email' ? maskAddress(to) : maskPhone(to);
}

/**
 * Local mode's carrier for both channels: the message is stored in outbox_messages and a log line
 * says so. The line names the channel and the masked recipient only: the text holds a live code.
 */
export function createOutboxSender(db: Database, logger: Pick<FastifyBaseLogger, 'info'>): MessageSender {
  const deliver = async (row: {
    channel: MessageChannel;
    to: string;
    subject: string | null;
    text: string;
    html: string | null;
    attachments?: OutboxAttachment[];
    headers?: Record<string, string>;
  }): Promise<DeliveryReceipt> => {
    const [stored] = await db
      .insert(outboxMessages)
      .values({ id: newId('msg'), ...row })
      .returning({ id: outboxMessages.id, createdAt: outboxMessages.createdAt });
    if (!stored) throw new Error('outbox insert returned nothing');
    logger.info(
      { channel: row.channel, to: maskRecipient(row.channel, row.to), messageId: stored.id },
      `${row.channel === 'email' ? 'E-mail' : 'SMS'} delivered to the local outbox (GET /api/dev/outbox)`,
    );
    return { channel: row.channel, transport: 'outbox', messageId: stored.id, acceptedAt: stored.createdAt };
  };

  return {
    sendEmail: (message) =>
      deliver({
        channel: 'email',
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        attachments: (message.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          size: file.content.length,
          sha256: createHash('sha256').update(file.content).digest('hex'),
        })),
        headers: { ...message.headers },
      }),
    sendSms: (message) =>
      deliver({ channel: 'sms', to: message.to, subject: null, text: message.body, html: null }),
  };
}

/** The newest messages first. */
export async function listOutboxMessages(
  db: Database,
  limit = OUTBOX_LIST_LIMIT,
): Promise<OutboxMessageView[]> {
  const rows = await db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      to: outboxMessages.to,
      subject: outboxMessages.subject,
      text: outboxMessages.text,
      createdAt: outboxMessages.createdAt,
      attachments: outboxMessages.attachments,
      headers: outboxMessages.headers,
    })
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.seq))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
