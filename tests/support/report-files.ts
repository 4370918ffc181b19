import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A completion report read as a person (or a checker) would: its text, and the data attached to it. */

/** The PDF's text as poppler reads it (poppler-utils), lines joined as a reader would see them. */
export function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
}

/** The report-data.json attached to the PDF (pdfdetach), as the verification text tells a reader. */
export function attachedData(bytes: Buffer): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'report-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, bytes);
  execFileSync('pdfdetach', ['-saveall', '-o', dir, file]);
  return readFileSync(path.join(dir, 'report-data.json'));
}
