import { describe, expect, it } from 'vitest';
import {
  CalendarInput,
  CalendarUrl,
  maskCalendarUrl,
  planTurnovers,
  TimeOfDay,
  turnoverName,
} from './calendars.ts';
import type { IcalEvent } from './ical.ts';

const stay = (
  uid: string,
  startDate: string,
  endDate: string,
  kind: IcalEvent['kind'] = 'reservation',
): IcalEvent => ({
  uid,
  startDate,
  endDate,
  summary: '',
  description: '',
  kind,
});

const times = { zone: 'Europe/Paris', checkoutTime: '11:00', checkinTime: '16:00' };

describe('planTurnovers', () => {
  it('makes each turnover due at the next check-in, or 24 h after checkout when none follows', () => {
    const plans = planTurnovers(
      [
        stay('a', '2027-05-01', '2027-05-04'),
        stay('b', '2027-05-06', '2027-05-09'),
        stay('c', '2027-05-09', '2027-05-12'),
      ],
      times,
    );
    expect(plans.map((p) => [p.uid, p.checkoutDate, p.nextCheckinDate, p.dueAt.toISOString()])).toEqual([
      ['a', '2027-05-04', '2027-05-06', '2027-05-06T14:00:00.000Z'],
      // A same-day turnover: the next guest arrives the morning the last one leaves.
      ['b', '2027-05-09', '2027-05-09', '2027-05-09T14:00:00.000Z'],
      ['c', '2027-05-12', null, '2027-05-13T09:00:00.000Z'],
    ]);
  });

  it('never counts a block or a cancelled stay as a check-in, nor makes a turnover for one', () => {
    const plans = planTurnovers(
      [
        stay('a', '2027-05-01', '2027-05-04'),
        stay('block', '2027-05-04', '2027-05-06', 'block'),
        stay('gone', '2027-05-05', '2027-05-07', 'cancelled'),
      ],
      times,
    );
    expect(plans).toEqual([
      {
        uid: 'a',
        checkoutDate: '2027-05-04',
        nextCheckinDate: null,
        dueAt: new Date('2027-05-05T09:00:00.000Z'),
      },
    ]);
  });

  it('makes one turnover for a UID the feed repeats', () => {
    const plans = planTurnovers(
      [stay('a', '2027-05-01', '2027-05-04'), stay('a', '2027-06-01', '2027-06-04')],
      times,
    );
    expect(plans.map((p) => p.checkoutDate)).toEqual(['2027-05-04']);
  });

  it('reads check-in time on the wall clock of the zone across a daylight-saving change', () => {
    // Paris moves to summer time on 2027-03-28: 16:00 is 15:00 UTC before, 14:00 UTC after.
    const plans = planTurnovers(
      [
        stay('a', '2027-03-20', '2027-03-27'),
        stay('b', '2027-03-27', '2027-03-28'),
        stay('c', '2027-03-28', '2027-03-30'),
      ],
      times,
    );
    expect(plans.map((p) => p.dueAt.toISOString())).toEqual([
      '2027-03-27T15:00:00.000Z',
      '2027-03-28T14:00:00.000Z',
      '2027-03-31T09:00:00.000Z',
    ]);
  });
});

describe('calendar input', () => {
  it('reads webcal as https and refuses other schemes, credentials and junk', () => {
    expect(CalendarUrl.parse('webcal://www.airbnb.com/calendar/ical/1.ics?s=x')).toBe(
      'https://www.airbnb.com/calendar/ical/1.ics?s=x',
    );
    for (const bad of [
      'ftp://example.com/a.ics',
      'file:///etc/passwd',
      'https://u:p@example.com/a',
      'calendar',
      '',
    ]) {
      expect(CalendarUrl.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('takes times as HH:MM and defaults checkout 11:00 and check-in 16:00', () => {
    expect(TimeOfDay.safeParse('23:59').success).toBe(true);
    for (const bad of ['24:00', '9:00', '12:60', '4pm'])
      expect(TimeOfDay.safeParse(bad).success, bad).toBe(false);
    const parsed = CalendarInput.parse({
      name: ' Beach ',
      icsUrl: 'https://example.com/a.ics',
      templateId: 'builtin-short-stay-turnover',
      timezone: 'europe/paris',
    });
    expect(parsed).toMatchObject({
      name: 'Beach',
      timezone: 'Europe/Paris',
      checkoutTime: '11:00',
      checkinTime: '16:00',
    });
  });

  it('names turnovers and masks addresses', () => {
    expect(turnoverName('Beach House', '2027-05-04')).toBe('Beach House — 2027-05-04');
    expect(maskCalendarUrl('https://www.airbnb.com/calendar/ical/123.ics?s=secret')).toBe('www.airbnb.com/…');
  });
});
