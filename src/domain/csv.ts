/**
 * CSV as RFC 4180 writes it, made safe to open in a spreadsheet (docs/integrations.md "Export"):
 * fields separated by commas, records ended by CRLF, a field quoted when it holds a comma, a double
 * quote, CR or LF (its quotes doubled). A field a spreadsheet would read as a formula (it starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return: OWASP's "CSV injection" list, DESIGN.md pins it)
 * is prefixed with `'`, which Excel, LibreOffice and Google Sheets show as text.
 */

/** Starts a file so that Excel reads it as UTF-8 (without it, 'Café' opens as 'CafÃ©'). */
export const UTF8_BOM = '\uFEFF';

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Characters that need the field quoted. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One field as it is written: made inert as a formula, then quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  // Numbers the export writes itself (task counts) are never negative: no formula to defuse.
  const text = typeof value === 'number' ? String(value) : value;
  const inert = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** One record: its fields and the CRLF that ends it. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
