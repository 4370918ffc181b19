/**
 * IANA time zones and wall-clock times in them, from the runtime's own Intl (no date library): the
 * dashboard's 'today', a due date typed in the owner's zone, a schedule's '08:00 Europe/Paris' and a
 * calendar's checkout time all go through here. A wall-clock time that a daylight-saving change skips
 * (02:30 on the spring-forward night) is read as the same time after the gap (03:30), and one that
 * happens twice (the autumn night) as its first occurrence, as RFC 5545 reads them.
 */

/**
 * An IANA zone name ('Europe/Paris', 'UTC'). Offsets such as '+05:30' are refused: databases read
 * them with the POSIX sign (the opposite of ISO), so the same text would mean two different zones.
 */
export function isValidTimeZone(timeZone: string): boolean {
  return zoneOf(timeZone) !== null;
}

/** The zone's canonical spelling ('europe/paris' -> 'Europe/Paris'). */
export function canonicalTimeZone(timeZone: string): string {
  const zone = zoneOf(timeZone);
  if (zone === null) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  return zone;
}

/**
 * What the runtime makes of a zone name: its canonical spelling, or null when it is not one. Kept per
 * name (the list is bounded), since every request that names a zone asks twice and making a
 * formatter costs tens of microseconds.
 */
const zones = new Map<string, string | null>();
const ZONES_KEPT = 1024;

function zoneOf(timeZone: string): string | null {
  const known = zones.get(timeZone);
  if (known !== undefined) return known;
  let zone: string | null = null;
  if (/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(timeZone)) {
    try {
      zone = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
    } catch {
      zone = null;
    }
  }
  if (zones.size >= ZONES_KEPT) zones.clear();
  zones.set(timeZone, zone);
  return zone;
}

/** A time of day as 'HH:MM', 00:00 to 23:59 (a schedule's time, a calendar's checkout and check-in). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A calendar date and a time of day on a wall clock, with no zone (months 1-12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What a clock in `timeZone` shows at `instant` (seconds dropped). */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

/** The wall clock read as if it were UTC, in ms (the arithmetic below works on these). */
function asUtcMs(clock: WallClock): number {
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
}

/** The zone's offset from UTC at `instant`, in ms (Paris in summer: +7,200,000). */
function offsetAt(instantMs: number, timeZone: string): number {
  const instant = new Date(Math.floor(instantMs / 60_000) * 60_000);
  return asUtcMs(wallClockAt(instant, timeZone)) - instant.getTime();
}

/**
 * The instant a clock in `timeZone` shows `clock`. Skipped by a spring-forward change: the instant the
 * same time after the gap names (02:30 -> 03:30). Shown twice by an autumn change: the first.
 */
export function instantOfWallClock(clock: WallClock, timeZone: string): Date {
  const local = asUtcMs(clock);
  // The offsets a day either side cover every change (none is closer than that to another).
  const before = offsetAt(local - 86_400_000, timeZone);
  const after = offsetAt(local + 86_400_000, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((instant) => asUtcMs(wallClockAt(new Date(instant), timeZone)) === local)
    .sort((a, b) => a - b);
  if (candidates[0] !== undefined) return new Date(candidates[0]);
  // In the gap: read with the offset from before it, which lands the same length past the change.
  return new Date(local - before);
}

/** 'YYYY-MM-DD' of a wall clock. */
export function isoDateOf(clock: Pick<WallClock, 'year' | 'month' | 'day'>): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** The calendar date in `timeZone` at `instant`, as 'YYYY-MM-DD'. */
export function localDateOf(instant: Date, timeZone: string): string {
  return isoDateOf(wallClockAt(instant, timeZone));
}

/** The date `days` after a calendar date (months and years roll over; no zone involved). */
export function addDays<T extends Pick<WallClock, 'year' | 'month' | 'day'>>(date: T, days: number): T {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { ...date, year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The day of the week of a calendar date: 0 Sunday … 6 Saturday. */
export function weekdayOf(date: Pick<WallClock, 'year' | 'month' | 'day'>): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** How many days a month has (month 1-12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
