import { z } from 'zod';
import { ID_MAX } from './checklist.ts';
import { withoutBidiControls } from './display-text.ts';
import type { IcalEvent } from './ical.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { SHARE_LIMITS } from './sharing.ts';
import { checkContactAndConsent, PhoneNumber } from './sharing-input.ts';
import { timeZoneName } from './time-zone-name.ts';
import { addDays, instantOfWallClock, isoDateOf, TIME_OF_DAY } from './time-zones.ts';
import { EmailAddress } from './user-input.ts';

/**
 * Booking calendars (docs/automation.md "Booking calendars"): what a request may hold, the limits,
 * and the pure rules that turn a feed's reservations into turnovers (name, due time, next check-in).
 */

export const CALENDAR_LIMITS = {
  perTeam: 50,
  nameMax: 80,
  urlMax: 2_000,
  /** The fetch (decision 0048). */
  fetchTimeoutMs: 10_000,
  fetchMaxBytes: 5 * 1024 * 1024,
  fetchMaxRedirects: 5,
  /** Runs shown in GET /api/calendars/{id}; older ones are pruned. */
  runsShown: 20,
  /** 'Sync now' at most once in this long per calendar. */
  manualSyncIntervalMs: 60_000,
  /** Free teams' calendars sync this often; paid teams' every paidEveryMs. */
  freeEveryMs: 6 * 60 * 60_000,
  paidEveryMs: 15 * 60_000,
  /** A turnover with no next check-in yet is due this long after checkout. */
  dueWithoutNextCheckinMs: 24 * 60 * 60_000,
} as const;

export const DEFAULT_CHECKOUT_TIME = '11:00';
export const DEFAULT_CHECKIN_TIME = '16:00';

export const CALENDAR_MESSAGES = {
  notFound: 'Calendar not found',
  limitReached: `A team may have at most ${CALENDAR_LIMITS.perTeam} calendars. Delete one to add another.`,
  urlInvalid: 'Paste the calendar’s iCal address (it starts with https:// or webcal://)',
  urlTooLong: `The calendar address must be at most ${CALENDAR_LIMITS.urlMax} characters`,
  nameRequired: 'Give the calendar a name, such as the property’s',
  timeInvalid: 'Times are written HH:MM, such as 11:00',
  syncTooSoon: 'This calendar was synced less than a minute ago. Try again in a moment.',
  notAllowed: 'Only the member who added this calendar, the team’s owner or an admin may change it.',
} as const;

/** HH:MM, 00:00 to 23:59. */
export const TimeOfDay = z
  .string({ error: CALENDAR_MESSAGES.timeInvalid })
  .regex(TIME_OF_DAY, { error: CALENDAR_MESSAGES.timeInvalid });

/**
 * An iCal export's address: https, or webcal (the same address over https, as calendar apps read it).
 * http only where the server allows it (local mode), checked by the fetch, not here.
 */
export const CalendarUrl = z
  .string({ error: CALENDAR_MESSAGES.urlInvalid })
  .trim()
  .max(CALENDAR_LIMITS.urlMax, { error: CALENDAR_MESSAGES.urlTooLong })
  .transform((value, context) => {
    const normal = value.replace(/^webcals?:\/\//i, 'https://');
    let url: URL;
    try {
      url = new URL(normal);
    } catch {
      context.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.urlInvalid });
      return z.NEVER;
    }
    if (!['https:', 'http:'].includes(url.protocol) || !url.hostname || url.username || url.password) {
      context.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.urlInvalid });
      return z.NEVER;
    }
    return url.href;
  });

const CalendarName = z
  .string({ error: CALENDAR_MESSAGES.nameRequired })
  .overwrite(withoutBidiControls)
  .trim()
  .min(1, { error: CALENDAR_MESSAGES.nameRequired })
  .max(CALENDAR_LIMITS.nameMax, { error: `The name must be at most ${CALENDAR_LIMITS.nameMax} characters` });

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Who gets each new turnover, as POST /api/verification/send would send it (consent given here). */
export const CalendarShareInput = z
  .strictObject({
    recipientName: z.preprocess(
      blankToUndefined,
      z.string().overwrite(withoutBidiControls).trim().max(SHARE_LIMITS.recipientNameMax).optional(),
    ),
    email: z.preprocess(blankToUndefined, EmailAddress.optional()),
    phone: z.preprocess(blankToUndefined, PhoneNumber.optional()),
    targetLanguage: z
      .enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], {
        error: 'Choose one of the listed languages',
      })
      .default(DEFAULT_LANGUAGE),
    /** The owner confirms the recipient agreed to get these messages (as in the share dialog). */
    consent: z.boolean().optional(),
  })
  .superRefine(checkContactAndConsent);
