import type { ActivityEntry } from '#domain/activity';
import { CAPTURE_SOURCE_LABELS, cameraTimeLabel } from '#domain/photo-evidence';
import type { ReportData } from './report-data.ts';
import { COLOR, type Doc, type Room, reportTime, sectionTitle } from './report-style.ts';

/** A photo entry's evidence: the camera's time and offset, the receipt, how it was taken (issue 34). */
function photoLine(entry: ActivityEntry): string {
  const parts = [
    entry.photoCapturedAt ? `Taken ${cameraTimeLabel(entry.photoCapturedAt)}` : null,
    entry.photoReceivedAt ? `received ${reportTime(entry.photoReceivedAt)}` : null,
    entry.photoCaptureSource ? CAPTURE_SOURCE_LABELS[entry.photoCaptureSource].toLowerCase() : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return '';
  const line = parts.join(' · ');
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/**
 * The completion report's activity trail: one row per entry, when, who (and how they were verified)
 * and what, with a photo's SHA-256 and camera time under the entry that added it.
 */

export function trail(doc: Doc, data: ReportData, left: number, width: number, room: Room) {
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
    const taken = photoLine(entry);
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
