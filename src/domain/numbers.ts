/**
 * 1,490 rather than 1490, as en-US writes whole numbers. Without Intl: its first use on a page loads
 * the locale's number data (tens of milliseconds on a slow phone, measured on /pricing), and these
 * strings are English whatever the page's language (prices, the spec's limits).
 */
export function groupThousands(value: number): string {
  if (!Number.isInteger(value)) throw new RangeError(`Not a whole number: ${value}`);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}
