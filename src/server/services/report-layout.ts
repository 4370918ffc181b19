import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { ActivityEntry } from '#domain/activity';
import type { Checklist } from '#domain/checklist';

/**
 * The completion report's pages (pdfkit; docs/decisions/0023): A4, a header, the checklist's status
 * and progress, the remarks, a table of tasks with their photos, the activity trail, the verification
 * section, and on every page a footer with the page number and the report's hash.
 */

export interface ReportTask {
  id: string;
  description: string;
  details: string;
  photoRequired: boolean;
  completed: boolean;
  completedAt: string | null;
  /** Who ticked it last, as the trail names them; null when not ticked (or ticked before the trail). */
  tickedBy: string | null;
  photo: { sha256: string; capturedAt: string | null; receivedAt: string } | null;
}

/** What the report says, as the JSON attached to it and hashed (keys in this order). */
export interface ReportData {
  format: 'listsync-report/1';
  generatedAt: string;
  checklist: {
    id: string;
    name: string;
    owner: string;
    status: Checklist['status'];
    progress: number;
    completedTasks: number;
    totalTasks: number;
    createdAt: string;
    submittedAt: string | null;
    remarks: string;
  };
  tasks: ReportTask[];
  activity: (ActivityEntry & { text: string })[];
  /** The trail had more than REPORT_TRAIL_MAX entries: the oldest are left out. */
  activityTruncated: boolean;
}

export interface ReportImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * DejaVu Sans covers the scripts of names and tasks that the PDF's standard fonts (Latin-1 only)
 * cannot; it ships with Debian (fonts-dejavu-core, in the image). Without it, Helvetica.
 */
const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const FONTS = existsSync(`${FONT_DIR}/DejaVuSans.ttf`)
  ? {
      regular: `${FONT_DIR}/DejaVuSans.ttf`,
      bold: `${FONT_DIR}/DejaVuSans-Bold.ttf`,
      mono: `${FONT_DIR}/DejaVuSansMono.ttf`,
    }
  : { regular: 'Helvetica', bold: 'Helvetica-Bold', mono: 'Courier' };

const COLOR = {
  ink: '#111827',
  muted: '#6b7280',
  line: '#e5e7eb',
  band: '#f3f4f6',
  brand: '#4f46e5',
  done: '#047857',
  open: '#b45309',
};

const PAGE = { margin: 48, footer: 28 };
const PHOTO_BOX = { width: 132, height: 99 };
const STATUS_LABEL: Record<ReportData['checklist']['status'], string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  completed: 'Completed',
};

