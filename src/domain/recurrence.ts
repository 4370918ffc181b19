import { z } from 'zod';
import { timeZoneName } from './time-zone-name.ts';
import {
  addDays,
  daysInMonth,
  instantOfWallClock,
  TIME_OF_DAY,
  type WallClock,
  wallClockAt,
  weekdayOf,
} from './time-zones.ts';

/**
 * When a schedule makes its checklist (docs/automation.md "Recurring schedules"): daily, weekly on
 * chosen weekdays, or monthly, every `interval` days, weeks or months, at a wall-clock time in an IANA
 * zone. The time stays the same on the clock across daylight-saving changes (08:00 is 08:00 in summer
 * and in winter); a time the spring-forward night skips runs the same length after the gap (02:30 ->
 * 03:30). Intervals count from the schedule's start date (`startsOn`, the local date it was made or its
 * recurrence last changed): 'every 2 weeks' means the start's week, then every second week after it.
 * Monthly runs on `byMonthDay` (default: the start date's day); a month without that day (the 31st in
 * April) runs on its last day instead, as people expect, not skipped as RFC 5545 would.
 */

export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Weekdays as RFC 5545 names them, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const RECURRENCE_LIMITS = {
  intervalMax: 52,
} as const;

export const RECURRENCE_MESSAGES = {
  frequency: 'Choose daily, weekly or monthly',
  interval: `The interval must be a whole number from 1 to ${RECURRENCE_LIMITS.intervalMax}`,
  weekday: 'Weekdays are MO, TU, WE, TH, FR, SA and SU',
  weekdaysRequired: 'Choose at least one weekday for a weekly schedule',
  weekdaysOnlyWeekly: 'Weekdays apply to weekly schedules only',
  monthDay: 'The day of the month must be from 1 to 31',
  monthDayOnlyMonthly: 'A day of the month applies to monthly schedules only',
  time: 'The time must be HH:MM, from 00:00 to 23:59',
} as const;

/** A date on the calendar, no zone (month 1-12). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The recurrence as a request gives it (docs/api.md "Schedules"). */
export const RecurrenceInput = z
  .strictObject({
    frequency: z.enum(FREQUENCIES, { error: RECURRENCE_MESSAGES.frequency }),
    interval: z
      .number({ error: RECURRENCE_MESSAGES.interval })
      .int({ error: RECURRENCE_MESSAGES.interval })
      .min(1, { error: RECURRENCE_MESSAGES.interval })
      .max(RECURRENCE_LIMITS.intervalMax, { error: RECURRENCE_MESSAGES.interval })
      .default(1),
    byWeekday: z
      .array(z.enum(WEEKDAYS, { error: RECURRENCE_MESSAGES.weekday }))
      .max(7)
      .transform((days) => WEEKDAYS.filter((day) => days.includes(day)))
      .optional(),
    byMonthDay: z
      .number({ error: RECURRENCE_MESSAGES.monthDay })
      .int({ error: RECURRENCE_MESSAGES.monthDay })
      .min(1, { error: RECURRENCE_MESSAGES.monthDay })
      .max(31, { error: RECURRENCE_MESSAGES.monthDay })
      .optional(),
    time: z
      .string({ error: RECURRENCE_MESSAGES.time })
      .regex(TIME_OF_DAY, { error: RECURRENCE_MESSAGES.time }),
    timezone: timeZoneName('timezone'),
  })
  .superRefine((rule, context) => {
    if (rule.frequency === 'weekly' && !rule.byWeekday?.length) {
      context.addIssue({
        code: 'custom',
        message: RECURRENCE_MESSAGES.weekdaysRequired,
        path: ['byWeekday'],
      });
    }
    if (rule.frequency !== 'weekly' && rule.byWeekday !== undefined) {
      context.addIssue({
        code: 'custom',
        message: RECURRENCE_MESSAGES.weekdaysOnlyWeekly,
        path: ['byWeekday'],
      });
    }
    if (rule.frequency !== 'monthly' && rule.byMonthDay !== undefined) {
      context.addIssue({
        code: 'custom',
        message: RECURRENCE_MESSAGES.monthDayOnlyMonthly,
        path: ['byMonthDay'],
      });
    }
  });
export type RecurrenceInput = z.input<typeof RecurrenceInput>;
export type RecurrenceData = z.output<typeof RecurrenceInput>;

/** A recurrence as stored and answered: every field resolved (a monthly one knows its day). */
export interface Recurrence {
  frequency: Frequency;
  interval: number;
  byWeekday?: Weekday[] | undefined;
  byMonthDay?: number | undefined;
  time: string;
  timezone: string;
}

/** Fills what the input left to the start date (a monthly rule's day). */
export function resolveRecurrence(input: RecurrenceData, startsOn: CalendarDate): Recurrence {
  const rule: Recurrence = {
    frequency: input.frequency,
    interval: input.interval,
    time: input.time,
    timezone: input.timezone,
  };
  if (input.frequency === 'weekly') rule.byWeekday = input.byWeekday;
  if (input.frequency === 'monthly') rule.byMonthDay = input.byMonthDay ?? startsOn.day;
  return rule;
}

