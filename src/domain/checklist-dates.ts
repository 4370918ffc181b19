import { calendarDaysBetween, shortDate } from './dates.ts';

/** The dates a checklist's row shows (spec section 4): when it was made, relative to today. */

/** A created date as the spec has it: a Date, an ISO string, or an object with a toDate method. */
export type DateLike = Date | string | number | { toDate(): Date } | null | undefined;

function toDate(value: DateLike): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'object' && typeof value.toDate === 'function') return value.toDate();
  const date = new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * 'Just now' when missing; 'Today', 'Yesterday', '{n} days ago' under 7 days; else 'MMM d, yyyy'.
 * Days are calendar days in the viewer's time zone: something made at 23:00 yesterday is 'Yesterday'.
 */
export function createdDateLabel(createdAt: DateLike, now: Date = new Date()): string {
  const date = toDate(createdAt);
  if (!date) return 'Just now';
  const days = calendarDaysBetween(now, date);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return shortDate(date);
}

/** '{taskCount} tasks • Created {relative date}' (dashboard row). */
export function checklistRowSubtitle(taskCount: number, createdAt: DateLike, now: Date = new Date()): string {
  return `${taskCount} tasks • Created ${createdDateLabel(createdAt, now)}`;
}