/** '2026-11-26 07:31 UTC': the server does not know the reader's zone, so it says which it uses. */
export function reportTime(iso: string | null): string {
  if (!iso) return '—';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The camera's own time as it wrote it ('2026:11:26 07:02:11' or ISO-like), without a zone. */
function cameraTime(text: string): string {
  return text.replace(/^(\d{4}):(\d{2}):(\d{2})/, '$1-$2-$3').replace('T', ' ');
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
  trail(doc, data, left, width, ensureRoom);
  verification(doc, data, sha256, left, width, ensureRoom);
  footers(doc, data, sha256, left, width);

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

type Doc = PDFKit.PDFDocument;
type Room = (height: number) => void;

function header(doc: Doc, data: ReportData, left: number, width: number) {
  doc.rect(0, 0, doc.page.width, 6).fill(COLOR.brand);
  doc.font('bold').fontSize(9).fillColor(COLOR.brand).text('LISTSYNC', left, 30, { characterSpacing: 1.5 });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(`Completion report · made ${reportTime(data.generatedAt)}`, left, 30, { width, align: 'right' });
  doc.moveDown(1.4);
  doc.font('bold').fontSize(22).fillColor(COLOR.ink).text(data.checklist.name, left, doc.y, { width });
  doc.moveDown(0.2);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(COLOR.muted)
    .text(`Owner: ${data.checklist.owner}   ·   Created ${reportTime(data.checklist.createdAt)}`, { width });
  doc.moveDown(0.8);
}

function summary(doc: Doc, data: ReportData, left: number, width: number) {
  const c = data.checklist;
  const top = doc.y;
  const height = 64;
  doc.roundedRect(left, top, width, height, 6).fill(COLOR.band);
  const cell = width / 3;
  const stat = (index: number, label: string, value: string, color = COLOR.ink, note = '') => {
    const x = left + 16 + cell * index;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(COLOR.muted)
      .text(label.toUpperCase(), x, top + 12, {
        width: cell - 24,
        characterSpacing: 0.6,
      });
    doc
      .font('bold')
      .fontSize(14)
      .fillColor(color)
      .text(value, x, top + 26, { width: cell - 24, lineBreak: false });
    if (note) {
      const after = x + doc.widthOfString(value) + 6;
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(COLOR.muted)
        .text(note, after, top + 30.5, { lineBreak: false });
    }
  };
  stat(0, 'Status', STATUS_LABEL[c.status], c.status === 'completed' ? COLOR.done : COLOR.open);
  stat(1, 'Progress', `${c.progress}%`, COLOR.ink, `${c.completedTasks} of ${c.totalTasks} tasks`);
  stat(2, 'Submitted', c.submittedAt ? reportTime(c.submittedAt) : 'Not yet');
  // Progress bar along the bottom of the band.
  const barY = top + height - 12;
  doc.roundedRect(left + 16, barY, width - 32, 4, 2).fill(COLOR.line);
  if (c.progress > 0) {
    doc.roundedRect(left + 16, barY, ((width - 32) * c.progress) / 100, 4, 2).fill(COLOR.done);
  }
  doc.y = top + height + 18;
}

function sectionTitle(doc: Doc, title: string, left: number, width: number, room: Room) {
  room(60);
  doc.font('bold').fontSize(13).fillColor(COLOR.ink).text(title, left, doc.y, { width });
  doc.moveDown(0.3);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.7)
    .strokeColor(COLOR.line)
    .stroke();
  doc.moveDown(0.5);
}

function remarks(doc: Doc, text: string, left: number, width: number, room: Room) {
  sectionTitle(doc, 'Remarks', left, width, room);
  doc.font('regular').fontSize(10).fillColor(COLOR.ink);
  room(doc.heightOfString(text, { width }) + 10);
  doc.text(text, left, doc.y, { width });
  doc.moveDown(1.2);
}

function tasksTable(
  doc: Doc,
  tasks: ReportTask[],
  images: Map<string, ReportImage>,
  left: number,
  width: number,
  room: Room,
) {
  sectionTitle(doc, 'Tasks', left, width, room);
  const numberWidth = 22;
  const textX = left + numberWidth;
  const textWidth = width - numberWidth - PHOTO_BOX.width - 12;
  tasks.forEach((task, index) => {
    const image = images.get(task.id);
    const status = task.completed
      ? `✓ Done ${reportTime(task.completedAt)}${task.tickedBy ? ` · by ${task.tickedBy}` : ''}`
      : '○ Not done';
    const evidence = task.photo
      ? `Photo SHA-256 ${task.photo.sha256}${task.photo.capturedAt ? ` · taken ${cameraTime(task.photo.capturedAt)} (camera time)` : ''}`
      : task.photoRequired
        ? 'Photo required · none attached'
        : '';
    doc.font('bold').fontSize(10.5);
    const titleHeight = doc.heightOfString(task.description, { width: textWidth });
    doc.font('regular').fontSize(9);
    const detailsHeight = task.details ? doc.heightOfString(task.details, { width: textWidth }) + 3 : 0;
    const statusHeight = doc.heightOfString(status, { width: textWidth }) + 4;
    doc.font('mono').fontSize(7);
    const evidenceHeight = evidence ? doc.heightOfString(evidence, { width: textWidth }) + 4 : 0;
    const textHeight = titleHeight + detailsHeight + statusHeight + evidenceHeight;
    const photoHeight = image ? fitted(image).height : 0;
    const rowHeight = Math.max(textHeight, photoHeight) + 16;
    room(rowHeight);
    const top = doc.y;
    if (index % 2 === 0) doc.rect(left - 6, top, width + 12, rowHeight).fill('#fafafa');
    doc
      .font('bold')
      .fontSize(10.5)
      .fillColor(COLOR.muted)
      .text(`${index + 1}.`, left, top + 8, { width: numberWidth - 4 });
    doc.fillColor(COLOR.ink).text(task.description, textX, top + 8, { width: textWidth });
    if (task.details) {
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(COLOR.muted)
        .text(task.details, textX, doc.y + 2, {
          width: textWidth,
        });
    }
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(task.completed ? COLOR.done : COLOR.open)
      .text(status, textX, doc.y + 4, { width: textWidth });
    if (evidence) {
      doc
        .font('mono')
        .fontSize(7)
        .fillColor(COLOR.muted)
        .text(evidence, textX, doc.y + 4, { width: textWidth });
    }
    if (image) {
      const size = fitted(image);
      const x = left + width - PHOTO_BOX.width + (PHOTO_BOX.width - size.width) / 2;
      doc.image(image.bytes, x, top + 8, { width: size.width, height: size.height });
      doc
        .rect(x, top + 8, size.width, size.height)
        .lineWidth(0.5)
        .strokeColor(COLOR.line)
        .stroke();
    } else if (task.photo) {
      doc
        .font('regular')
        .fontSize(8)
        .fillColor(COLOR.muted)
        .text('Photo file unavailable', left + width - PHOTO_BOX.width, top + 8, { width: PHOTO_BOX.width });
    }
    doc
      .moveTo(left - 6, top + rowHeight)
      .lineTo(left + width + 6, top + rowHeight)
      .lineWidth(0.5)
      .strokeColor(COLOR.line)
      .stroke();
    doc.y = top + rowHeight;
    doc.x = left;
  });
  doc.moveDown(1.2);
}

function fitted(image: ReportImage) {
  const scale = Math.min(PHOTO_BOX.width / image.width, PHOTO_BOX.height / image.height, 1);
  return { width: image.width * scale, height: image.height * scale };
}

function trail(doc: Doc, data: ReportData, left: number, width: number, room: Room) {
  sectionTitle(doc, 'Activity', left, width, room);
  const columns = { when: 100, who: 140 };
  const whatX = left + columns.when + columns.who;
  const whatWidth = width - columns.when - columns.who;
  if (data.activity.length === 0) {
    doc.font('regular').fontSize(9).fillColor(COLOR.muted).text('Nothing recorded yet.', left, doc.y);
  }
  doc.font('bold').fontSize(8).fillColor(COLOR.muted);
  const headY = doc.y;
  if (data.activity.length > 0) {
    doc.text('WHEN (UTC)', left, headY, { width: columns.when });
    doc.text('WHO', left + columns.when, headY, { width: columns.who });
    doc.text('WHAT', whatX, headY, { width: whatWidth });
    doc.y = headY + 14;
  }
  for (const entry of data.activity) {
    const who = `${entry.actor.name}${entry.actor.kind === 'owner' ? ' (owner)' : ''}${
      entry.actor.maskedContact && entry.actor.maskedContact !== entry.actor.name
        ? `\n${entry.actor.maskedContact}`
        : ''
    }${entry.actor.verifiedBy ? ` · ${entry.actor.verifiedBy === 'sms' ? 'SMS' : 'e-mail'}` : ''}`;
    const taken = entry.photoCapturedAt ? `Taken ${cameraTime(entry.photoCapturedAt)} (camera time)` : '';
    doc.font('regular').fontSize(8.5);
    const textHeight =
      doc.heightOfString(entry.text, { width: whatWidth }) +
      (taken ? doc.heightOfString(taken, { width: whatWidth }) : 0);
    doc.font('mono').fontSize(6.5);
    const hashHeight = entry.photoSha256
      ? doc.heightOfString(entry.photoSha256, { width: whatWidth }) + 2
      : 0;
    doc.font('regular').fontSize(8.5);
    const height = Math.max(doc.heightOfString(who, { width: columns.who - 8 }), textHeight + hashHeight) + 8;
    room(height);
    const top = doc.y;
    doc.fillColor(COLOR.muted).text(`${entry.at.slice(0, 10)} ${entry.at.slice(11, 19)}`, left, top, {
      width: columns.when,
    });
    doc.fillColor(COLOR.ink).text(who, left + columns.when, top, { width: columns.who - 8 });
    doc.text(entry.text, whatX, top, { width: whatWidth });
    if (entry.photoSha256) {
      doc
        .font('mono')
        .fontSize(6.5)
        .fillColor(COLOR.muted)
        .text(entry.photoSha256, whatX, doc.y + 2, { width: whatWidth });
    }
    if (taken)
      doc
        .font('regular')
        .fontSize(8.5)
        .fillColor(COLOR.muted)
        .text(taken, whatX, doc.y, { width: whatWidth });
    doc.y = top + height;
    doc
      .moveTo(left, doc.y - 4)
      .lineTo(left + width, doc.y - 4)
      .lineWidth(0.4)
      .strokeColor(COLOR.line)
      .stroke();
  }
  if (data.activityTruncated) {
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(COLOR.muted)
      .text('Older entries are left out of this report; the checklist page lists them all.', left, doc.y + 4);
  }
  doc.x = left;
  doc.moveDown(1.2);
}

function verification(doc: Doc, data: ReportData, sha256: string, left: number, width: number, room: Room) {
  const text =
    'The SHA-256 above is of this report’s data, attached to this PDF as the file report-data.json ' +
    '(its exact bytes). To check it: detach the file (for example `pdfdetach -saveall report.pdf`), then ' +
    '`sha256sum report-data.json`; the two must be equal. Each photo’s SHA-256 in it is of the original ' +
    'file as ListSync received it, and can be compared with the original.';
  doc.font('regular').fontSize(8.5);
  const height = 56 + doc.heightOfString(text, { width: width - 24 });
  room(height + 10);
  const top = doc.y;
  doc.roundedRect(left, top, width, height, 6).lineWidth(0.8).strokeColor(COLOR.brand).stroke();
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(COLOR.ink)
    .text('Verification', left + 12, top + 10, { width: width - 24 });
  doc
    .font('mono')
    .fontSize(8)
    .fillColor(COLOR.ink)
    .text(`Report SHA-256: ${sha256}`, left + 12, doc.y + 3, { width: width - 24 })
    .text(`Made ${reportTime(data.generatedAt)}`, { width: width - 24 });
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(COLOR.muted)
    .text(text, left + 12, doc.y + 4, { width: width - 24 });
  doc.y = top + height + 10;
}

function footers(doc: Doc, data: ReportData, sha256: string, left: number, width: number) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const y = doc.page.height - PAGE.margin - 6;
    // Writing below the bottom margin would add a page: lift it for the footer.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(left, y - 6)
      .lineTo(left + width, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLOR.line)
      .stroke();
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(COLOR.muted)
      .text(`${data.checklist.name} · report SHA-256 ${sha256.slice(0, 16)}…`, left, y, {
        width: width - 80,
        lineBreak: false,
        ellipsis: true,
      });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, left + width - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}
