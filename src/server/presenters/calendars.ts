import { CALENDAR_LIMITS, maskCalendarUrl, syncEveryMs } from '#domain/calendars';
import type { Calendar, CalendarRun } from '#domain/calendars-response';
import type { LanguageCode } from '#domain/languages';
import type { calendarRuns, calendars } from '../db/schema/index.ts';
import { maskContact } from './shares.ts';

type CalendarRunRow = typeof calendarRuns.$inferSelect;

/** A calendar row with its creator's name and its team's tier (repositories/calendars.ts). */
export interface CalendarWithTeam {
  calendar: typeof calendars.$inferSelect;
  creatorName: string;
  tier: string;
}

/** A calendar as its team's members see it: the address whole only to who may manage it. */
export function presentCalendar(
  { calendar, creatorName, tier }: CalendarWithTeam,
  canManage: boolean,
): Calendar {
  const { share } = calendar;
  return {
    id: calendar.id,
    name: calendar.name,
    icsUrl: canManage ? calendar.url : maskCalendarUrl(calendar.url),
    urlVisible: canManage,
    templateId: calendar.templateId,
    timezone: calendar.timezone,
    checkoutTime: calendar.checkoutTime,
    checkinTime: calendar.checkinTime,
    share: share
      ? {
          recipientName: share.recipientName,
          channel: share.email ? 'email' : 'sms',
          maskedContact: share.email
            ? maskContact('email', share.email)
            : maskContact('sms', share.phone ?? ''),
          targetLanguage: share.targetLanguage as LanguageCode,
        }
      : null,
    status: calendar.lastError ? 'failing' : calendar.lastSyncAt ? 'synced' : 'pending',
    lastSyncAt: calendar.lastSyncAt?.toISOString() ?? null,
    lastError: calendar.lastError,
    nextSyncAt: calendar.nextSyncAt.toISOString(),
    syncEveryMinutes: syncEveryMs(tier !== 'free') / 60_000,
    createdBy: { uid: calendar.creatorId, displayName: creatorName },
    canManage,
    createdAt: calendar.createdAt.toISOString(),
  };
}

export function presentRun(row: CalendarRunRow): CalendarRun {
  return {
    id: row.id,
    at: row.at.toISOString(),
    added: row.added,
    moved: row.moved,
    cancelled: row.cancelled,
    error: row.error,
  };
}

export const RUNS_SHOWN = CALENDAR_LIMITS.runsShown;
