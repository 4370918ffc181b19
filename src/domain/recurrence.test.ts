import { describe, expect, it } from 'vitest';
import {
  describeRecurrence,
  occurrencesAfter,
  parseCalendarDate,
  type Recurrence,
  RecurrenceInput,
  resolveRecurrence,
} from './recurrence.ts';
import { localDateOf, wallClockAt } from './time-zones.ts';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const rule = (fields: Partial<Recurrence>): Recurrence => ({
  frequency: 'daily',
  interval: 1,
  time: '08:00',
  timezone: 'UTC',
  ...fields,
});

describe('the recurrence input', () => {
  const valid = {
    frequency: 'weekly',
    byWeekday: ['TH', 'MO', 'MO'],
    time: '08:00',
    timezone: 'europe/paris',
  };

  it('takes a weekly rule, ordering the weekdays and spelling the zone canonically', () => {
    expect(RecurrenceInput.parse(valid)).toEqual({
      frequency: 'weekly',
      interval: 1,
      byWeekday: ['MO', 'TH'],
      time: '08:00',
      timezone: 'Europe/Paris',
    });
  });

  it.each([
    ['a bad zone', { timezone: 'Mars/Olympus' }, 'timezone'],
    ['an offset as zone', { timezone: '+02:00' }, 'timezone'],
    ['a bad weekday', { byWeekday: ['MON'] }, 'byWeekday'],
    ['no weekday on a weekly rule', { byWeekday: [] }, 'byWeekday'],
    ['24:00', { time: '24:00' }, 'time'],
    ['8:00', { time: '8:00' }, 'time'],
    ['interval 0', { interval: 0 }, 'interval'],
    ['interval 1.5', { interval: 1.5 }, 'interval'],
    ['interval 53', { interval: 53 }, 'interval'],
    ['weekdays on a daily rule', { frequency: 'daily' }, 'byWeekday'],
    ['a month day on a weekly rule', { byMonthDay: 3 }, 'byMonthDay'],
    ['a month day 32', { frequency: 'monthly', byWeekday: undefined, byMonthDay: 32 }, 'byMonthDay'],
    ['an unknown field', { count: 3 }, ''],
  ])('refuses %s', (_, change, path) => {
    const parsed = RecurrenceInput.safeParse({ ...valid, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => String(issue.path[0] ?? ''))).toContain(path);
  });

  it('gives a monthly rule the start date’s day unless it names one', () => {
    const monthly = RecurrenceInput.parse({ frequency: 'monthly', time: '09:00', timezone: 'UTC' });
    expect(resolveRecurrence(monthly, parseCalendarDate('2026-01-31')).byMonthDay).toBe(31);
    const fifth = RecurrenceInput.parse({
      frequency: 'monthly',
      byMonthDay: 5,
      time: '09:00',
      timezone: 'UTC',
    });
    expect(resolveRecurrence(fifth, parseCalendarDate('2026-01-31')).byMonthDay).toBe(5);
  });
});

describe('daylight-saving changes keep the clock time', () => {
  it('Europe/Paris, spring forward (29 March 2026): 08:00 is 07:00 UTC before, 06:00 UTC after', () => {
    const daily = rule({ timezone: 'Europe/Paris' });
    expect(
      iso(occurrencesAfter(daily, parseCalendarDate('2026-03-01'), new Date('2026-03-27T12:00:00Z'), 4)),
    ).toEqual([
      '2026-03-28T07:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
      '2026-03-30T06:00:00.000Z',
      '2026-03-31T06:00:00.000Z',
    ]);
  });

  it('Europe/Paris, fall back (25 October 2026): 08:00 is 06:00 UTC before, 07:00 UTC after', () => {
    const daily = rule({ timezone: 'Europe/Paris' });
    expect(
      iso(occurrencesAfter(daily, parseCalendarDate('2026-10-01'), new Date('2026-10-24T00:00:00Z'), 3)),
    ).toEqual(['2026-10-24T06:00:00.000Z', '2026-10-25T07:00:00.000Z', '2026-10-26T07:00:00.000Z']);
  });

  it('Europe/Paris: 02:30 on the night it does not exist runs at 03:30, once', () => {
    const night = rule({ timezone: 'Europe/Paris', time: '02:30' });
    const runs = occurrencesAfter(
      night,
      parseCalendarDate('2026-03-01'),
      new Date('2026-03-28T12:00:00Z'),
      2,
    );
    expect(iso(runs)).toEqual(['2026-03-29T01:30:00.000Z', '2026-03-30T00:30:00.000Z']);
    expect(wallClockAt(runs[0] as Date, 'Europe/Paris')).toMatchObject({ day: 29, hour: 3, minute: 30 });
  });

  it('America/New_York, spring forward (8 March 2026) and fall back (1 November 2026)', () => {
    const weekly = rule({ frequency: 'weekly', byWeekday: ['SU'], timezone: 'America/New_York' });
    const start = parseCalendarDate('2026-02-01');
    expect(iso(occurrencesAfter(weekly, start, new Date('2026-03-01T00:00:00Z'), 2))).toEqual([
      '2026-03-01T13:00:00.000Z',
      '2026-03-08T12:00:00.000Z',
    ]);
    expect(iso(occurrencesAfter(weekly, start, new Date('2026-10-25T00:00:00Z'), 2))).toEqual([
      '2026-10-25T12:00:00.000Z',
      '2026-11-01T13:00:00.000Z',
    ]);
  });

  it('America/New_York: 01:30 on the autumn night runs once, at its first (daylight) reading', () => {
    const night = rule({ timezone: 'America/New_York', time: '01:30' });
    const runs = occurrencesAfter(
      night,
      parseCalendarDate('2026-10-01'),
      new Date('2026-10-31T12:00:00Z'),
      2,
    );
    expect(iso(runs)).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
  });

  it('America/New_York: 02:15 on the spring night runs at 03:15', () => {
    const night = rule({ timezone: 'America/New_York', time: '02:15' });
    const [run] = occurrencesAfter(
      night,
      parseCalendarDate('2026-03-01'),
      new Date('2026-03-07T12:00:00Z'),
      1,
    );
    expect(run?.toISOString()).toBe('2026-03-08T07:15:00.000Z');
    expect(wallClockAt(run as Date, 'America/New_York')).toMatchObject({ hour: 3, minute: 15 });
  });
});

