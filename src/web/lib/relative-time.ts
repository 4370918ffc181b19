const MINUTE = 60_000;
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * MINUTE],
  ['month', 30 * 24 * 60 * MINUTE],
  ['week', 7 * 24 * 60 * MINUTE],
  ['day', 24 * 60 * MINUTE],
  ['hour', 60 * MINUTE],
  ['minute', MINUTE],
];

let formatter: Intl.RelativeTimeFormat | undefined;

/**
 * '5 minutes ago', 'yesterday', '3 weeks ago' ('just now' under a minute), from the browser's own
 * Intl (no date library in the chunk). An unreadable date answers ''.
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const diff = time - now;
  if (Math.abs(diff) < MINUTE) return 'just now';
  formatter ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return formatter.format(Math.round(diff / size), unit);
  }
  return 'just now';
}
