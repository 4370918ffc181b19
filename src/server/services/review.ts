import { AppError } from '#domain/errors';
import type { LanguageCode } from '#domain/languages';
import { buildRedoEmail, buildRedoSms } from '#domain/redo-messages';
import { REVIEW_MESSAGES, type ReviewInput } from '#domain/review';
import type { Database } from '../db/client.ts';
import { type Caller, checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
import { recordActivity } from '../repositories/activity.ts';
import {
  creatorCreatedAt,
  lockSubmitted,
  markApproved,
  redoRecipients,
  reopenForRedo,
  sendTasksBack,
} from '../repositories/review.ts';
import { resolveChecklistActor } from './checklist-actors.ts';
import { type ChecklistAt, readChecklistWithRevision } from './checklists.ts';
import { type NoticeChecklist, type ShareNoticeContext, sendShareNotice } from './share-notices.ts';

/**
 * POST /api/checklists/{id}/review (docs/review-and-proof.md "Review"): a member of the checklist's
 * team approves a submitted checklist, or sends some of its tasks back to be done again with a note.
 * A recipient has no right to (the policy's 'edit', which only the team holds: 404 as for anything out
 * of reach). Each decision is one transaction: the change, its revision and its record commit together;
 * a redo then tells the recipients through their share's channel, in their language.
 */

export interface ReviewContext {
  db: Database;
  notices: ShareNoticeContext;
  /** Starts translating the checklist (now with its notes) into a share's language; not awaited. */
  warmTranslation?: (checklistId: string, language: LanguageCode) => void;
}

export async function reviewChecklist(
  context: ReviewContext,
  caller: Caller,
  checklistId: string,
  input: ReviewInput,
): Promise<ChecklistAt> {
  let redone: NoticeChecklist | null = null;
  const reviewed = await context.db.transaction(async (tx) => {
    const { access } = await resolveChecklistActor(tx, caller, checklistId, 'edit');
    if (access.kind !== 'owner') throw checklistNotFound();
    const submitted = await lockSubmitted(tx, access, checklistId);
    if (submitted === null) throw checklistNotFound();
    if (!submitted) throw new AppError('not_submitted', REVIEW_MESSAGES.notSubmitted);
    if (input.decision === 'approved') {
      await approve(tx, access, checklistId, input.note);
    } else {
      redone = await sendBack(tx, access, checklistId, input);
    }
    // Read in the transaction that holds the row's lock: exactly the state this review made.
    const read = await readChecklistWithRevision(tx, access, checklistId);
    if (!read) throw checklistNotFound();
    return { checklist: read.checklist, revision: read.revision };
  });
  if (redone) await tellRecipients(context, redone);
  return reviewed;
}

async function approve(tx: Database, access: OwnerAccess, checklistId: string, note: string | null) {
  if (!(await markApproved(tx, access, checklistId))) throw checklistNotFound();
  await recordActivity(tx, {
    checklistId,
    shareId: null,
    actorUserId: access.userId,
    action: 'approved',
    note,
  });
}

/** Unticks the tasks with the note, reopens the checklist, one record per task. */
async function sendBack(
  tx: Database,
  access: OwnerAccess,
  checklistId: string,
  input: ReviewInput,
): Promise<NoticeChecklist> {
  const sent = await sendTasksBack(tx, checklistId, input.taskIds, input.note);
  if (sent.length !== input.taskIds.length) {
    // Thrown inside the transaction: nothing of this review stays.
    throw new AppError('validation_failed', REVIEW_MESSAGES.unknownTasks, {
      issues: [{ path: 'taskIds', message: REVIEW_MESSAGES.unknownTasks }],
    });
  }
  const reopened = await reopenForRedo(tx, checklistId);
  if (!reopened) throw checklistNotFound();
  const order = new Map(input.taskIds.map((id, i) => [id, i]));
  for (const task of [...sent].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))) {
    await recordActivity(tx, {
      checklistId,
      shareId: null,
      actorUserId: access.userId,
      action: 'redo_requested',
      taskId: task.id,
      note: input.note,
    });
  }
  return {
    id: checklistId,
    name: reopened.name,
    userId: reopened.userId,
    creatorCreatedAt: await creatorCreatedAt(tx, reopened.userId),
  };
}

/**
 * Committed: each recipient who works on the checklist is told, one message per share, through its
 * channel and in its language, and the page's translation (with the note) starts warming. Awaited, as
 * the 'I didn't get a code' notice is (a handful of shares at most), but never failing the review: it
 * committed, and one share's failure (logged) does not stop the others.
 */
async function tellRecipients(context: ReviewContext, checklist: NoticeChecklist): Promise<void> {
  const { notices } = context;
  const words = { label: 'redo request', email: buildRedoEmail, sms: buildRedoSms };
  try {
    for (const share of await redoRecipients(notices.db, checklist.id)) {
      context.warmTranslation?.(checklist.id, share.targetLanguage as LanguageCode);
      await sendShareNotice(notices, checklist, share, words, new Date()).catch((error: unknown) =>
        notices.log.error(
          { checklistId: checklist.id, shareId: share.id, err: error },
          'redo request failed',
        ),
      );
    }
  } catch (error) {
    notices.log.error({ checklistId: checklist.id, err: error }, 'redo recipients not read');
  }
}
