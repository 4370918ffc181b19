import { AppError } from '#domain/errors';
import type { LanguageCode } from '#domain/languages';
import type { ShareNoticeInput } from '#domain/share-notice-messages';
import { shareLink } from '#domain/sharing';
import { newId } from '../ids.ts';
import { recordReminderSend } from '../repositories/due-dates.ts';
import { deleteCodeSend } from '../repositories/share-code-sends.ts';
import type { ShareRow } from '../repositories/shares.ts';
import type { SharingContext } from './share-delivery.ts';
import { assertSendAllowance, assertSmsDestination } from './share-send-limits.ts';

/**
 * A notice to a share's recipient about their checklist (a due reminder, tasks sent back to be redone):
 * through the share's channel, in its language, with its link. A message counts against the sending
 * limits as a code does (share_code_sends); one a limit refuses is skipped and logged, never tried
 * again, and one the carrier did not take is not counted.
 */

export type ShareNoticeContext = Pick<
  SharingContext,
  'db' | 'secrets' | 'messages' | 'siteName' | 'publicUrl' | 'sms'
> & {
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
};

/** The checklist a notice is about, and who made it (whose sending limits it counts against). */
export interface NoticeChecklist {
  id: string;
  name: string;
  userId: string;
  creatorCreatedAt: Date;
}

/** What one kind of notice says, from the common content (the link in the share's language). */
export interface NoticeWords {
  /** For the log: 'due reminder', 'redo request'. */
  label: string;
  email(content: ShareNoticeInput): { subject: string; text: string; html: string };
  sms(content: ShareNoticeInput): { body: string };
}

/** Counts the message against the limits, then sends it; a refusal or a failed delivery is logged. */
export async function sendShareNotice(
  context: ShareNoticeContext,
  checklist: NoticeChecklist,
  share: ShareRow,
  words: NoticeWords,
  now: Date,
): Promise<boolean> {
  const { db } = context;
  const facts = { checklistId: checklist.id, shareId: share.id, channel: share.channel };
  const sendId = newId('send');
  try {
    if (share.channel === 'sms') assertSmsDestination(share.contact, context.sms);
    await db.transaction(async (tx) => {
      const record = await assertSendAllowance(
        tx,
        context.sms,
        {
          channel: share.channel,
          destination: share.contact,
          ownerId: checklist.userId,
          ownerCreatedAt: checklist.creatorCreatedAt,
          checklistId: checklist.id,
          shareId: share.id,
          requestedBy: 'owner',
          requester: { ip: null, network: null },
        },
        now,
      );
      await recordReminderSend(tx, {
        id: sendId,
        ownerId: checklist.userId,
        shareId: share.id,
        channel: share.channel,
        ...record,
      });
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    context.log.warn({ ...facts, code: error.code }, `${words.label} skipped: ${error.message}`);
    return false;
  }
  const language = share.targetLanguage as LanguageCode;
  const content: ShareNoticeInput = {
    siteName: context.siteName,
    checklistName: checklist.name,
    shareUrl: shareLink(context.publicUrl.href, context.secrets.unsealToken(share.tokenSealed), language),
    recipientName: share.recipientName ?? undefined,
    language,
  };
  try {
    if (share.channel === 'email') {
      await context.messages.sendEmail({ to: share.contact, ...words.email(content) });
    } else {
      await context.messages.sendSms({ to: share.contact, ...words.sms(content) });
    }
    return true;
  } catch (error) {
    // Not sent: not counted. Not tried again either.
    await deleteCodeSend(db, sendId);
    context.log.error({ ...facts, err: error }, `${words.label} not delivered`);
    return false;
  }
}
