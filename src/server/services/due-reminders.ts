import { DUE_LIMITS } from '#domain/due-dates';
import { buildDueReminderEmail, buildDueReminderSms } from '#domain/due-reminder-messages';
import { AppError } from '#domain/errors';
import type { LanguageCode } from '#domain/languages';
import { shareLink } from '#domain/sharing';
import { newId } from '../ids.ts';
import {
  claimDueReminders,
  type MarkedChecklist,
  recordReminderSend,
  remindableShares,
} from '../repositories/due-dates.ts';
import { deleteCodeSend } from '../repositories/share-code-sends.ts';
import type { ShareRow } from '../repositories/shares.ts';
import { tellMembers } from './due-dates.ts';
import type { SharingContext } from './share-delivery.ts';
import { assertSendAllowance, assertSmsDestination } from './share-send-limits.ts';

/**
 * The reminders an hour before a checklist is due (docs/automation.md "Due dates, overdue and
 * reminders"), run by the job scheduler every minute (services/jobs.ts). A checklist due within the
 * hour (and more than a few minutes ahead), not started and not cancelled, is marked reminded first,
 * in one conditional statement, so it is reminded at most once whichever instance looks; then its
 * assignee gets an in-app notice (in the mark's transaction) and each live share's recipient one
 * message through the share's channel, in its language, with its link. A message counts against the
 * sending limits as a code does (share_code_sends); one a limit refuses is skipped and logged, never
 * tried again.
 */

export type ReminderContext = Pick<
  SharingContext,
  'db' | 'secrets' | 'messages' | 'siteName' | 'publicUrl' | 'sms'
> & {
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
};

type Claimed = MarkedChecklist & { creatorCreatedAt: Date };

/** Answers how many checklists it claimed (each reminded once). */
export async function sendDueReminders(context: ReminderContext, now: Date): Promise<number> {
  const { db } = context;
  const claimed = await db.transaction(async (tx) => {
    const rows = await claimDueReminders(tx, now, {
      minimumMs: DUE_LIMITS.reminderMinimumMinutes * 60_000,
      leadMs: DUE_LIMITS.reminderLeadMinutes * 60_000,
      limit: DUE_LIMITS.reminderBatch,
    });
    await tellMembers(
      tx,
      'due_soon',
      rows.flatMap((row) =>
        row.assigneeUid ? [{ userId: row.assigneeUid, checklistId: row.id, checklistName: row.name }] : [],
      ),
    );
    return rows;
  });
  for (const checklist of claimed) {
    for (const share of await remindableShares(db, checklist.id)) {
      // One share's failure (a token that no longer unseals, say) does not hold up the others.
      await remindRecipient(context, checklist, share, now).catch((error: unknown) =>
        context.log.error(
          { checklistId: checklist.id, shareId: share.id, err: error },
          'due reminder failed',
        ),
      );
    }
  }
  return claimed.length;
}

/** Counts the message against the limits, then sends it; a refusal or a failed delivery is logged. */
async function remindRecipient(context: ReminderContext, checklist: Claimed, share: ShareRow, now: Date) {
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
    context.log.warn({ ...facts, code: error.code }, `due reminder skipped: ${error.message}`);
    return;
  }
  const language = share.targetLanguage as LanguageCode;
  const content = {
    siteName: context.siteName,
    checklistName: checklist.name,
    shareUrl: shareLink(context.publicUrl.href, context.secrets.unsealToken(share.tokenSealed), language),
    minutes: (checklist.dueAt.getTime() - now.getTime()) / 60_000,
    recipientName: share.recipientName ?? undefined,
    language,
  };
  try {
    if (share.channel === 'email') {
      await context.messages.sendEmail({ to: share.contact, ...buildDueReminderEmail(content) });
    } else {
      await context.messages.sendSms({ to: share.contact, ...buildDueReminderSms(content) });
    }
  } catch (error) {
    // Not sent: not counted. Not tried again either (the checklist is marked reminded).
    await deleteCodeSend(db, sendId);
    context.log.error({ ...facts, err: error }, 'due reminder not delivered');
  }
}
