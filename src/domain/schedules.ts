import { z } from 'zod';
import { ID_MAX } from './checklist.ts';
import { withoutBidiControls } from './display-text.ts';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { RecurrenceInput } from './recurrence.ts';
import { SHARE_LIMITS, SHARE_MESSAGES } from './sharing.ts';
import { PhoneNumber } from './sharing-input.ts';
import { EmailAddress } from './user-input.ts';

/**
 * Recurring schedules (docs/automation.md "Recurring schedules", docs/api.md "Schedules"): a checklist
 * made from a template on the schedule's days, optionally assigned, due after a while and shared.
 * The request bodies live here, shared by the server's routes and the web's form.
 */

export const SCHEDULE_LIMITS = {
  /** Schedules a team keeps at most. */
  perTeam: 50,
  /** '{name} — YYYY-MM-DD' must fit a checklist's name (200). */
  nameMax: 120,
  /** A made checklist is due at most this long after it is made (30 days). */
  dueAfterMinutesMax: 30 * 24 * 60,
  /** The runs GET /api/schedules lists ahead of each schedule. */
  upcoming: 5,
  /** The past runs it lists for each. */
  recentRuns: 10,
  /** A run missed while every instance was down is still made this late (24 h); older ones are skipped. */
  catchUpMs: 24 * 60 * 60_000,
} as const;

export const SCHEDULE_MESSAGES = {
  nameRequired: 'The schedule needs a name',
  nameTooLong: `A schedule's name must be at most ${SCHEDULE_LIMITS.nameMax} characters`,
  templateRequired: 'Choose a template',
  templateNotFound: 'That template does not exist or is not yours',
  dueAfter: `Due after must be a whole number of minutes from 1 to ${SCHEDULE_LIMITS.dueAfterMinutesMax}`,
  limitReached: `A team keeps at most ${SCHEDULE_LIMITS.perTeam} schedules. Delete one to add another.`,
  paidOnly: 'Recurring schedules come with the Professional and Enterprise plans.',
  managersOnly: 'Only the team’s owner and admins manage schedules.',
  notFound: 'Schedule not found',
  channel: 'Choose e-mail or SMS',
  emailRequired: 'Enter the recipient’s e-mail address',
  phoneRequired: 'Enter the recipient’s phone number',
  recipientNameRequired: 'Enter the recipient’s name',
} as const;

export const SCHEDULE_SKIP_REASONS = {
  missed: 'Missed: the service was down for more than 24 hours at this time.',
  templateDeleted: 'The template of this schedule was deleted. Choose another template to resume it.',
  assigneeLeft: 'The assignee is no longer in the team: the checklist was made unassigned.',
} as const;

const ScheduleName = z
  .string({ error: SCHEDULE_MESSAGES.nameRequired })
  .overwrite(withoutBidiControls)
  .trim()
  .min(1, { error: SCHEDULE_MESSAGES.nameRequired })
  .max(SCHEDULE_LIMITS.nameMax, { error: SCHEDULE_MESSAGES.nameTooLong });

const TemplateId = z.string({ error: SCHEDULE_MESSAGES.templateRequired }).min(1).max(ID_MAX);

const DueAfterMinutes = z
  .number({ error: SCHEDULE_MESSAGES.dueAfter })
  .int({ error: SCHEDULE_MESSAGES.dueAfter })
  .min(1, { error: SCHEDULE_MESSAGES.dueAfter })
  .max(SCHEDULE_LIMITS.dueAfterMinutesMax, { error: SCHEDULE_MESSAGES.dueAfter });

/**
 * The automatic share: sent as POST /api/verification/send would send it after each made checklist.
 * `consent: true` is the owner confirming, as in the share dialog, that the recipient agrees to get
 * these messages; it is kept with the schedule (who and when).
 */
export const ScheduleShareInput = z
  .strictObject({
    channel: z.enum(['email', 'sms'], { error: SCHEDULE_MESSAGES.channel }),
    email: EmailAddress.optional(),
    phone: PhoneNumber.optional(),
    recipientName: z
      .string({ error: SCHEDULE_MESSAGES.recipientNameRequired })
      .overwrite(withoutBidiControls)
      .trim()
      .min(1, { error: SCHEDULE_MESSAGES.recipientNameRequired })
      .max(SHARE_LIMITS.recipientNameMax, {
        error: `The recipient's name must be at most ${SHARE_LIMITS.recipientNameMax} characters`,
      }),
    targetLanguage: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], {
      error: 'Choose one of the listed languages',
    }),
    consent: z.boolean().optional(),
  })
  .superRefine((share, context) => {
    if (share.channel === 'email' && !share.email) {
      context.addIssue({ code: 'custom', message: SCHEDULE_MESSAGES.emailRequired, path: ['email'] });
    }
    if (share.channel === 'sms' && !share.phone) {
      context.addIssue({ code: 'custom', message: SCHEDULE_MESSAGES.phoneRequired, path: ['phone'] });
    }
    if ((share.channel === 'email' && share.phone) || (share.channel === 'sms' && share.email)) {
      context.addIssue({ code: 'custom', message: SHARE_MESSAGES.oneContactOnly, path: ['channel'] });
    }
    if (share.consent !== true) {
      const message =
        share.channel === 'sms' ? SHARE_MESSAGES.phoneConsentRequired : SHARE_MESSAGES.emailConsentRequired;
      context.addIssue({ code: 'custom', message, path: ['consent'] });
    }
  });
export type ScheduleShareData = z.output<typeof ScheduleShareInput>;

/** POST /api/schedules. */
export const ScheduleInput = z.strictObject({
  templateId: TemplateId,
  name: ScheduleName.optional(),
  recurrence: RecurrenceInput,
  dueAfterMinutes: DueAfterMinutes.nullable().optional(),
  assigneeUid: z.string().min(1).max(ID_MAX).nullable().optional(),
  share: ScheduleShareInput.nullable().optional(),
});
export type ScheduleInput = z.input<typeof ScheduleInput>;
export type ScheduleData = z.output<typeof ScheduleInput>;

/** PATCH /api/schedules/{id}: any field; `paused` pauses and resumes; null clears an optional one. */
export const SchedulePatch = z
  .strictObject({
    templateId: TemplateId.optional(),
    name: ScheduleName.optional(),
    recurrence: RecurrenceInput.optional(),
    dueAfterMinutes: DueAfterMinutes.nullable().optional(),
    assigneeUid: z.string().min(1).max(ID_MAX).nullable().optional(),
    share: ScheduleShareInput.nullable().optional(),
    paused: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Nothing to change' });
export type SchedulePatch = z.input<typeof SchedulePatch>;
export type SchedulePatchData = z.output<typeof SchedulePatch>;

export const ScheduleParams = z.object({ id: z.string().min(1).max(ID_MAX) });

/** A made checklist's name: the schedule's, then the occurrence's date on the schedule's clock. */
export function occurrenceChecklistName(scheduleName: string, localDate: string): string {
  return `${scheduleName} — ${localDate}`;
}
