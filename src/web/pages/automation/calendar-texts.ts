import type { Calendar } from '#domain/calendars-response';
import { relativeTime } from '../../lib/relative-time.ts';

/** 'every 15 minutes', 'every 6 hours'. */
export function cadenceText(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? 'every hour' : `every ${hours} hours`;
  }
  return `every ${minutes} minutes`;
}

export function statusText(
  calendar: Pick<Calendar, 'status' | 'lastSyncAt' | 'lastError'>,
  now = Date.now(),
) {
  if (calendar.status === 'failing') return `Failing: ${calendar.lastError ?? 'unknown error'}`;
  if (calendar.lastSyncAt) return `Synced ${relativeTime(calendar.lastSyncAt, now)}`;
  return 'Not synced yet';
}
