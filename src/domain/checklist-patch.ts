import { z } from 'zod';
import { RemarksInput } from './checklist.ts';
import { DueAtInput } from './due-date-input.ts';

/**
 * PATCH /api/checklists/{id}: any of the remarks (owner or verified recipient), who of the team it is
 * assigned to (`assigneeUid`: a member's uid, or null to clear it) and when it is due (`dueAt`: an
 * instant, or null for none); the last two for members only (docs/teams.md, docs/automation.md).
 */
export const ChecklistPatchInput = RemarksInput.extend({
  remarks: RemarksInput.shape.remarks.optional(),
  assigneeUid: z.string().min(1).max(200).nullable().optional(),
  dueAt: DueAtInput.optional(),
}).refine(
  (body) => body.remarks !== undefined || body.assigneeUid !== undefined || body.dueAt !== undefined,
  { error: 'Send remarks, dueAt or assigneeUid', path: ['remarks'] },
);
export type ChecklistPatchInput = z.output<typeof ChecklistPatchInput>;
