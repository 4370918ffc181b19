/** A timestamp read through a sql field arrives as a Date or as PostgreSQL's text, by driver. */
export function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

export function toDateOrNull(value: unknown): Date | null {
  return value === null ? null : toDate(value);
}
