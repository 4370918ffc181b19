import { describe, expect, it } from 'vitest';
import { parseIcal } from './ical.ts';
import { sampleCalendarIcs } from './sample-calendar.ts';

describe('the sample booking calendar', () => {
  it('holds weekly stays around today and one block, with UIDs that stay from one day to the next', () => {
    const wednesday = parseIcal(sampleCalendarIcs('2027-03-10'), 'UTC');
    expect(wednesday.events.map((e) => [e.startDate, e.endDate, e.kind])).toEqual([
      ['2027-03-01', '2027-03-04', 'reservation'],
      ['2027-03-05', '2027-03-08', 'reservation'],
      ['2027-03-08', '2027-03-11', 'reservation'],
      ['2027-03-12', '2027-03-15', 'reservation'],
      ['2027-03-15', '2027-03-18', 'block'],
      ['2027-03-19', '2027-03-22', 'reservation'],
    ]);
    const thursday = parseIcal(sampleCalendarIcs('2027-03-11'), 'UTC');
    expect(thursday.events.map((e) => e.uid)).toEqual(wednesday.events.map((e) => e.uid));
    expect(wednesday.skipped).toBe(0);
  });

  it('starts its weeks on Monday, a Sunday included', () => {
    const sunday = parseIcal(sampleCalendarIcs('2027-03-14'), 'UTC');
    expect(sunday.events[2]?.startDate).toBe('2027-03-08');
  });
});
