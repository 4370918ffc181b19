import {
  CHECKLIST_MESSAGES,
  type RemarksInput,
  type SubmitData,
  tasksMissingPhotos,
} from '#domain/checklist';
import { AppError } from '#domain/errors';
import { SIGNATURE_MESSAGES, type SignatureSubmission } from '#domain/signature';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { type Caller, type ChecklistAccess, checklistNotFound } from '../policies/checklists.ts';
import { asSeenBy, asSubmitted, withRemarks } from '../presenters/checklists.ts';
import { recordActivity } from '../repositories/activity.ts';
import { lockChecklist, markSubmitted } from '../repositories/checklists.ts';
import {
  type RemarksWritten,
  writeKeyedRemarksIfLater,
  writeRemarksIfLater,
} from '../repositories/remarks.ts';
import { startReviewRound } from '../repositories/review.ts';
import { insertSignature } from '../repositories/signatures.ts';
import { resolveChecklistActor } from './checklist-actors.ts';
import {
  type ChecklistAt,
  type ChecklistContext,
  checklistAfter,
  readChecklist,
  readChecklistWithRevision,
} from './checklists.ts';
import { ABANDONED_STATEMENT_CLAIM_MS, claimTimes } from './idempotency.ts';
import type { StatementKey } from './task-changes.ts';

/**
 * Doing the work beyond ticks (services/task-changes.ts): remarks and submitting, by the owner or a
 * verified recipient (the policy decides which), recorded with who did it. Both leave the version
 * alone, so an editor open elsewhere is not made stale.
 */

/** Who did it, for the record: the owner (no share) or the recipient's share. */
function actorOfRecord(access: ChecklistAccess) {
  return access.kind === 'recipient'
    ? { shareId: access.shareId, actorUserId: null }
    : { shareId: null, actorUserId: access.userId };
}

/**
 * The remarks, if this write is not older than the last one applied to them (later write wins, by
 * `changedAt`); the version is left alone. An older write changes nothing (no revision, no record)
 * and answers the checklist as it is, so the writer sees what won. With the revision of what it answers.
 * Who may write is asked first; the write and its record are then one statement, which goes through
 * the checklist's lane as a tick does (services/checklist-lanes.ts): alone, or committed together with
 * the changes to the same checklist waiting with it, never waiting on the row's lock. (A transaction
 * around the two statements would add nothing: at READ COMMITTED each sees its own moment, and the
 * write checks its reach again.) The answer is made after the commit, as a tick's
 * (services/task-changes.ts): from the cached copy at the revision just before, else read, and the
 * realtime hub finds the new state cached. A change is announced once committed (`notices`, as a
 * tick's: docs/decisions/0015), not by NOTIFY inside the write, whose commit would wait for
 * PostgreSQL's database-wide notice lock. With an Idempotency-Key (`key`), the key is claimed in the
 * write's statement, as a tick's is: one commit for both; null when another request holds the key.
 */
export async function updateRemarks(
  context: Pick<ChecklistContext, 'db' | 'notices' | 'cache' | 'lanes'>,
  caller: Caller,
  checklistId: string,
  input: RemarksInput,
  key?: StatementKey,
): Promise<ChecklistAt | null> {
  const { db, cache } = context;
  const { access, sessionUserId } = await resolveChecklistActor(db, caller, checklistId, 'remarks');
  const write = { remarks: input.remarks, language: input.remarksLanguage, changedAt: input.changedAt };
  let written: RemarksWritten | null;
  // The key is the session's user's, else the recipient browser's (http/plugins/idempotency.ts).
  const principal = sessionUserId ?? (caller.browserHash ? `recipient:${caller.browserHash}` : null);
  if (key && principal) {
    const claim = {
      principal,
      key: key.key,
      requestHash: key.requestHash,
      ...claimTimes(caller.now, ABANDONED_STATEMENT_CLAIM_MS),
    };
    const keyed = await context.lanes.run(checklistId, (on) =>
      writeKeyedRemarksIfLater(on, access, checklistId, write, claim),
    );
    key.claimed({ principal, claimed: keyed.claimed });
    // Held by another request: nothing ran here; the route answers its answer or why not.
    if (!keyed.claimed) return null;
    written = keyed.written;
  } else {
    key?.claimed({ principal: null, claimed: false });
    written = await context.lanes.run(checklistId, (on) =>
      writeRemarksIfLater(on, access, checklistId, write),
    );
  }
  if (!written) {
    // Out of reach (404) or an older write: the checklist as it is.
    const read = await readChecklistWithRevision(db, access, checklistId);
    if (!read) throw checklistNotFound();
    return { checklist: asSeenBy(access.kind, read.checklist), revision: read.revision };
  }
  const done = written;
  // Committed: its notice is ours to send (migration 0011).
  context.notices.afterCommit({
    kind: 'checklist',
    op: 'change',
    checklistId,
    teamId: done.teamId,
    revision: done.revision,
    actorShareId: access.kind === 'recipient' ? access.shareId : null,
  });
  // The state at the remark's revision, or a later one when it had to be read.
  const after = await checklistAfter(db, cache, checklistId, done, (before) => withRemarks(before, done));
  return { checklist: asSeenBy(access.kind, after.checklist), revision: after.revision };
}

