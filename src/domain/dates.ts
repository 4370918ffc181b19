/**
 * Calendar dates as the spec writes them, from the JavaScript runtime's own Date and Intl: the pages
 * that show a date carry no date library (date-fns' format and its English locale were 5.4 KiB gzipped
 * of the dashboard's first load). dates.test.ts holds both functions to what date-fns answered.
 */

/** 'Jun 8, 2024' (date-fns 'MMM d, yyyy'), in the viewer's time zone. */
export function shortDate(date: Date): string {
  // Made per call: a formatter keeps the time zone it was made in.
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** The viewer's calendar day of `date`, as a count of days (the length of a day does not matter). */
function calendarDay(date: Date): number {
  return new Date(0).setUTCFullYear(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000;
}

/**
 * How many calendar days in the viewer's time zone lie between two instants (date-fns
 * differenceInCalendarDays): 23:59 yesterday is 1 day before 00:01 today.
 */
export function calendarDaysBetween(later: Date, earlier: Date): number {
  return Math.round(calendarDay(later) - calendarDay(earlier));
}
