import { AppError } from '#domain/errors';
import type { SignatureDetail, SignaturePoint } from '#domain/signature';
import type { Database } from '../db/client.ts';
import type { checklistSignatures } from '../db/schema/index.ts';
import { type Caller, checklistNotFound } from '../policies/checklists.ts';
import { asSeenBy } from '../presenters/checklists.ts';
import { latestSignature, setRequireSignature } from '../repositories/signatures.ts';
import { resolveChecklistActor } from './checklist-actors.ts';
import { type ChecklistAt, readChecklistWithRevision } from './checklists.ts';

/**
 * A checklist's signature at submit (issue 34, decision 0059), beyond the submit itself
 * (services/checklist-completion.ts keeps it): whether one is required (the owner's choice; a
 * recipient is answered 404 as for anything they may not do), and the latest one with its drawing.
 */

/** PATCH {requireSignature}: the team's only. Answers the checklist with its revision. */
export async function changeRequireSignature(
  db: Database,
  caller: Caller,
  checklistId: string,
  required: boolean,
): Promise<ChecklistAt> {
  return db.transaction(async (tx) => {
    const { access } = await resolveChecklistActor(tx, caller, checklistId, 'edit');
    if (access.kind !== 'owner') throw checklistNotFound();
    if (!(await setRequireSignature(tx, access, checklistId, required))) throw checklistNotFound();
    const read = await readChecklistWithRevision(tx, access, checklistId);
    if (!read) throw checklistNotFound();
    return { checklist: asSeenBy(access.kind, read.checklist), revision: read.revision };
  });
}

/** The latest signature with its drawing, for whoever may read the checklist; none: 404. */
export async function readLatestSignature(
  db: Database,
  caller: Caller,
  checklistId: string,
): Promise<SignatureDetail> {
  await resolveChecklistActor(db, caller, checklistId, 'read');
  const row = await latestSignature(db, checklistId);
  if (!row) throw new AppError('not_found', 'This checklist has not been signed.');
  return signatureDetailOf(row);
}

/** A signature's row as the API and the report's data write it. */
export function signatureDetailOf(row: typeof checklistSignatures.$inferSelect): SignatureDetail {
  return {
    kind: row.kind,
    signerName: row.signerName,
    signedAt: row.signedAt.toISOString(),
    drawing: row.strokes
      ? {
          width: row.strokes.width,
          height: row.strokes.height,
          strokes: row.strokes.strokes as SignaturePoint[][],
        }
      : null,
  };
}