/**
 * Submits the checklist as completed (100%), with the remarks if given; a recipient's submission is
 * told to the owner once it committed. Unfinished tasks are allowed
 * (the client asks for confirmation first), but a completed task that needs a photo and has none
 * blocks it: 400 missing_photos naming those tasks; so does a checklist that requires a signature
 * submitted without one: 400 signature_required. A signature given is kept beside the submission (one
 * row per submit, at its time). The checklist row is locked while the tasks are judged, so no tick
 * can slip in between the check and the submission. Answers the submitted checklist with its revision.
 */
export async function submitChecklist(
  context: Pick<ChecklistContext, 'db' | 'notifier'>,
  caller: Caller,
  checklistId: string,
  input: SubmitData,
): Promise<ChecklistAt> {
  const { remarks, remarksLanguage, signature } = input;
  let submittedBy: string | null = null;
  const submitted = await context.db.transaction(async (tx) => {
    const { access } = await resolveChecklistActor(tx, caller, checklistId, 'submit');
    if (!(await lockChecklist(tx, access, checklistId))) throw checklistNotFound();
    const current = await readChecklist(tx, access, checklistId);
    if (!current) throw checklistNotFound();
    const missing = tasksMissingPhotos(current.tasks);
    if (missing.length > 0) {
      throw new AppError('missing_photos', CHECKLIST_MESSAGES.missingPhotos, {
        taskIds: missing.map((task) => task.id),
      });
    }
    if (current.requireSignature && !signature) {
      throw new AppError('signature_required', SIGNATURE_MESSAGES.required);
    }
    const submitted = await markSubmitted(
      tx,
      access,
      checklistId,
      remarks !== undefined ? { text: remarks, language: remarksLanguage } : undefined,
    );
    if (!submitted?.submittedAt) throw new Error('submit update returned nothing');
    // The notes of tasks sent back and an approval were for the last round (docs/review-and-proof.md).
    await startReviewRound(tx, checklistId);
    if (remarks !== undefined && remarks !== current.remarks) {
      await recordActivity(tx, { checklistId, ...actorOfRecord(access), action: 'remarks_changed' });
    }
    await recordActivity(tx, { checklistId, ...actorOfRecord(access), action: 'submitted' });
    const signed = signature
      ? await keepSignature(tx, access, checklistId, signature, submitted.submittedAt)
      : null;
    if (access.kind === 'recipient') submittedBy = access.shareId;
    // `current` was read under the row's lock, so this is exactly the state at the new revision.
    const checklist = asSubmitted(access.kind, current, {
      ...submitted,
      submittedAt: submitted.submittedAt,
      signature: signed,
    });
    return { checklist, revision: submitted.revision };
  });
  // Committed: the owner is told (the report is made and e-mailed after this answer).
  if (submittedBy !== null) context.notifier.tell({ kind: 'submitted', checklistId, shareId: submittedBy });
  return submitted;
}

/** The signature a submit carried, kept at the submission's time, by whoever submitted. */
function keepSignature(
  tx: Database,
  access: ChecklistAccess,
  checklistId: string,
  signature: SignatureSubmission,
  signedAt: Date,
) {
  return insertSignature(tx, {
    id: newId('sig'),
    checklistId,
    shareId: access.kind === 'recipient' ? access.shareId : null,
    kind: signature.kind,
    signerName: signature.name,
    strokes:
      signature.kind === 'drawn'
        ? { width: signature.width, height: signature.height, strokes: signature.strokes }
        : null,
    signedAt,
  });
}