describe('monthly on the 31st', () => {
  it('runs on the last day of shorter months (February in a leap year and not), then the 31st again', () => {
    const monthly = rule({ frequency: 'monthly', byMonthDay: 31, time: '09:00', timezone: 'Europe/Paris' });
    const runs = occurrencesAfter(
      monthly,
      parseCalendarDate('2027-01-31'),
      new Date('2027-01-01T00:00:00Z'),
      5,
    );
    expect(runs.map((run) => localDateOf(run, 'Europe/Paris'))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    const leap = occurrencesAfter(
      monthly,
      parseCalendarDate('2028-01-31'),
      new Date('2028-02-01T00:00:00Z'),
      1,
    );
    expect(localDateOf(leap[0] as Date, 'Europe/Paris')).toBe('2028-02-29');
  });

  it('every 3 months from the start month, never before the start date', () => {
    const quarterly = rule({ frequency: 'monthly', interval: 3, byMonthDay: 10 });
    const runs = occurrencesAfter(
      quarterly,
      parseCalendarDate('2026-01-15'),
      new Date('2026-01-15T00:00:00Z'),
      3,
    );
    expect(runs.map((run) => localDateOf(run, 'UTC'))).toEqual(['2026-04-10', '2026-07-10', '2026-10-10']);
  });
});

describe('weekly on chosen days and intervals', () => {
  // 2026-11-30 is a Monday.
  const start = parseCalendarDate('2026-11-30');

  it('every Monday and Thursday', () => {
    const weekly = rule({ frequency: 'weekly', byWeekday: ['MO', 'TH'] });
    const runs = occurrencesAfter(weekly, start, new Date('2026-11-30T08:00:00Z'), 4);
    expect(runs.map((run) => localDateOf(run, 'UTC'))).toEqual([
      '2026-12-03',
      '2026-12-07',
      '2026-12-10',
      '2026-12-14',
    ]);
  });

  it('every 2 weeks on Monday and Thursday, counted from the start’s week', () => {
    const fortnightly = rule({ frequency: 'weekly', interval: 2, byWeekday: ['MO', 'TH'] });
    // Started on a Wednesday: that week's Thursday counts, the next week does not.
    const runs = occurrencesAfter(
      fortnightly,
      parseCalendarDate('2026-12-02'),
      new Date('2026-11-01T00:00:00Z'),
      5,
    );
    expect(runs.map((run) => localDateOf(run, 'UTC'))).toEqual([
      '2026-12-03',
      '2026-12-14',
      '2026-12-17',
      '2026-12-28',
      '2026-12-31',
    ]);
  });

  it('every 3 days from the start date, whatever the search starts from', () => {
    const every3 = rule({ interval: 3, time: '18:30' });
    const runs = occurrencesAfter(every3, start, new Date('2026-12-04T00:00:00Z'), 3);
    expect(runs.map((run) => localDateOf(run, 'UTC'))).toEqual(['2026-12-06', '2026-12-09', '2026-12-12']);
  });

  it('a run later today is the next one; one earlier today is not', () => {
    const daily = rule({});
    expect(iso(occurrencesAfter(daily, start, new Date('2026-12-01T07:59:00Z'), 1))).toEqual([
      '2026-12-01T08:00:00.000Z',
    ]);
    expect(iso(occurrencesAfter(daily, start, new Date('2026-12-01T08:00:00Z'), 1))).toEqual([
      '2026-12-02T08:00:00.000Z',
    ]);
  });
});

describe('in words', () => {
  it.each([
    [
      rule({ frequency: 'weekly', byWeekday: ['MO'], timezone: 'Europe/Paris' }),
      'Every Monday at 08:00 (Europe/Paris)',
    ],
    [
      rule({ frequency: 'weekly', interval: 2, byWeekday: ['MO', 'TH'] }),
      'Every 2 weeks on Monday and Thursday at 08:00 (UTC)',
    ],
    [rule({}), 'Every day at 08:00 (UTC)'],
    [rule({ interval: 3 }), 'Every 3 days at 08:00 (UTC)'],
    [
      rule({ frequency: 'monthly', byMonthDay: 31 }),
      "Every month on the 31st (or the month's last day) at 08:00 (UTC)",
    ],
    [rule({ frequency: 'monthly', byMonthDay: 2, interval: 2 }), 'Every 2 months on the 2nd at 08:00 (UTC)'],
  ])('%#', (recurrence, words) => {
    expect(describeRecurrence(recurrence)).toBe(words);
  });
});
