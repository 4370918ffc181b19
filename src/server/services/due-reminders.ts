import { DUE_LIMITS } from '#domain/due-dates';
import { buildDueReminderEmail, buildDueReminderSms } from '#domain/due-reminder-messages';
import { claimDueReminders, type MarkedChecklist, remindableShares } from '../repositories/due-dates.ts';
import type { ShareRow } from '../repositories/shares.ts';
import { tellMembers } from './due-dates.ts';
import { type ShareNoticeContext, sendShareNotice } from './share-notices.ts';

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

export type ReminderContext = ShareNoticeContext;

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

/** The reminder through the share's channel, counted against the sending limits (services/share-notices.ts). */
async function remindRecipient(context: ReminderContext, checklist: Claimed, share: ShareRow, now: Date) {
  const minutes = (checklist.dueAt.getTime() - now.getTime()) / 60_000;
  await sendShareNotice(
    context,
    checklist,
    share,
    {
      label: 'due reminder',
      email: (content) => buildDueReminderEmail({ ...content, minutes }),
      sms: (content) => buildDueReminderSms({ ...content, minutes }),
    },
    now,
  );
}
