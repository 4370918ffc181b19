import { and, eq, sql } from 'drizzle-orm';
import {
  CHECKLIST_MESSAGES,
  type Checklist,
  computeProgress,
  type RemarksInput,
  tasksMissingPhotos,
} from '#domain/checklist';
import { AppError } from '#domain/errors';
import type { LanguageCode } from '#domain/languages';
import type { Database } from '../db/client.ts';
import { checklistActivity, checklists, shares } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { type ChecklistAccess, checklistNotFound } from '../policies/checklists.ts';
import { changedAtParameter, effectiveChangeTime, writeWins } from './change-times.ts';
import {
  asSeenBy,
  checklistInScope,
  getChecklist,
  ownerRemarksLanguage,
  readChecklist,
} from './checklists.ts';

/**
 * Doing the work beyond ticks (services/task-changes.ts): remarks and submitting, by the owner or a
 * verified recipient, recorded with who did it. Both leave the version alone, so an editor open
 * elsewhere is not made stale.
 */

/**
 * The remarks, if this write is not older than the last one applied to them (later write wins, by
 * `changedAt`); the version is left alone. An older write changes nothing (no revision, no record)
 * and answers the checklist as it is, so the writer sees what won.
 */
export async function updateRemarks(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  input: RemarksInput,
): Promise<Checklist> {
  const effective = effectiveChangeTime(changedAtParameter(input.changedAt));
  // One transaction: the change and its record commit together, and the change notice names the
  // recipient who made it (migration 0008 takes the actor from the record).
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(checklists)
      .set({
        remarks: input.remarks,
        remarksLanguage: remarksLanguageOf(access, input.remarksLanguage, input.remarks),
        remarksChangedAt: effective,
        updatedAt: sql`now()`,
        revision: sql`${checklists.revision} + 1`,
      })
      .where(and(checklistInScope(access, checklistId), writeWins(checklists.remarksChangedAt, effective)))
      .returning({ id: checklists.id });
    if (updated.length > 0) await recordActivity(tx, access, checklistId, 'remarks_updated');
    // Not updated: out of reach (404 from the read) or an older write (the checklist as it is).
    return asSeenBy(access, await getChecklist(tx, access, checklistId));
  });
}

/**
 * The language remarks are stored with: what the writer said, else for a recipient their share's
 * language (the page they wrote on), for the owner null (the owner's language, whatever it becomes).
 */
function remarksLanguageOf(access: ChecklistAccess, said: LanguageCode | undefined, remarks: string) {
  if (said) return said;
  if (access.kind === 'owner') return ownerRemarksLanguage(remarks);
  return sql<string>`(select ${shares.targetLanguage} from ${shares} where ${shares.id} = ${access.shareId})`;
}

/** Who did it: the owner (no share) or the recipient's share, with the label the record keeps. */
async function recordActivity(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  action: 'remarks_updated' | 'submitted',
) {
  await db.insert(checklistActivity).values({
    id: newId('activity'),
    checklistId,
    shareId: access.kind === 'recipient' ? access.shareId : null,
    actorLabel: access.kind === 'recipient' ? access.actorLabel : null,
    action,
  });
}

/**
 * Submits the checklist as completed (100%), with the remarks if given. Unfinished tasks are allowed
 * (the client asks for confirmation first), but a completed task that needs a photo and has none
 * blocks it: 400 missing_photos naming those tasks. The checklist row is locked while the tasks are
 * judged, so no tick can slip in between the check and the submission.
 */
export async function submitChecklist(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  remarks: string | undefined,
  remarksLanguage?: LanguageCode,
): Promise<Checklist> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: checklists.id })
      .from(checklists)
      .where(checklistInScope(access, checklistId))
      .for('update');
    if (!locked) throw checklistNotFound();
    const current = await readChecklist(tx, access, checklistId);
    if (!current) throw checklistNotFound();
    const missing = tasksMissingPhotos(current.tasks);
    if (missing.length > 0) {
      throw new AppError('missing_photos', CHECKLIST_MESSAGES.missingPhotos, {
        taskIds: missing.map((task) => task.id),
      });
    }
    const [submitted] = await tx
      .update(checklists)
      .set({
        submittedAt: sql`now()`,
        updatedAt: sql`now()`,
        revision: sql`${checklists.revision} + 1`,
        // Submitting with remarks writes them now: a remark made before it, replayed later, loses.
        ...(remarks !== undefined
          ? {
              remarks,
              remarksChangedAt: sql`now()`,
              remarksLanguage: remarksLanguageOf(access, remarksLanguage, remarks),
            }
          : {}),
      })
      .where(eq(checklists.id, checklistId))
      .returning({
        submittedAt: checklists.submittedAt,
        updatedAt: checklists.updatedAt,
        remarks: checklists.remarks,
      });
    if (!submitted?.submittedAt) throw new Error('submit update returned nothing');
    await recordActivity(tx, access, checklistId, 'submitted');
    return {
      ...asSeenBy(access, current),
      ...computeProgress(current.tasks, true),
      remarks: submitted.remarks,
      updatedAt: submitted.updatedAt.toISOString(),
      submittedAt: submitted.submittedAt.toISOString(),
    };
  });
}
