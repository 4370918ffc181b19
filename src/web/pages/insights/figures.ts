/** How the insights page writes its figures: minutes as '1 h 20 min', a rate as '67%', a date as 'Mar 5'. */

export function minutesText(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 1) return `${Math.round(minutes * 60)} s`;
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  const rest = whole - hours * 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export function rateText(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM-DD date as 'Mar 5' (short) or 'Mar 5, 2026'; read as a calendar date, no zone shift. */
export function dateText(date: string, long = false): string {
  return (long ? LONG_DATE : SHORT_DATE).format(new Date(`${date}T00:00:00Z`));
}