export type CalendarShareData = z.output<typeof CalendarShareInput>;

/** POST /api/calendars */
export const CalendarInput = z.strictObject({
  name: CalendarName,
  icsUrl: CalendarUrl,
  templateId: z.string({ error: 'Choose a template' }).trim().min(1).max(ID_MAX),
  timezone: timeZoneName('timezone'),
  checkoutTime: TimeOfDay.default(DEFAULT_CHECKOUT_TIME),
  checkinTime: TimeOfDay.default(DEFAULT_CHECKIN_TIME),
  share: CalendarShareInput.nullable().optional(),
});
export type CalendarInput = z.input<typeof CalendarInput>;
export type CalendarData = z.output<typeof CalendarInput>;

/** PATCH /api/calendars/{id}: any of the fields; `share: null` stops sharing. */
export const CalendarPatch = z
  .strictObject({
    name: CalendarName.optional(),
    icsUrl: CalendarUrl.optional(),
    templateId: z.string().trim().min(1).max(ID_MAX).optional(),
    timezone: timeZoneName('timezone').optional(),
    checkoutTime: TimeOfDay.optional(),
    checkinTime: TimeOfDay.optional(),
    share: CalendarShareInput.nullable().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Nothing to change' });
export type CalendarPatchData = z.output<typeof CalendarPatch>;

export const CalendarParams = z.strictObject({ id: z.string().min(1).max(ID_MAX) });

/** '{calendar name} — {checkout date}' (DESIGN "Automation"), the date as YYYY-MM-DD. */
export function turnoverName(calendarName: string, checkoutDate: string): string {
  return `${calendarName} — ${checkoutDate}`;
}

function clockOf(date: string, time: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { year, month, day, hour, minute };
}

/** The instant of a date at a time of day in the zone. */
export function instantOn(date: string, time: string, zone: string): Date {
  return instantOfWallClock(clockOf(date, time), zone);
}

export interface TurnoverPlan {
  uid: string;
  checkoutDate: string;
  /** The next reservation's first night, on or after this checkout; null when none is booked yet. */
  nextCheckinDate: string | null;
  dueAt: Date;
}

export interface TurnoverTimes {
  zone: string;
  checkoutTime: string;
  checkinTime: string;
}

/**
 * One turnover per reservation: after its checkout, due at the next check-in (the first reservation
 * starting on or after that checkout, at the check-in time), or 24 h after checkout when nothing
 * follows yet. Blocks never start a check-in: a blocked night needs no clean room.
 */
export function planTurnovers(events: readonly IcalEvent[], times: TurnoverTimes): TurnoverPlan[] {
  // A UID names one reservation: a feed that repeats one (a recurrence's instances) gives its first.
  const seen = new Set<string>();
  const reservations = events.filter((event) => {
    if (event.kind !== 'reservation' || seen.has(event.uid)) return false;
    seen.add(event.uid);
    return true;
  });
  const starts = reservations.map((event) => event.startDate).sort();
  return reservations.map((event) => {
    const nextCheckinDate = starts.find((start) => start >= event.endDate) ?? null;
    const dueAt = nextCheckinDate
      ? instantOn(nextCheckinDate, times.checkinTime, times.zone)
      : new Date(
          instantOn(event.endDate, times.checkoutTime, times.zone).getTime() +
            CALENDAR_LIMITS.dueWithoutNextCheckinMs,
        );
    return { uid: event.uid, checkoutDate: event.endDate, nextCheckinDate, dueAt };
  });
}

/** The date in the zone `days` after `date`. */
export function dateAfter(date: string, days: number): string {
  return isoDateOf(addDays(clockOf(date, '00:00'), days));
}

/** How often a team's calendars sync by themselves. */
export function syncEveryMs(paid: boolean): number {
  return paid ? CALENDAR_LIMITS.paidEveryMs : CALENDAR_LIMITS.freeEveryMs;
}

/** The address as answers show it to those who may not see its secret: the host, then '…'. */
export function maskCalendarUrl(url: string): string {
  try {
    return `${new URL(url).host}/…`;
  } catch {
    return '…';
  }
}
