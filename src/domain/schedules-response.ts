import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { FREQUENCIES, WEEKDAYS } from './recurrence.ts';

/** The answers of the schedule endpoints as zod (docs/api.md "Schedules"). */

export const OCCURRENCE_STATUSES = ['made', 'skipped', 'failed'] as const;
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number];

const Instant = z.iso.datetime({ offset: true });

export const RecurrenceSchema = z
  .strictObject({
    frequency: z.enum(FREQUENCIES),
    interval: z.number().int().min(1),
    byWeekday: z.array(z.enum(WEEKDAYS)).optional(),
    byMonthDay: z.number().int().min(1).max(31).optional(),
    time: z.string(),
    timezone: z.string(),
  })
  .meta({ id: 'Recurrence' });

export const ScheduleOccurrenceSchema = z
  .strictObject({
    id: z.string(),
    /** The instant it was due (a 'Run now': when it was asked for). */
    scheduledFor: Instant,
    /** Made by 'Run now' rather than by the schedule. */
    manual: z.boolean(),
    /** Its date on the schedule's clock, as in the checklist's name. */
    localDate: z.string(),
    status: z.enum(OCCURRENCE_STATUSES),
    reason: z.string().nullable(),
    checklistId: z.string().nullable(),
    /** The automatic share: sent, refused (reason says why), or none set. */
    shareStatus: z.enum(['sent', 'failed']).nullable(),
    createdAt: Instant,
  })
  .meta({ id: 'ScheduleOccurrence', description: 'One run of a schedule and what it made' });
export type ScheduleOccurrence = z.infer<typeof ScheduleOccurrenceSchema>;

const Person = z.strictObject({ uid: z.string(), displayName: z.string() });

export const ScheduleShareSchema = z.strictObject({
  channel: z.enum(['email', 'sms']),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  recipientName: z.string(),
  targetLanguage: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]),
  /** When the owner confirmed the recipient's consent (saving the schedule). */
  consentAt: Instant,
});

export const ScheduleSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    templateId: z.string(),
    /** Null once the template was deleted (the schedule then skips its runs until another is chosen). */
    templateName: z.string().nullable(),
    recurrence: RecurrenceSchema,
    /** 'Every Monday at 08:00 (Europe/Paris)'. */
    description: z.string(),
    /** The date intervals count from, on the schedule's clock (YYYY-MM-DD). */
    startsOn: z.string(),
    dueAfterMinutes: z.number().int().nullable(),
    assignee: Person.nullable(),
    share: ScheduleShareSchema.nullable(),
    paused: z.boolean(),
    /** The team is on the free plan: nothing runs until it is paid again. */
    pausedByPlan: z.boolean(),
    /** The next run; null while paused (by hand or by the plan). */
    nextRunAt: Instant.nullable(),
    /** The next few runs (nextRunAt first); empty while paused. */
    upcoming: z.array(Instant),
    /** The last runs, newest first. */
    recentRuns: z.array(ScheduleOccurrenceSchema),
    createdBy: Person.nullable(),
    createdAt: Instant,
    updatedAt: Instant,
  })
  .meta({ id: 'Schedule', description: 'A recurring schedule with its next and last runs' });
export type Schedule = z.infer<typeof ScheduleSchema>;

export const ScheduleListSchema = z
  .strictObject({ schedules: z.array(ScheduleSchema) })
  .meta({ id: 'ScheduleList', description: "The active team's schedules, oldest first" });

export const ScheduleAnswerSchema = z
  .strictObject({ schedule: ScheduleSchema })
  .meta({ id: 'ScheduleAnswer' });

export const OccurrenceAnswerSchema = z
  .strictObject({ occurrence: ScheduleOccurrenceSchema })
  .meta({ id: 'OccurrenceAnswer', description: 'The run just made' });
