import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICAL_LIMITS, NotIcalError, parseIcal, unescapeText, unfoldLines } from './ical.ts';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/ical', name), 'utf8');

const kinds = (text: string, zone = 'Europe/Paris') =>
  parseIcal(text, zone).events.map((event) => [event.startDate, event.endDate, event.kind]);

const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', ...lines, 'END:VCALENDAR'].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');

describe('parseIcal on real-shaped exports', () => {
  it("reads Airbnb's reservations and ignores its 'Not available' blocks", () => {
    const feed = parseIcal(fixture('airbnb.ics'), 'America/New_York');
    expect(kinds(fixture('airbnb.ics'))).toEqual([
      ['2027-03-01', '2027-03-05', 'reservation'],
      ['2027-03-07', '2027-03-10', 'reservation'],
      ['2027-06-01', '2027-09-01', 'block'],
    ]);
    expect(feed.events[0]?.uid).toBe('5b2f0c1d9e7a-4c3b2a19f0e8d7c6b5a4@airbnb.com');
    // Escaped newline, and a folded line joined without its leading space.
    expect(feed.events[0]?.description).toBe(
      'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABCDE1\nPhone Number (Last 4 Digits): 4821',
    );
    expect(feed.events[1]?.description).toContain('Phone Number (Last 4 Digits): 0157');
    expect(feed.skipped).toBe(0);
  });

  it("reads Vrbo's 'Reserved - name', ignores 'Blocked', and sees a cancelled one (LF line ends)", () => {
    const feed = parseIcal(fixture('vrbo.ics'), 'Europe/Paris');
    expect(kinds(fixture('vrbo.ics'))).toEqual([
      ['2027-03-12', '2027-03-16', 'reservation'],
      ['2027-03-20', '2027-03-23', 'block'],
      ['2027-03-25', '2027-03-28', 'cancelled'],
    ]);
    expect(feed.events[0]?.summary).toBe('Reserved - Maria Gonzalez');
    expect(feed.events[0]?.description).toBe('Guest: Maria Gonzalez, 2 adults');
  });

  it("reads every Booking.com entry as a reservation: its 'CLOSED - Not available' names both", () => {
    expect(kinds(fixture('booking-com.ics'))).toEqual([
      ['2027-04-02', '2027-04-06', 'reservation'],
      ['2027-04-06', '2027-04-09', 'reservation'],
    ]);
  });
});

describe('parseIcal dates', () => {
  it('reads a UTC date-time as the date it is in the property’s zone', () => {
    const text = calendar(
      event('UID:a', 'DTSTART:20270301T230000Z', 'DTEND:20270305T090000Z', 'SUMMARY:Stay'),
    );
    expect(kinds(text, 'Europe/Paris')).toEqual([['2027-03-02', '2027-03-05', 'reservation']]);
    expect(kinds(text, 'America/Los_Angeles')).toEqual([['2027-03-01', '2027-03-05', 'reservation']]);
  });

  it('reads a TZID date-time in its zone, then where the property is', () => {
    const text = calendar(
      event('UID:b', 'DTSTART;TZID=Asia/Tokyo:20270301T050000', 'DTEND;TZID=Asia/Tokyo:20270303T100000'),
    );
    // 05:00 in Tokyo is 21:00 the day before in Paris.
    expect(kinds(text, 'Europe/Paris')).toEqual([['2027-02-28', '2027-03-03', 'reservation']]);
    expect(kinds(text, 'Asia/Tokyo')).toEqual([['2027-03-01', '2027-03-03', 'reservation']]);
  });

  it('gives an event without DTEND, or ending the day it starts, one night', () => {
    const text = calendar(
      event('UID:c', 'DTSTART;VALUE=DATE:20271231'),
      event('UID:d', 'DTSTART:20270110T150000', 'DTEND:20270110T180000'),
    );
    expect(kinds(text)).toEqual([
      ['2027-12-31', '2028-01-01', 'reservation'],
      ['2027-01-10', '2027-01-11', 'reservation'],
    ]);
  });
});

describe('parseIcal on junk', () => {
  it('skips and counts events with bad dates, no UID or an end before the start, and keeps the rest', () => {
    const text = calendar(
      event('UID:bad-month', 'DTSTART;VALUE=DATE:20271301', 'DTEND;VALUE=DATE:20271303'),
      event('UID:bad-feb', 'DTSTART;VALUE=DATE:20270230', 'DTEND;VALUE=DATE:20270302'),
      event('UID:words', 'DTSTART:tomorrow'),
      event('DTSTART;VALUE=DATE:20270101', 'DTEND;VALUE=DATE:20270102'),
      event('UID:backwards', 'DTSTART;VALUE=DATE:20270105', 'DTEND;VALUE=DATE:20270101'),
      event('UID:good', 'DTSTART;VALUE=DATE:20270110', 'DTEND;VALUE=DATE:20270112', 'SUMMARY:Reserved'),
    );
    const feed = parseIcal(text, 'UTC');
    expect(feed.skipped).toBe(5);
    expect(feed.events.map((e) => e.uid)).toEqual(['good']);
  });

  it('refuses what is not a calendar', () => {
    expect(() => parseIcal('<!doctype html><html><body>Sign in</body></html>', 'UTC')).toThrow(NotIcalError);
    expect(() => parseIcal('', 'UTC')).toThrow(NotIcalError);
    expect(() => parseIcal('{"events": []}', 'UTC')).toThrow(NotIcalError);
  });

  it('reads at most ICAL_LIMITS.maxEvents events and says it stopped', () => {
    const many = Array.from({ length: ICAL_LIMITS.maxEvents + 3 }, (_, i) =>
      event(`UID:e${i}`, 'DTSTART;VALUE=DATE:20270110', 'DTEND;VALUE=DATE:20270112'),
    );
    const feed = parseIcal(calendar(...many), 'UTC');
    expect(feed.events).toHaveLength(ICAL_LIMITS.maxEvents);
    expect(feed.truncated).toBe(true);
  });

  it('skips over-long lines and ignores lines of an alarm inside the event', () => {
    const text = calendar(
      event(
        'UID:x',
        'DTSTART;VALUE=DATE:20270110',
        'DTEND;VALUE=DATE:20270112',
        `DESCRIPTION:${'a'.repeat(ICAL_LIMITS.maxLineChars + 1)}`,
        'BEGIN:VALARM',
        'SUMMARY:Alarm (Not available)',
        'END:VALARM',
        'SUMMARY:Reserved',
      ),
    );
    const [only] = parseIcal(text, 'UTC').events;
    expect(only).toMatchObject({ description: '', summary: 'Reserved', kind: 'reservation' });
  });

  it('keeps the summary and description short', () => {
    const text = calendar(event('UID:y', 'DTSTART;VALUE=DATE:20270110', `SUMMARY:${'b'.repeat(2000)}`));
    expect(parseIcal(text, 'UTC').events[0]?.summary).toHaveLength(ICAL_LIMITS.maxTextChars);
  });
});

describe('lines and text', () => {
  it('unfolds lines continued by a space or a tab, across CRLF, LF and CR', () => {
    expect(unfoldLines('A:one\r\n two\n\tthree\rB:x')).toEqual(['A:onetwothree', 'B:x']);
  });

  it('unescapes commas, semicolons, backslashes and newlines', () => {
    expect(unescapeText('a\\, b\\; c\\\\d\\ne\\Nf')).toBe('a, b; c\\d\ne\nf');
  });
});
