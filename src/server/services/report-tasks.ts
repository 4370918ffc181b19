import {
  CAPTURE_SOURCE_LABELS,
  cameraTimeLabel,
  formatDistance,
  isCaptureFarFromReceipt,
  isFarFromAddress,
  locationLabel,
} from '#domain/photo-evidence';
import type { ReportImage, ReportTask } from './report-data.ts';
import { COLOR, type Doc, type Room, reportTime, sectionTitle } from './report-style.ts';

/**
 * The completion report's table of tasks: one row per task, its number, description, details,
 * whether and when it was done and by whom, its photo's identifier, SHA-256s (of the original and of
 * the copy ListSync serves) and camera time, and the photo itself at the right, scaled into a box.
 */

const PHOTO_BOX = { width: 132, height: 99 };
const NUMBER_WIDTH = 22;

/** Where a row's parts go: the table's left edge and width, and the text column. */
interface RowFrame {
  left: number;
  width: number;
  textX: number;
  textWidth: number;
}

/** What a row says under the task's description: done or not, and the proof its photo gives. */
interface TaskLines {
  status: string;
  evidence: string;
}

export function tasksTable(
  doc: Doc,
  tasks: ReportTask[],
  images: Map<string, ReportImage>,
  left: number,
  width: number,
  room: Room,
) {
  sectionTitle(doc, 'Tasks', left, width, room);
  const frame: RowFrame = {
    left,
    width,
    textX: left + NUMBER_WIDTH,
    textWidth: width - NUMBER_WIDTH - PHOTO_BOX.width - 12,
  };
  tasks.forEach((task, index) => {
    const image = images.get(task.id);
    const lines = taskLines(task);
    const rowHeight = rowHeightOf(doc, task, lines, image, frame.textWidth);
    room(rowHeight);
    const top = doc.y;
    if (index % 2 === 0) doc.rect(left - 6, top, width + 12, rowHeight).fill('#fafafa');
    taskText(doc, task, lines, index, frame, top);
    taskPhoto(doc, task, image, frame, top);
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

function taskLines(task: ReportTask): TaskLines {
  const status = task.completed
    ? `✓ Done ${reportTime(task.completedAt)}${task.tickedBy ? ` · by ${task.tickedBy}` : ''}`
    : '○ Not done';
  const evidence = task.photo
    ? [`Photo ID ${task.photo.id}`, photoEvidenceText(task.photo), ...photoHashes(task.photo)].join('\n')
    : task.photoRequired
      ? 'Photo required · none attached'
      : '';
  return { status, evidence };
}

/**
 * The SHA-256 of the original as received and of the copy ListSync serves (GET /api/photos/{id}), each
 * checkable at /verify (decision 0060). Each label has its own line, its hash the next: a hash is
 * never broken across lines, so it can be copied whole.
 */
function photoHashes(photo: NonNullable<ReportTask['photo']>): string[] {
  return [
    'Original SHA-256 (the file as received):',
    photo.sha256,
    ...(photo.displaySha256
      ? ['ListSync copy SHA-256 (as downloaded from ListSync):', photo.displaySha256]
      : []),
  ];
}

/**
 * The photo's evidence (issue 34): the camera's time with its offset and the receipt, flagged when
 * more than 24 hours apart; how it was taken; and where, only when the person allowed it, flagged
 * when far from the address.
 */
function photoEvidenceText(photo: NonNullable<ReportTask['photo']>): string {
  const parts = [photo.capturedAt ? `Taken ${cameraTimeLabel(photo.capturedAt)}` : 'No camera time'];
  parts.push(`received ${reportTime(photo.receivedAt)}`);
  if (isCaptureFarFromReceipt(photo.capturedAt, photo.receivedAt))
    parts.push('TAKEN MORE THAN 24 H BEFORE RECEIPT');
  if (photo.captureSource) parts.push(CAPTURE_SOURCE_LABELS[photo.captureSource].toLowerCase());
  const { location } = photo;
  if (location) {
    const where = `${locationLabel(location).toLowerCase()} (±${formatDistance(location.accuracyM)})`;
    const far = location.distanceM !== null && isFarFromAddress(location.distanceM, location.accuracyM);
    parts.push(far ? `${where} · FAR FROM THE ADDRESS` : where);
  }
  return parts.join(' · ');
}

/** The row's height: its text column or its photo, whichever is taller, with padding. */
function rowHeightOf(
  doc: Doc,
  task: ReportTask,
  { status, evidence }: TaskLines,
  image: ReportImage | undefined,
  textWidth: number,
): number {
  doc.font('bold').fontSize(10.5);
  const titleHeight = doc.heightOfString(task.description, { width: textWidth });
  doc.font('regular').fontSize(9);
  const detailsHeight = task.details ? doc.heightOfString(task.details, { width: textWidth }) + 3 : 0;
  const statusHeight = doc.heightOfString(status, { width: textWidth }) + 4;
  doc.font('mono').fontSize(7);
  const evidenceHeight = evidence ? doc.heightOfString(evidence, { width: textWidth }) + 4 : 0;
  const textHeight = titleHeight + detailsHeight + statusHeight + evidenceHeight;
  const photoHeight = image ? fitted(image).height : 0;
  return Math.max(textHeight, photoHeight) + 16;
}

/** The number and the text column: description, details, status, evidence. */
function taskText(
  doc: Doc,
  task: ReportTask,
  { status, evidence }: TaskLines,
  index: number,
  { left, textX, textWidth }: RowFrame,
  top: number,
) {
  doc
    .font('bold')
    .fontSize(10.5)
    .fillColor(COLOR.muted)
    .text(`${index + 1}.`, left, top + 8, { width: NUMBER_WIDTH - 4 });
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
}

/** The photo at the row's right, framed; a note instead when its file could not be read. */
function taskPhoto(
  doc: Doc,
  task: ReportTask,
  image: ReportImage | undefined,
  { left, width }: RowFrame,
  top: number,
) {
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
}

function fitted(image: ReportImage) {
  const scale = Math.min(PHOTO_BOX.width / image.width, PHOTO_BOX.height / image.height, 1);
  return { width: image.width * scale, height: image.height * scale };
}
