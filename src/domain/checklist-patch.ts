import { z } from 'zod';
import { RemarksInput } from './checklist.ts';
import { DueAtInput } from './due-date-input.ts';

/**
 * PATCH /api/checklists/{id}: any of the remarks (owner or verified recipient), who of the team it is
 * assigned to (`assigneeUid`: a member's uid, or null to clear it) and when it is due (`dueAt`: an
 * instant, or null for none) and whether a submit must be signed (`requireSignature`); the last three for members only (docs/teams.md, docs/automation.md).
 */
export const ChecklistPatchInput = RemarksInput.extend({
  remarks: RemarksInput.shape.remarks.optional(),
  assigneeUid: z.string().min(1).max(200).nullable().optional(),
  dueAt: DueAtInput.optional(),
  /** Whether a submit must carry a signature (members only; issue 34). */
  requireSignature: z.boolean().optional(),
}).refine(
  (body) =>
    body.remarks !== undefined ||
    body.assigneeUid !== undefined ||
    body.dueAt !== undefined ||
    body.requireSignature !== undefined,
  { error: 'Send remarks, dueAt, assigneeUid or requireSignature', path: ['remarks'] },
);
export type ChecklistPatchInput = z.output<typeof ChecklistPatchInput>;
