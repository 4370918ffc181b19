import { existsSync } from 'node:fs';
import type { ReportData } from './report-data.ts';
import { COLOR, type Doc, type Room, reportTime, sectionTitle } from './report-style.ts';

/**
 * The completion report's 'Signature' section (issue 34, decision 0059): a drawn signature redrawn
 * from its strokes as vector paths, scaled into a box (not a picture of it: it stays sharp at any
 * zoom), or a typed name in a handwriting-like face marked 'typed'; then who signed and when.
 */

/** DejaVu Serif Italic when the machine has it (fonts-dejavu-extra); else the regular face. */
const ITALIC = '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf';

const BOX = { width: 260, height: 96, padding: 8 };

type Signature = NonNullable<ReportData['signature']>;

function drawStrokes(doc: Doc, drawing: NonNullable<Signature['drawing']>, left: number, top: number) {
  const innerWidth = BOX.width - BOX.padding * 2;
  const innerHeight = BOX.height - BOX.padding * 2;
  const scale = Math.min(innerWidth / drawing.width, innerHeight / drawing.height);
  // Centred in the box, as the signer saw it in the pad.
  const x0 = left + BOX.padding + (innerWidth - drawing.width * scale) / 2;
  const y0 = top + BOX.padding + (innerHeight - drawing.height * scale) / 2;
  doc.save().lineWidth(1.4).lineCap('round').lineJoin('round').strokeColor(COLOR.ink).fillColor(COLOR.ink);
  for (const stroke of drawing.strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    if (rest.length === 0) {
      doc.circle(x0 + first[0] * scale, y0 + first[1] * scale, 0.8).fill();
      continue;
    }
    doc.moveTo(x0 + first[0] * scale, y0 + first[1] * scale);
    for (const [x, y] of rest) doc.lineTo(x0 + x * scale, y0 + y * scale);
    doc.stroke();
  }
  doc.restore();
}

function drawTypedName(doc: Doc, name: string, left: number, top: number) {
  if (existsSync(ITALIC)) doc.registerFont('signature', ITALIC);
  doc
    .font(existsSync(ITALIC) ? 'signature' : 'regular')
    .fontSize(22)
    .fillColor(COLOR.ink)
    .text(name, left + BOX.padding, top + BOX.height / 2 - 16, {
      width: BOX.width - BOX.padding * 2,
      height: 32,
      ellipsis: true,
      lineBreak: false,
    });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(COLOR.muted)
    .text('typed', left + BOX.padding, top + BOX.height - 18, { width: BOX.width - BOX.padding * 2 });
}

export function signatureSection(doc: Doc, data: ReportData, left: number, width: number, room: Room) {
  const signature = data.signature;
  if (!signature) return;
  sectionTitle(doc, 'Signature', left, width, room);
  room(BOX.height + 40);
  const top = doc.y;
  doc.roundedRect(left, top, BOX.width, BOX.height, 4).lineWidth(0.7).strokeColor(COLOR.line).stroke();
  if (signature.drawing) drawStrokes(doc, signature.drawing, left, top);
  else drawTypedName(doc, signature.signerName, left, top);
  const how = signature.kind === 'drawn' ? 'Drawn by hand on the device' : 'Name typed instead of drawn';
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(COLOR.ink)
    .text(`Signed by ${signature.signerName}`, left, top + BOX.height + 6, { width })
    .fillColor(COLOR.muted)
    .text(`${reportTime(signature.signedAt)} · ${how}`, { width });
  doc.moveDown(1);
}
