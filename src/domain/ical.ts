import { addDays, instantOfWallClock, isoDateOf, isValidTimeZone, localDateOf } from './time-zones.ts';

/**
 * Reading a booking calendar's iCal export (RFC 5545) for turnovers (docs/automation.md "Booking
 * calendars"). Pure: text in, reservations out. Only what turnovers need is read: each VEVENT's UID,
 * the dates it covers, its SUMMARY, DESCRIPTION and STATUS. Junk never fails the whole feed: an event
 * with a date that does not read is skipped and counted; past ICAL_LIMITS the rest is ignored.
 *
 * The exports, as their hosts' help pages and the feeds people post show them:
 * - Airbnb: all-day events (`DTSTART;VALUE=DATE`), `SUMMARY:Reserved` for a booking (DESCRIPTION holds
 *   the reservation's address and the guest phone's last four digits), `SUMMARY:Airbnb (Not available)`
 *   for dates the host or a rule blocked.
 * - Vrbo: `SUMMARY:Reserved - {guest}` for a booking, `SUMMARY:Blocked` for a block.
 * - Booking.com: `SUMMARY:CLOSED - Not available` for every entry, bookings and blocks alike: the export
 *   does not tell them apart. Every entry of a Booking.com feed is read as a reservation (a turnover
 *   too many after a block beats a missed turnover after a stay; decision 0048).
 */

export const ICAL_LIMITS = {
  /** Events read from one feed; the rest are ignored (a listing has a few hundred at most). */
  maxEvents: 5_000,
  /** A longer unfolded line is skipped (nothing a turnover needs is that long). */
  maxLineChars: 10_000,
  /** Dropped from the summary and description kept. */
  maxTextChars: 500,
} as const;

export type IcalEntryKind = 'reservation' | 'block' | 'cancelled';

export interface IcalEvent {
  uid: string;
  /** The first night (YYYY-MM-DD): the check-in date. */
  startDate: string;
  /** The morning the guest leaves (YYYY-MM-DD): DTEND of an all-day event, exclusive. */
  endDate: string;
  summary: string;
  description: string;
  kind: IcalEntryKind;
}

export interface IcalFeed {
  events: IcalEvent[];
  /** Events skipped because a date, the UID or the range did not read. */
  skipped: number;
  /** Whether there were more than ICAL_LIMITS.maxEvents events. */
  truncated: boolean;
}

export class NotIcalError extends Error {
  override name = 'NotIcalError';
}

/** RFC 5545 3.1: CRLF or LF line ends; a line starting with a space or tab continues the one before. */
export function unfoldLines(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)) {
    if ((raw.startsWith(' ') || raw.startsWith('\t')) && lines.length > 0) {
      lines[lines.length - 1] += raw.slice(1);
    } else {
      lines.push(raw);
    }
  }
  return lines;
}

/** RFC 5545 3.3.11: \\n, \\N, \\, \\; and \\\\ in TEXT values. */
export function unescapeText(value: string): string {
  return value.replace(/\\([nN,;\\])/g, (_match, char: string) =>
    char === 'n' || char === 'N' ? '\n' : char,
  );
}

interface ContentLine {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** NAME;PARAM=value;PARAM="quoted:value":VALUE, or null for a line that does not read. */
export function parseContentLine(line: string): ContentLine | null {
  let index = 0;
  let inQuotes = false;
  for (; index < line.length; index += 1) {
    const char = line[index];
    if (char === '"') inQuotes = !inQuotes;
    else if (char === ':' && !inQuotes) break;
  }
  if (index >= line.length) return null;
  const [name = '', ...paramParts] = line.slice(0, index).split(';');
  const params: Record<string, string> = {};
  for (const part of paramParts) {
    const equals = part.indexOf('=');
    if (equals > 0)
      params[part.slice(0, equals).toUpperCase()] = part.slice(equals + 1).replace(/^"|"$/g, '');
  }
  if (!/^[A-Za-z0-9-]+$/.test(name)) return null;
  return { name: name.toUpperCase(), params, value: line.slice(index + 1) };
}

function validDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || year > 2200) return null;
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return isoDateOf({ year, month, day });
}

/**
 * The calendar date a DTSTART/DTEND names, in the calendar's zone: a DATE as written; a DATE-TIME in
 * UTC (…Z) or with a TZID read as that zone's wall clock, then its date in `zone`; a floating one as
 * written. Null when it does not read.
 */
