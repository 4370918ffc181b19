import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import type { ReportPdf } from './heavy-work.ts';
import type { ReportData, ReportImage } from './report-data.ts';
import { footers, header, remarks, summary, verification } from './report-frame.ts';
import { signatureSection } from './report-signature.ts';
import { FONTS, PAGE } from './report-style.ts';
import { tasksTable } from './report-tasks.ts';
import { trail } from './report-trail.ts';

/**
 * The completion report's pages (pdfkit; docs/decisions/0023): A4, a header, the checklist's status
 * and progress, the remarks, a table of tasks with their photos, the signature, the activity trail, the verification
 * section, and on every page a footer with the page number and the report's hash.
 */

export type { ReportData, ReportImage, ReportTask } from './report-data.ts';

/**
 * The whole of a report's CPU work, from its data and its scaled photos: the data as the JSON
 * attached to the PDF, its SHA-256 (the verification line), the pages, and the PDF's own SHA-256. No I/O: the server runs it
 * in its worker pool (services/heavy-work.ts), where a checklist of 500 long tasks takes seconds.
 */
export async function reportPdf(input: {
  data: ReportData;
  images: Map<string, ReportImage>;
}): Promise<ReportPdf> {
  const json = Buffer.from(JSON.stringify(input.data, null, 2));
  const sha256 = createHash('sha256').update(json).digest('hex');
  const bytes = await layOutReport({ data: input.data, json, sha256, images: input.images });
  return { bytes, sha256, pdfSha256: createHash('sha256').update(bytes).digest('hex') };
}

export async function layOutReport(input: {
  data: ReportData;
  json: Buffer;
  sha256: string;
  images: Map<string, ReportImage>;
}): Promise<Buffer> {
  const { data, sha256, images } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.margin, bottom: PAGE.margin + PAGE.footer, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: {
      Title: `${data.checklist.name}: completion report`,
      Author: data.checklist.owner,
      Creator: 'ListSync',
      Subject: `Report data SHA-256 ${sha256}`,
    },
    lang: 'en',
    displayTitle: true,
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.registerFont('mono', FONTS.mono);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  // The data this report says, exactly the bytes its verification line hashes.
  doc.file(input.json, {
    name: 'report-data.json',
    type: 'application/json',
    description: `The report's data; its SHA-256 is ${sha256}`,
    creationDate: new Date(data.generatedAt),
  });

  const left = PAGE.margin;
  const width = doc.page.width - PAGE.margin * 2;
  const bottom = () => doc.page.height - PAGE.margin - PAGE.footer;
  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  header(doc, data, left, width);
  summary(doc, data, left, width);
  if (data.checklist.remarks) remarks(doc, data.checklist.remarks, left, width, ensureRoom);
  tasksTable(doc, data.tasks, images, left, width, ensureRoom);
  signatureSection(doc, data, left, width, ensureRoom);
  trail(doc, data, left, width, ensureRoom);
  verification(doc, data, sha256, left, width, ensureRoom);
  footers(doc, data, sha256, left, width);

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
