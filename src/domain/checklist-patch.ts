import { z } from 'zod';
import { RemarksInput } from './checklist.ts';

/**
 * PATCH /api/checklists/{id}: the remarks (owner or verified recipient), and/or who of the team it is
 * assigned to (`assigneeUid`: a member's uid, or null to clear it; members only, docs/teams.md).
 */
export const ChecklistPatchInput = RemarksInput.extend({
  remarks: RemarksInput.shape.remarks.optional(),
  assigneeUid: z.string().min(1).max(200).nullable().optional(),
}).refine((body) => body.remarks !== undefined || body.assigneeUid !== undefined, {
  error: 'Send remarks or assigneeUid',
  path: ['remarks'],
});
export type ChecklistPatchInput = z.output<typeof ChecklistPatchInput>;