export function readIcalDate(line: ContentLine, zone: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(line.value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, z] = match;
  const date = validDate(Number(y), Number(mo), Number(d));
  if (!date || h === undefined) return date;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return null;
  if (z === 'Z') {
    return localDateOf(new Date(`${date}T${h}:${mi}:${s === '60' ? '59' : s}Z`), zone);
  }
  const tzid = line.params.TZID;
  if (tzid && isValidTimeZone(tzid) && tzid !== zone) {
    // The wall clock in TZID, as an instant, then its date where the property is.
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return localDateOf(
      instantOfWallClock({ year, month, day, hour: Number(h), minute: Number(mi) }, tzid),
      zone,
    );
  }
  return date;
}

const BLOCK_SUMMARY = /not available|^blocked\b|unavailable/i;

/** Reservation, block or cancelled, from the event's STATUS and SUMMARY and the feed's maker. */
export function classifyEntry(
  event: { summary: string; status: string; uid: string },
  feed: { bookingCom: boolean },
): IcalEntryKind {
  if (event.status.toUpperCase() === 'CANCELLED') return 'cancelled';
  // Booking.com writes 'CLOSED - Not available' for bookings and blocks alike (see above).
  if (feed.bookingCom || /@booking\.com$/i.test(event.uid)) return 'reservation';
  return BLOCK_SUMMARY.test(event.summary.trim()) ? 'block' : 'reservation';
}

interface RawEvent {
  uid?: string;
  start?: ContentLine;
  end?: ContentLine;
  summary: string;
  description: string;
  status: string;
}

function newRawEvent(): RawEvent {
  return { summary: '', description: '', status: '' };
}

function take(event: RawEvent, line: ContentLine): void {
  const text = () => unescapeText(line.value).slice(0, ICAL_LIMITS.maxTextChars).trim();
  if (line.name === 'UID') event.uid = line.value.trim();
  else if (line.name === 'DTSTART') event.start = line;
  else if (line.name === 'DTEND') event.end = line;
  else if (line.name === 'SUMMARY') event.summary = text();
  else if (line.name === 'DESCRIPTION') event.description = text();
  else if (line.name === 'STATUS') event.status = line.value.trim();
}

/** One read event, or null when it cannot be one (no UID, bad dates, an end before its start). */
function finish(raw: RawEvent, zone: string, feed: { bookingCom: boolean }): IcalEvent | null {
  if (!raw.uid || raw.uid.length > 255 || !raw.start) return null;
  const startDate = readIcalDate(raw.start, zone);
  if (!startDate) return null;
  // No DTEND: an all-day event lasts one day (RFC 5545 3.6.1).
  const endDate = raw.end ? readIcalDate(raw.end, zone) : nextDay(startDate);
  if (!endDate || endDate < startDate) return null;
  return {
    uid: raw.uid,
    startDate,
    endDate: endDate === startDate ? nextDay(startDate) : endDate,
    summary: raw.summary,
    description: raw.description,
    kind: classifyEntry({ summary: raw.summary, status: raw.status, uid: raw.uid }, feed),
  };
}

function nextDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return isoDateOf(addDays({ year, month, day }, 1));
}

/**
 * Every VEVENT of the feed, in the order written. `zone` is the property's: a date-time is read as the
 * date it is there. Throws NotIcalError when the text is not a VCALENDAR at all.
 */
export function parseIcal(text: string, zone: string): IcalFeed {
  const lines = unfoldLines(text);
  const firstLine = lines.find((line) => line.trim() !== '');
  if (firstLine?.trim().toUpperCase() !== 'BEGIN:VCALENDAR') throw new NotIcalError('Not an iCal file');
  const bookingCom = lines.some((line) => /^PRODID:.*booking\.com/i.test(line));
  const feed: IcalFeed = { events: [], skipped: 0, truncated: false };
  let current: RawEvent | null = null;
  let depth = 0; // components nested inside the VEVENT (VALARM): their lines are not the event's
  for (const line of lines) {
    if (line.length > ICAL_LIMITS.maxLineChars) continue;
    const content = parseContentLine(line);
    if (!content) continue;
    const upperValue = content.value.trim().toUpperCase();
    if (content.name === 'BEGIN' && upperValue === 'VEVENT' && current === null) {
      if (feed.events.length + feed.skipped >= ICAL_LIMITS.maxEvents) {
        feed.truncated = true;
        break;
      }
      current = newRawEvent();
      depth = 0;
    } else if (current && content.name === 'BEGIN') {
      depth += 1;
    } else if (current && content.name === 'END' && depth > 0) {
      depth -= 1;
    } else if (current && content.name === 'END' && upperValue === 'VEVENT') {
      const event = finish(current, zone, { bookingCom });
      if (event) feed.events.push(event);
      else feed.skipped += 1;
      current = null;
    } else if (current && depth === 0) {
      take(current, content);
    }
  }
  return feed;
}
