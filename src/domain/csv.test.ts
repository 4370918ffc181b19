import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_EXPORT_COLUMNS,
  checklistExportFileName,
  checklistExportHeader,
  checklistExportRow,
} from './checklist-export.ts';
import { csvCell, csvRow, UTF8_BOM } from './csv.ts';

describe('csvCell', () => {
  it('writes plain text and numbers as they are, and nothing for no value', () => {
    expect(csvCell('Beach House')).toBe('Beach House');
    expect(csvCell('Café — 3 rooms')).toBe('Café — 3 rooms');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes a field with a comma, a quote, CR or LF, doubling its quotes (RFC 4180)', () => {
    expect(csvCell('Turnover, Beach House')).toBe('"Turnover, Beach House"');
    expect(csvCell('The "blue" room')).toBe('"The ""blue"" room"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\tTabbed', "'\tTabbed"],
    ['\rReturn', `"'\rReturn"`],
  ])('makes %j inert as a formula', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('leaves those characters alone after the first', () => {
    expect(csvCell('A = B')).toBe('A = B');
    expect(csvCell('Room 2-3 @ 10:00')).toBe('Room 2-3 @ 10:00');
    expect(csvCell(" 'quoted")).toBe(" 'quoted");
  });
});

describe('csvRow', () => {
  it('joins fields with commas and ends the record with CRLF', () => {
    expect(csvRow(['a', 'b,c', 3, null])).toBe('a,"b,c",3,\r\n');
  });
});

describe('the checklist export', () => {
  it('starts with the BOM and the header', () => {
    expect(checklistExportHeader()).toBe(`${UTF8_BOM}${CHECKLIST_EXPORT_COLUMNS.join(',')}\r\n`);
  });

  it('writes one record per checklist, recipients by "; " and photo hashes by spaces', () => {
    const row = checklistExportRow({
      name: '=cmd',
      status: 'in-progress',
      createdAt: '2026-11-29T10:00:00.000Z',
      dueAt: null,
      submittedAt: null,
      tasksDone: 1,
      tasksTotal: 3,
      assignee: 'Ann',
      createdBy: '@owner',
      recipients: ['Jane (j•••e@example.com)', '+1•••0100'],
      photoSha256s: ['aa', 'bb'],
    });
    expect(row).toBe(
      "'=cmd,in-progress,2026-11-29T10:00:00.000Z,,,1,3,Ann,'@owner,Jane (j•••e@example.com); +1•••0100,aa bb\r\n",
    );
  });

  it('names the file by the day of the export, in UTC', () => {
    expect(checklistExportFileName(new Date('2026-11-29T23:59:59Z'))).toBe(
      'listsync-checklists-2026-11-29.csv',
    );
  });
});
