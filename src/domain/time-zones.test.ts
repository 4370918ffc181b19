import { describe, expect, it } from 'vitest';
import { timeZoneName } from './time-zone-name.ts';
import {
  addDays,
  canonicalTimeZone,
  daysInMonth,
  instantOfWallClock,
  isValidTimeZone,
  localDateOf,
  wallClockAt,
  weekdayOf,
} from './time-zones.ts';

const at = (year: number, month: number, day: number, hour: number, minute = 0) => ({
  year,
  month,
  day,
  hour,
  minute,
});

describe('time zones', () => {
  it('accepts IANA names only, in their canonical spelling', () => {
    expect(isValidTimeZone('Pacific/Auckland')).toBe(true);
    expect(isValidTimeZone('Etc/GMT+5')).toBe(true);
    for (const bad of ['+05:30', '-08:00', 'Nowhere/Else', '', 'Europe/Paris; select 1']) {
      expect(isValidTimeZone(bad), bad).toBe(false);
    }
    expect(canonicalTimeZone('america/los_angeles')).toBe('America/Los_Angeles');
    expect(() => canonicalTimeZone('Nowhere/Else')).toThrow(RangeError);
    expect(timeZoneName('timezone').safeParse('Mars/Olympus').error?.issues[0]?.message).toBe(
      'timezone must be an IANA time zone such as Europe/Paris',
    );
  });

  it('answers the same when asked again (the answers are kept per name)', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(isValidTimeZone('europe/paris')).toBe(true);
      expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
      expect(isValidTimeZone('Nowhere/Else')).toBe(false);
      expect(() => canonicalTimeZone('Nowhere/Else')).toThrow(RangeError);
    }
  });

  it('reads a wall clock in a zone, summer and winter', () => {
    expect(instantOfWallClock(at(2026, 7, 1, 8), 'Europe/Paris').toISOString()).toBe(
      '2026-07-01T06:00:00.000Z',
    );
    expect(instantOfWallClock(at(2026, 1, 15, 8), 'Europe/Paris').toISOString()).toBe(
      '2026-01-15T07:00:00.000Z',
    );
    expect(instantOfWallClock(at(2026, 1, 15, 8), 'America/New_York').toISOString()).toBe(
      '2026-01-15T13:00:00.000Z',
    );
    expect(wallClockAt(new Date('2026-07-01T06:00:00Z'), 'Europe/Paris')).toEqual(at(2026, 7, 1, 8));
  });

  it('a time the spring change skips is read after the gap; one shown twice, the first time', () => {
    // Paris: 29 March 2026 02:00 -> 03:00. New York: 8 March 2026 02:00 -> 03:00.
    expect(instantOfWallClock(at(2026, 3, 29, 2, 30), 'Europe/Paris').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(wallClockAt(new Date('2026-03-29T01:30:00Z'), 'Europe/Paris')).toEqual(at(2026, 3, 29, 3, 30));
    expect(instantOfWallClock(at(2026, 3, 8, 2, 30), 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // Paris: 25 October 2026 03:00 -> 02:00; 02:30 happens at 00:30Z and again at 01:30Z.
    expect(instantOfWallClock(at(2026, 10, 25, 2, 30), 'Europe/Paris').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    // The zone's own day is 23 or 25 hours long, not 24.
    const before = instantOfWallClock(at(2026, 10, 24, 8), 'Europe/Paris').getTime();
    const after = instantOfWallClock(at(2026, 10, 25, 8), 'Europe/Paris').getTime();
    expect((after - before) / 3_600_000).toBe(25);
  });

  it('counts calendar days, weekdays and month lengths without a zone', () => {
    expect(addDays(at(2026, 12, 31, 0), 1)).toEqual(at(2027, 1, 1, 0));
    expect(addDays(at(2028, 2, 28, 9), 1)).toEqual(at(2028, 2, 29, 9));
    expect(weekdayOf(at(2026, 11, 30, 0))).toBe(1);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(localDateOf(new Date('2026-11-29T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-30');
    expect(localDateOf(new Date('2026-11-29T23:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-29');
  });
});
