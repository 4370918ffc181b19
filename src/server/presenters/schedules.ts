import { builtInTemplate, isBuiltInTemplateId } from '#domain/built-in-templates';
import { describeRecurrence, occurrencesAfter, parseCalendarDate } from '#domain/recurrence';
import { SCHEDULE_LIMITS } from '#domain/schedules';
import type { Schedule, ScheduleOccurrence } from '#domain/schedules-response';
import type { checklistTemplates, scheduleOccurrences, schedules, teams } from '../db/schema/index.ts';

type OccurrenceRow = typeof scheduleOccurrences.$inferSelect;

/** A schedule as the repository reads it for an answer: with its plan and the names it shows. */
export interface ScheduleWithNames {
  schedule: typeof schedules.$inferSelect;
  tier: (typeof teams.$inferSelect)['tier'];
  ownTemplateName: (typeof checklistTemplates.$inferSelect)['name'] | null;
  creatorName: string | null;
  assigneeName: string | null;
}

/** A schedule as GET /api/schedules answers it (docs/api.md "Schedules"). */

export function presentOccurrence(row: OccurrenceRow): ScheduleOccurrence {
  return {
    id: row.id,
    scheduledFor: row.scheduledFor.toISOString(),
    manual: row.manual,
    localDate: row.localDate,
    status: row.status,
    reason: row.reason,
    checklistId: row.checklistId,
    shareStatus: row.shareStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

function templateNameOf(row: ScheduleWithNames): string | null {
  const { templateId } = row.schedule;
  if (isBuiltInTemplateId(templateId)) return builtInTemplate(templateId)?.name ?? null;
  return row.ownTemplateName;
}

export function presentSchedule(row: ScheduleWithNames, runs: readonly OccurrenceRow[]): Schedule {
  const { schedule } = row;
  const pausedByPlan = row.tier === 'free';
  const runs_ = !schedule.paused && !pausedByPlan;
  const upcoming = runs_
    ? occurrencesAfter(
        schedule.recurrence,
        parseCalendarDate(schedule.startsOn),
        new Date(schedule.nextRunAt.getTime() - 1),
        SCHEDULE_LIMITS.upcoming,
      ).map((instant) => instant.toISOString())
    : [];
  const share = schedule.share;
  return {
    id: schedule.id,
    name: schedule.name,
    templateId: schedule.templateId,
    templateName: templateNameOf(row),
    recurrence: schedule.recurrence,
    description: describeRecurrence(schedule.recurrence),
    startsOn: schedule.startsOn,
    dueAfterMinutes: schedule.dueAfterMinutes,
    assignee: schedule.assigneeUid
      ? { uid: schedule.assigneeUid, displayName: row.assigneeName ?? '' }
      : null,
    share: share
      ? {
          channel: share.channel,
          email: share.channel === 'email' ? share.contact : null,
          phone: share.channel === 'sms' ? share.contact : null,
          recipientName: share.recipientName,
          targetLanguage: share.targetLanguage,
          consentAt: share.consentAt,
        }
      : null,
    paused: schedule.paused,
    pausedByPlan,
    nextRunAt: runs_ ? schedule.nextRunAt.toISOString() : null,
    upcoming,
    recentRuns: runs.filter((run) => run.scheduleId === schedule.id).map(presentOccurrence),
    createdBy: schedule.createdBy ? { uid: schedule.createdBy, displayName: row.creatorName ?? '' } : null,
    createdAt: schedule.createdAt.toISOString(),
    updatedAt: schedule.updatedAt.toISOString(),
  };
}
