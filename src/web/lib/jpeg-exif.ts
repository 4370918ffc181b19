/**
 * A camera's EXIF block carried from its JPEG into the smaller JPEG the browser draws before upload:
 * a canvas writes no metadata, and the server keeps the capture time it finds there as evidence.
 * The picture is already drawn upright, so the copy's orientation is reset to 1 (else the server
 * would turn it a second time).
 */

const SOI = 0xd8;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"
const ORIENTATION_TAG = 0x0112;
const SHORT = 3;

function isJpeg(bytes: Uint8Array): boolean {
  return bytes[0] === 0xff && bytes[1] === SOI;
}

interface Segment {
  marker: number;
  /** Offset of its 0xFF. */
  start: number;
  /** Offset just past it. */
  end: number;
}

/** The header segments of a JPEG, up to the start of the picture data. */
function* headerSegments(bytes: Uint8Array): Generator<Segment> {
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] as number;
    if (marker === SOS) return;
    const length = ((bytes[offset + 2] as number) << 8) | (bytes[offset + 3] as number);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) return;
    yield { marker, start: offset, end };
    offset = end;
  }
}

function startsWithExifHeader(bytes: Uint8Array, at: number): boolean {
  return EXIF_HEADER.every((byte, index) => bytes[at + index] === byte);
}

/** Sets IFD0's Orientation to 1 (upright) inside an APP1 segment, when it has one. */
function resetOrientation(segment: Uint8Array): void {
  const tiff = 4 + EXIF_HEADER.length;
  const view = new DataView(segment.buffer, segment.byteOffset, segment.byteLength);
  if (tiff + 8 > segment.length) return;
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return;
  const little = order === 0x4949;
  const ifd0 = tiff + view.getUint32(tiff + 4, little);
  if (ifd0 + 2 > segment.length) return;
  const entries = view.getUint16(ifd0, little);
  for (let index = 0; index < entries; index += 1) {
    const entry = ifd0 + 2 + index * 12;
    if (entry + 12 > segment.length) return;
    if (view.getUint16(entry, little) === ORIENTATION_TAG && view.getUint16(entry + 2, little) === SHORT) {
      view.setUint16(entry + 8, 1, little);
      return;
    }
  }
}

/** A copy of the JPEG's EXIF segment (marker included) with the orientation set upright; null when it has none. */
export function uprightExifSegment(jpeg: Uint8Array): Uint8Array | null {
  if (!isJpeg(jpeg)) return null;
  for (const segment of headerSegments(jpeg)) {
    if (segment.marker === APP1 && startsWithExifHeader(jpeg, segment.start + 4)) {
      // A copy (a Node Buffer's slice would share the original's bytes).
      const copy = Uint8Array.from(jpeg.subarray(segment.start, segment.end));
      resetOrientation(copy);
      return copy;
    }
  }
  return null;
}

/** The JPEG with the segment placed after its JFIF header (or right after its start when it has none). */
export function withExifSegment(jpeg: Uint8Array, segment: Uint8Array): Uint8Array {
  if (!isJpeg(jpeg)) return jpeg;
  let at = 2;
  for (const header of headerSegments(jpeg)) {
    if (header.marker === APP0) at = header.end;
    break;
  }
  const result = new Uint8Array(jpeg.length + segment.length);
  result.set(jpeg.subarray(0, at), 0);
  result.set(segment, at);
  result.set(jpeg.subarray(at), at + segment.length);
  return result;
}