export function parseCalendarDate(iso: string): CalendarDate {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return { year, month, day };
}

function dayNumber(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;
}

/** Monday = 0 … Sunday = 6. */
function mondayIndex(date: CalendarDate): number {
  return (weekdayOf(date) + 6) % 7;
}

function timeOf(rule: Recurrence): { hour: number; minute: number } {
  const [hour = 0, minute = 0] = rule.time.split(':').map(Number);
  return { hour, minute };
}

/** The dates the rule runs on, in order, from `from` on (never before `startsOn`); endless. */
function* datesFrom(rule: Recurrence, startsOn: CalendarDate, from: CalendarDate): Generator<CalendarDate> {
  const start = dayNumber(startsOn);
  let cursor: CalendarDate = dayNumber(from) < start ? startsOn : from;
  if (rule.frequency === 'daily') {
    const offset = dayNumber(cursor) - start;
    cursor = addDays(startsOn, Math.ceil(offset / rule.interval) * rule.interval);
    for (;;) {
      yield cursor;
      cursor = addDays(cursor, rule.interval);
    }
  }
  if (rule.frequency === 'weekly') {
    const firstWeek = start - mondayIndex(startsOn);
    const days = new Set((rule.byWeekday ?? []).map((day) => WEEKDAYS.indexOf(day)));
    if (days.size === 0) return;
    for (;;) {
      const week = Math.floor((dayNumber(cursor) - mondayIndex(cursor) - firstWeek) / 7);
      if (week % rule.interval !== 0) {
        // Jump to the Monday of the next week that counts.
        const skip = rule.interval - (week % rule.interval);
        cursor = addDays(cursor, skip * 7 - mondayIndex(cursor));
        continue;
      }
      if (days.has(mondayIndex(cursor))) yield cursor;
      cursor = addDays(cursor, 1);
    }
  }
  // Monthly: the rule's day, or the month's last day when it is shorter.
  const monthIndex = (date: CalendarDate) => date.year * 12 + date.month - 1;
  const firstMonth = monthIndex(startsOn);
  let month = firstMonth + Math.ceil((monthIndex(cursor) - firstMonth) / rule.interval) * rule.interval;
  for (;;) {
    const year = Math.floor(month / 12);
    const monthOfYear = (month % 12) + 1;
    const day = Math.min(rule.byMonthDay ?? startsOn.day, daysInMonth(year, monthOfYear));
    const date = { year, month: monthOfYear, day };
    if (dayNumber(date) >= start) yield date;
    month += rule.interval;
  }
}

/** The instant the rule runs on `date` (its time on that date's clock in its zone). */
export function occurrenceOn(rule: Recurrence, date: CalendarDate): Date {
  const clock: WallClock = { ...date, ...timeOf(rule) };
  return instantOfWallClock(clock, rule.timezone);
}

/**
 * The next `count` runs strictly after `after`, in order. The search starts the day before `after`'s
 * local date: a run on that date can fall after `after` (a later time), none before it can.
 */
export function occurrencesAfter(
  rule: Recurrence,
  startsOn: CalendarDate,
  after: Date,
  count: number,
): Date[] {
  const found: Date[] = [];
  if (count <= 0) return found;
  const from = addDays(wallClockAt(after, rule.timezone), -1);
  const fromDate = { year: from.year, month: from.month, day: from.day };
  for (const date of datesFrom(rule, startsOn, fromDate)) {
    const instant = occurrenceOn(rule, date);
    if (instant.getTime() > after.getTime()) found.push(instant);
    if (found.length >= count) break;
  }
  return found;
}

/** The next run strictly after `after`. */
export function nextOccurrenceAfter(rule: Recurrence, startsOn: CalendarDate, after: Date): Date {
  const [next] = occurrencesAfter(rule, startsOn, after, 1);
  if (!next) throw new Error('a recurrence always has a next run');
  return next;
}

const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function listed(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** 'Every Monday at 08:00 (Europe/Paris)', 'Every 2 weeks on Monday and Thursday at 07:30 (UTC)'. */
export function describeRecurrence(rule: Recurrence): string {
  const at = `at ${rule.time} (${rule.timezone})`;
  const every = (unit: string) => (rule.interval === 1 ? `Every ${unit}` : `Every ${rule.interval} ${unit}s`);
  if (rule.frequency === 'daily') return `${rule.interval === 1 ? 'Every day' : every('day')} ${at}`;
  if (rule.frequency === 'weekly') {
    const days = (rule.byWeekday ?? []).map((day) => WEEKDAY_NAMES[day]);
    if (rule.interval === 1) {
      const everyDay = days.length === 7 ? 'Every day' : `Every ${listed(days)}`;
      return `${everyDay} ${at}`;
    }
    return `${every('week')} on ${listed(days)} ${at}`;
  }
  const day = rule.byMonthDay ?? 1;
  const which = day >= 29 ? `on the ${ordinal(day)} (or the month's last day)` : `on the ${ordinal(day)}`;
  return `${rule.interval === 1 ? 'Every month' : every('month')} ${which} ${at}`;
}
