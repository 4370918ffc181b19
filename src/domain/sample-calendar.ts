import { addDays, isoDateOf, weekdayOf } from './time-zones.ts';

/**
 * Local mode's sample booking calendar (GET /api/dev/sample-calendar.ics), shaped as Airbnb exports
 * one, so a host can try booking calendars with nothing but the product. A fixed weekly pattern keyed
 * by real dates, so a stay keeps its UID from one day to the next: each week a stay from Monday to
 * Thursday and one from Friday to the next Monday (a same-day turnover), from last week to next week;
 * next week's Monday-to-Thursday is a 'Not available' block instead.
 */

type Day = { year: number; month: number; day: number };

function parseDate(date: string): Day {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const compact = (day: Day) => isoDateOf(day).replaceAll('-', '');

function vevent(uid: string, start: Day, end: Day, summary: string, description?: string): string[] {
  return [
    'BEGIN:VEVENT',
    `DTEND;VALUE=DATE:${compact(end)}`,
    `DTSTART;VALUE=DATE:${compact(start)}`,
    `UID:${uid}`,
    ...(description ? [`DESCRIPTION:${description}`] : []),
    `SUMMARY:${summary}`,
    'END:VEVENT',
  ];
}

/** The sample feed as of `today` (YYYY-MM-DD), CRLF line ends. */
export function sampleCalendarIcs(today: string): string {
  const now = parseDate(today);
  const monday = addDays(now, -((weekdayOf(now) + 6) % 7));
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//ListSync//Sample booking calendar//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    'X-WR-CALNAME:Sample listing',
  ];
  for (const week of [-1, 0, 1]) {
    const start = addDays(monday, week * 7);
    const thursday = addDays(start, 3);
    const friday = addDays(start, 4);
    const nextMonday = addDays(start, 7);
    if (week === 1) {
      lines.push(
        ...vevent(`sample-block-${compact(start)}@listsync.local`, start, thursday, 'Airbnb (Not available)'),
      );
    } else {
      lines.push(
        ...vevent(
          `sample-${compact(start)}@listsync.local`,
          start,
          thursday,
          'Reserved',
          'Sample reservation',
        ),
      );
    }
    lines.push(
      ...vevent(
        `sample-${compact(friday)}@listsync.local`,
        friday,
        nextMonday,
        'Reserved',
        'Sample reservation',
      ),
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}
