import { existsSync } from 'node:fs';

/**
 * The completion report's look, shared by its sections: fonts, colours, the page's margins, how
 * times are written, and a section's title.
 */

export type Doc = PDFKit.PDFDocument;
/** Adds a page unless this much height is left above the footer. */
export type Room = (height: number) => void;

/**
 * DejaVu Sans covers the scripts of names and tasks that the PDF's standard fonts (Latin-1 only)
 * cannot; it ships with Debian (fonts-dejavu-core, in the image). Without it, Helvetica.
 */
const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
export const FONTS = existsSync(`${FONT_DIR}/DejaVuSans.ttf`)
  ? {
      regular: `${FONT_DIR}/DejaVuSans.ttf`,
      bold: `${FONT_DIR}/DejaVuSans-Bold.ttf`,
      mono: `${FONT_DIR}/DejaVuSansMono.ttf`,
    }
  : { regular: 'Helvetica', bold: 'Helvetica-Bold', mono: 'Courier' };

export const COLOR = {
  ink: '#111827',
  muted: '#6b7280',
  line: '#e5e7eb',
  band: '#f3f4f6',
  brand: '#4f46e5',
  done: '#047857',
  open: '#b45309',
  /** The band of an approved checklist (report-frame.ts). */
  approvedBand: '#d1fae5',
};

export const PAGE = { margin: 48, footer: 28 };

/** '2026-11-26 07:31 UTC': the server does not know the reader's zone, so it says which it uses. */
export function reportTime(iso: string | null): string {
  if (!iso) return '—';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** A section's title over a rule; on a new page unless it and a few lines fit on this one. */
export function sectionTitle(doc: Doc, title: string, left: number, width: number, room: Room) {
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
