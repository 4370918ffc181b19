import type { ReportData } from './report-data.ts';
import { COLOR, type Doc, PAGE, type Room, reportTime, sectionTitle } from './report-style.ts';

/**
 * The completion report's frame and short sections: the header and the summary band on the first
 * page, the remarks, the verification box at the end, and every page's footer.
 */

const STATUS_LABEL: Record<ReportData['checklist']['status'], string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  completed: 'Completed',
};

export function header(doc: Doc, data: ReportData, left: number, width: number) {
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

export function summary(doc: Doc, data: ReportData, left: number, width: number) {
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
  // The day in large type, the time beside it small: the whole '2026-11-29 22:32 UTC' in 14 pt is
  // wider than a third of the band and would wrap onto the progress bar.
  const [submittedDay, ...submittedTime] = c.submittedAt ? reportTime(c.submittedAt).split(' ') : ['Not yet'];
  stat(2, 'Submitted', submittedDay ?? 'Not yet', COLOR.ink, submittedTime.join(' '));
  // Progress bar along the bottom of the band.
  const barY = top + height - 12;
  doc.roundedRect(left + 16, barY, width - 32, 4, 2).fill(COLOR.line);
  if (c.progress > 0) {
    doc.roundedRect(left + 16, barY, ((width - 32) * c.progress) / 100, 4, 2).fill(COLOR.done);
  }
  doc.y = top + height + 18;
  approval(doc, data, left, width);
}

/** Under the summary: the team's approval of the submission, when there is one (issue 34). */
function approval(doc: Doc, data: ReportData, left: number, width: number) {
  const { approvedAt, approvedBy } = data.checklist;
  if (!approvedAt) return;
  const top = doc.y - 6;
  const height = 30;
  doc.roundedRect(left, top, width, height, 6).fill(COLOR.approvedBand);
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(COLOR.done)
    .text('APPROVED', left + 16, top + 10, { characterSpacing: 1, lineBreak: false });
  const by = approvedBy ? `by ${approvedBy}, ` : '';
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(COLOR.ink)
    .text(`${by}${reportTime(approvedAt)}`, left + 100, top + 10.5, { width: width - 116, lineBreak: false });
  doc.y = top + height + 18;
}

export function remarks(doc: Doc, text: string, left: number, width: number, room: Room) {
  sectionTitle(doc, 'Remarks', left, width, room);
  doc.font('regular').fontSize(10).fillColor(COLOR.ink);
  room(doc.heightOfString(text, { width }) + 10);
  doc.text(text, left, doc.y, { width });
  doc.moveDown(1.2);
}

export function verification(
  doc: Doc,
  data: ReportData,
  sha256: string,
  left: number,
  width: number,
  room: Room,
) {
  const text =
    'The SHA-256 above is of this report’s data, attached to this PDF as the file report-data.json ' +
    '(its exact bytes). To check it: detach the file (for example `pdfdetach -saveall report.pdf`), then ' +
    '`sha256sum report-data.json`; the two must be equal. Each photo is listed by its ID with two ' +
    'SHA-256s: "Original" is of the file as ListSync received it, "ListSync copy" of the photo as ' +
    'ListSync keeps and serves it (the one downloaded from the checklist).';
  const check = [
    'To check this PDF, its report-data.json or a photo, open ',
    data.verifyUrl,
    ' and drop the file there: it is hashed on your device (only the hash is sent) and the page says ' +
      'whether ListSync recorded it, and when. A file edited or saved again no longer matches.',
  ] as const;
  doc.font('regular').fontSize(8.5);
  const textHeight = doc.heightOfString(text, { width: width - 24 });
  doc.font('bold');
  const height = 60 + textHeight + doc.heightOfString(check.join(''), { width: width - 24 });
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
  // The address is a link; the sentence around it is not.
  doc
    .font('bold')
    .fillColor(COLOR.ink)
    .text(check[0], left + 12, doc.y + 4, { width: width - 24, continued: true })
    .fillColor(COLOR.brand)
    .text(check[1], { link: data.verifyUrl, underline: true, continued: true })
    .fillColor(COLOR.ink)
    .text(check[2], { link: null, underline: false });
  doc.y = top + height + 10;
}

export function footers(doc: Doc, data: ReportData, sha256: string, left: number, width: number) {
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
