import { differenceInCalendarDays, format } from 'date-fns';
import { afterAll, describe, expect, it } from 'vitest';
import { calendarDaysBetween, shortDate } from './dates.ts';

const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/Paris',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
];
const originalZone = process.env.TZ;
afterAll(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

/** Every 7 hours and 13 minutes over three years, across every daylight-saving change in them. */
function instants(): Date[] {
  const start = Date.UTC(2023, 0, 1);
  const step = (7 * 60 + 13) * 60_000;
  return Array.from(
    { length: Math.floor((3 * 365 * 86_400_000) / step) },
    (_, i) => new Date(start + i * step),
  );
}

describe.each(ZONES)('in %s, as date-fns had it', (zone) => {
  it("'MMM d, yyyy'", () => {
    process.env.TZ = zone;
    for (const date of instants()) expect(shortDate(date)).toBe(format(date, 'MMM d, yyyy'));
  });

  it('calendar days between two instants', () => {
    process.env.TZ = zone;
    const all = instants();
    for (let i = 0; i < all.length; i += 5) {
      const later = all[i] as Date;
      for (const back of [0, 1, 2, 3, 7, 11, 40, 400]) {
        const earlier = all[Math.max(0, i - back)] as Date;
        expect(calendarDaysBetween(later, earlier)).toBe(differenceInCalendarDays(later, earlier));
        expect(calendarDaysBetween(earlier, later)).toBe(differenceInCalendarDays(earlier, later));
      }
    }
  });
});
