import { wallClockAt, weekdayOf } from './time-zones.ts';

/**
 * A checklist's due time (issue 31; docs/automation.md "Due dates, overdue and reminders"): the input
 * every body that sets it reads, its bounds, when the overdue check and the reminders act, and the
 * words the owner's pages show for it. Both sides read these; the body's zod schema is
 * due-date-input.ts (zod stays out of the pages that only show a due time).
 */

export const DUE_LIMITS = {
  /** The earliest due time accepted (a typo of a year, 0206 for 2026, is refused rather than kept). */
  earliest: '2000-01-01T00:00:00.000Z',
  /** Due times must be before this. */
  latestExclusive: '2100-01-01T00:00:00.000Z',
  /** The recipient and the assignee are reminded this long before the due time. */
  reminderLeadMinutes: 60,
  /**
   * No reminder when less than this is left (a due time set at 14:57 for 15:00): it would arrive as
   * the work falls due, and the overdue notice follows anyway.
   */
  reminderMinimumMinutes: 5,
  /** Checklists the overdue check marks in one statement, and batches in one run at most. */
  overdueBatch: 200,
  overdueBatchesPerRun: 25,
  /**
   * The check looks back this far: a checklist completed after its due time is never marked, so
   * without a bound every such checklist ever made would be looked at again every minute. One due
   * longer ago when first seen (a due time typed in the past, every instance down a week) is not
   * announced; the pages still show it Overdue from its due time.
   */
  overdueLookbackDays: 7,
  /** Checklists the reminder job claims per run (each may send one message per live share). */
  reminderBatch: 100,
} as const;

export const DUE_MESSAGES = {
  format: 'dueAt must be a date and time with its offset, such as 2026-12-02T15:00:00Z, or null',
  range: 'The due date must be between the years 2000 and 2099',
} as const;

const EARLIEST_MS = Date.parse(DUE_LIMITS.earliest);
const LATEST_MS = Date.parse(DUE_LIMITS.latestExclusive);

/** Whether an instant is a due time we accept (DUE_LIMITS). */
export function isDueTimeInBounds(instant: Date): boolean {
  const ms = instant.getTime();
  return Number.isFinite(ms) && ms >= EARLIEST_MS && ms < LATEST_MS;
}

/** What the pages need of a checklist to say whether it is overdue. */
export interface DueState {
  dueAt: string | null;
  overdue: boolean;
  cancelled: boolean;
  status: string;
}

/**
 * Overdue as the device sees it: the server's mark, or the due time passed before the server's check
 * came round (it looks once a minute); never when completed or cancelled.
 */
export function isOverdue(checklist: DueState, now: Date): boolean {
  if (checklist.cancelled || checklist.status === 'completed') return false;
  if (checklist.overdue) return true;
  return checklist.dueAt !== null && Date.parse(checklist.dueAt) <= now.getTime();
}

const MINUTE_MS = 60_000;

function dayNumber(clock: { year: number; month: number; day: number }): number {
  return Date.UTC(clock.year, clock.month - 1, clock.day) / 86_400_000;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The owner's words for a due time, in `timeZone` (the browser's): 'Due in 45 min' within the hour,
 * 'Due today 15:00', 'Due tomorrow 09:00', else 'Due Tue 2 Dec, 15:00' (with the year when it is not
 * this year's). A time passed reads 'Due …' alike; the Overdue badge says the rest.
 */
export function dueLabel(dueAt: string, now: Date, timeZone: string): string {
  const due = new Date(dueAt);
  const ahead = due.getTime() - now.getTime();
  if (ahead > 0 && ahead < 60 * MINUTE_MS) {
    return `Due in ${Math.max(1, Math.ceil(ahead / MINUTE_MS))} min`;
  }
  const at = wallClockAt(due, timeZone);
  const today = wallClockAt(now, timeZone);
  const time = `${pad(at.hour)}:${pad(at.minute)}`;
  const days = dayNumber(at) - dayNumber(today);
  if (days === 0) return `Due today ${time}`;
  if (days === 1) return `Due tomorrow ${time}`;
  if (days === -1) return `Due yesterday ${time}`;
  const year = at.year !== today.year ? ` ${at.year}` : '';
  const date = `${WEEKDAYS[weekdayOf(at)]} ${at.day} ${MONTHS[at.month - 1]}${year}`;
  return `Due ${date}, ${time}`;
}

/** The device's own time zone (the pages show due times in it). */
export function deviceTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The editor's two fields (a local date 'YYYY-MM-DD' and time 'HH:MM', in the browser's zone) as the
 * instant to send; null when the date is empty; undefined when they do not make a time.
 */
export function dueAtFromFields(date: string, time: string): Date | null | undefined {
  if (!date) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time || '00:00');
  if (!match || !clock) return undefined;
  // The browser's own clock reads a local wall time (a skipped one moves forward, as the zone says).
  const instant = new Date(
    Number(match[1]),
    Number(match[2]) - 1,
    Number(match[3]),
    Number(clock[1]),
    Number(clock[2]),
  );
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** The editor's fields for an instant, in the browser's zone. */
export function dueFieldsOf(dueAt: string | null): { date: string; time: string } {
  if (!dueAt) return { date: '', time: '' };
  const at = new Date(dueAt);
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}
