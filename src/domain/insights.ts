import { AppError } from './errors.ts';
import { addDays, instantOfWallClock, isoDateOf, localDateOf } from './time-zones.ts';

/**
 * Insights (docs/insights.md, decision 0052): what a paid team's work looked like over a range of
 * days in the team's time zone. The answer's shape, its limits, the range rules and the words both
 * sides read; zod schemas in insights-schemas.ts (the page does not carry zod).
 */

export const INSIGHTS_LIMITS = {
  /** The range the API answers when the client names none: the last 30 days, today included. */
  defaultDays: 30,
  /** The longest range, in days (a leap year). */
  maxDays: 366,
  /** Entries of the slowest-task and most-left-undone lists. */
  listSize: 10,
  /** People in `byPerson`, most checklists completed first. */
  maxPeople: 50,
} as const;

export const INSIGHTS_PATH = '/api/insights';
export const INSIGHTS_CSV_PATH = '/api/insights.csv';

export type InsightsPersonKind = 'member' | 'recipient';

export interface InsightsDay {
  /** YYYY-MM-DD in the team's time zone. */
  date: string;
  /** Checklists made that day. */
  created: number;
  /** Checklists submitted that day. */
  completed: number;
}

export interface InsightsPerson {
  name: string;
  kind: InsightsPersonKind;
  /** Checklists this person submitted in the range. */
  completed: number;
  /** Median minutes from the first tick to the submit of those; null when none had a tick. */
  medianMinutes: number | null;
}

export interface InsightsSlowTask {
  description: string;
  /** Median minutes from the tick before it (in its checklist) to its own tick. */
  medianMinutes: number;
}

export interface InsightsSkippedTask {
  description: string;
  /** Completed checklists in which this task was not ticked. */
  undone: number;
  /** Completed checklists that had this task. */
  of: number;
}

/** GET /api/insights */
export interface Insights {
  from: string;
  to: string;
  timeZone: string;
  completed: number;
  /** Share (0 to 1) of the completed checklists with a due time that were submitted by it; null: none had one. */
  onTimeRate: number | null;
  medianMinutesToComplete: number | null;
  byDay: InsightsDay[];
  byPerson: InsightsPerson[];
  slowestTasks: InsightsSlowTask[];
  mostSkippedTasks: InsightsSkippedTask[];
}

export const INSIGHTS_MESSAGES = {
  paidOnly: 'Insights are part of the Professional and Enterprise plans. Upgrade to see your team’s figures.',
  badDate: 'Use a date such as 2026-03-31',
  fromAfterTo: 'The start date must be on or before the end date',
  tooLong: `Choose a range of at most ${INSIGHTS_LIMITS.maxDays} days`,
} as const;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function dateParts(text: string) {
  const [year = 0, month = 1, day = 1] = text.split('-').map(Number);
  return { year, month, day };
}

/** Days from `from` to `to`, both counted (the same day: 1). */
export function daysBetween(from: string, to: string): number {
  const ms = (date: string) => {
    const { year, month, day } = dateParts(date);
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((ms(to) - ms(from)) / 86_400_000) + 1;
}

/** The date `days` after a YYYY-MM-DD date. */
export function shiftDate(date: string, days: number): string {
  return isoDateOf(addDays(dateParts(date), days));
}

/** A range of whole days in a zone, and the instants that bound it: [startsAt, endsBefore). */
export interface InsightsRange {
  from: string;
  to: string;
  timeZone: string;
  startsAt: Date;
  endsBefore: Date;
}

function invalid(path: 'from' | 'to', message: string): AppError {
  return new AppError('validation_failed', message, { issues: [{ path, message }] });
}

/**
 * The range a request names, in the team's zone: `to` defaults to today there, `from` to 29 days
 * before `to`. Refused (400 validation_failed): a start after the end, or more than maxDays days.
 */
export function resolveInsightsRange(
  query: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now: Date,
): InsightsRange {
  const to = query.to ?? localDateOf(now, timeZone);
  const from = query.from ?? shiftDate(to, 1 - INSIGHTS_LIMITS.defaultDays);
  if (from > to) throw invalid('from', INSIGHTS_MESSAGES.fromAfterTo);
  if (daysBetween(from, to) > INSIGHTS_LIMITS.maxDays) throw invalid('from', INSIGHTS_MESSAGES.tooLong);
  const midnight = (date: string) => instantOfWallClock({ ...dateParts(date), hour: 0, minute: 0 }, timeZone);
  return { from, to, timeZone, startsAt: midnight(from), endsBefore: midnight(shiftDate(to, 1)) };
}

/** Every date of the range, in order (byDay has one entry for each, zeros included). */
export function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let i = 0; i < daysBetween(from, to); i += 1) dates.push(shiftDate(from, i));
  return dates;
}
