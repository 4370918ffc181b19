import { z } from 'zod';
import { CHECKLIST_LIMITS, ID_MAX } from './checklist.ts';
import { withoutBidiControls } from './display-text.ts';
import { groupThousands } from './numbers.ts';

/**
 * The team's review of a submitted checklist (issue 34, docs/review-and-proof.md "Review"): approve it,
 * or send tasks back to be done again with a note the recipient reads on the same link. The limits
 * and messages are read by the route's schema and by the owner's dialog.
 */

export const REVIEW_DECISIONS = ['approved', 'redo'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const REVIEW_LIMITS = {
  /** A note is a sentence or two for the recipient (it goes into an SMS link message's page, not the SMS). */
  noteMax: 1_000,
  /** At most every task of the largest checklist. */
  taskIdsMax: CHECKLIST_LIMITS.tasksMax,
} as const;

export const REVIEW_MESSAGES = {
  badDecision: 'decision must be "approved" or "redo"',
  noteTooLong: `The note must be at most ${groupThousands(REVIEW_LIMITS.noteMax)} characters`,
  tasksRequired: 'Choose at least one task to send back',
  tooManyTasks: `At most ${groupThousands(REVIEW_LIMITS.taskIdsMax)} tasks can be sent back at once`,
  unknownTasks: 'Some of the chosen tasks are not in this checklist',
  notSubmitted: 'Only a submitted checklist can be approved or sent back',
} as const;

const ReviewNote = z
  .string()
  .overwrite(withoutBidiControls)
  .trim()
  .max(REVIEW_LIMITS.noteMax, { error: REVIEW_MESSAGES.noteTooLong });

const TaskIds = z
  .array(z.string().min(1).max(ID_MAX))
  .max(REVIEW_LIMITS.taskIdsMax, { error: REVIEW_MESSAGES.tooManyTasks });

/**
 * POST /api/checklists/{id}/review. `approved` may carry a note (kept in the trail); `redo` names at
 * least one task of the checklist (duplicates count once) and may carry the note shown on each.
 */
export const ReviewInput = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { error: REVIEW_MESSAGES.badDecision }),
    note: ReviewNote.optional(),
    taskIds: TaskIds.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.decision === 'redo' && (input.taskIds?.length ?? 0) === 0) {
      ctx.addIssue({ code: 'custom', path: ['taskIds'], message: REVIEW_MESSAGES.tasksRequired });
    }
    if (input.decision === 'approved' && input.taskIds !== undefined && input.taskIds.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['taskIds'], message: 'Approving takes no tasks' });
    }
  })
  .transform((input) => ({
    decision: input.decision,
    note: input.note ? input.note : null,
    taskIds: [...new Set(input.taskIds ?? [])],
  }));
export type ReviewInput = z.output<typeof ReviewInput>;
