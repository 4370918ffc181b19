import { createHash } from 'node:crypto';
import exifReader from 'exif-reader';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '#domain/errors';
import { parseUtcOffset } from '#domain/photo-evidence';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '#domain/photos';

/**
 * A photo as proof: its content decides what it is (never its name or declared type), it is decoded
 * and written again (so nothing but pixels survives: no script, no location), turned upright by its
 * EXIF orientation, and kept at two sizes. The original's SHA-256 and its capture time stay as evidence.
 */

/** Longest side of the picture people look at, and of the list's thumbnail. */
export const DISPLAY_MAX_SIDE = 2048;
export const THUMB_MAX_SIDE = 320;

/**
 * The thumbnail's encoding: mozjpeg's quantisation table and trellis quantisation, without its
 * progressive scans and their search. Thumbnails are downloaded by every screen that shows the task,
 * so they stay small (decision 0034): within 1-6% of full mozjpeg's bytes on three photos, for 60-90%
 * of its CPU (a 640x480 upload: 10.9 -> 7.4 ms; `bench:load`'s server CPU per action counts it).
 */
const THUMB_JPEG = { quality: 75, quantisationTable: 3, trellisQuantisation: true } as const;
/** Decoded pixels at most: a 50-megapixel phone photo passes, a decompression bomb does not. */
export const MAX_INPUT_PIXELS = 50_000_000;

const ACCEPTED = new Map<string, 'jpeg' | 'png' | 'webp' | 'heic'>([
  ['image/jpeg', 'jpeg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['image/heic', 'heic'],
  ['image/heif', 'heic'],
  ['image/heic-sequence', 'heic'],
  ['image/heif-sequence', 'heic'],
]);

/**
 * Markup inside an image file makes a polyglot: harmless once re-encoded, but no camera writes it,
 * so such a file is refused outright. (The odds of these bytes occurring by chance in compressed
 * image data are far below one in a billion per file.)
 */
const MARKUP = ['script', 'html', 'svg', '!doctype', 'iframe', 'body', '?xml'];
const LONGEST_TAG = Math.max(...MARKUP.map((tag) => tag.length));
/** The bytes a tag may start with after '<', lowercased (ASCII `| 0x20` leaves '!' and '?' as they are). */
const TAG_STARTS = new Set(MARKUP.map((tag) => tag.charCodeAt(0)));

/**
 * Whether a tag of MARKUP opens anywhere, in any case. Only the bytes after each '<' are looked at
 * (found by Buffer.indexOf, native): about 0.4 ms for a 5 MB photo, where lowercasing a copy of the
 * whole file in JavaScript took 9 ms of the event loop.
 */
function containsMarkup(bytes: Buffer): boolean {
  for (let at = bytes.indexOf(0x3c); at !== -1; at = bytes.indexOf(0x3c, at + 1)) {
    if (!TAG_STARTS.has((bytes[at + 1] ?? 0) | 0x20)) continue;
    const after = bytes.toString('latin1', at + 1, at + 1 + LONGEST_TAG).toLowerCase();
    if (MARKUP.some((tag) => after.startsWith(tag))) return true;
  }
  return false;
}

export interface ProcessedPhoto {
  display: { bytes: Buffer; width: number; height: number };
  thumb: { bytes: Buffer; width: number; height: number };
  contentType: 'image/jpeg';
  /** What the file really was. */
  sourceFormat: 'jpeg' | 'png' | 'webp' | 'heic';
  originalBytes: number;
  originalSha256: string;
  /** When the camera says it was taken (EXIF DateTimeOriginal, camera-local time), or null. */
  capturedAt: string | null;
  /** SHA-256 of the display JPEG as stored: the copy people download from ListSync verifies by it. */
  displaySha256: string;
  /** The camera's UTC offset for that time (EXIF OffsetTimeOriginal, else OffsetTime: '+02:00'), or null. */
  capturedOffset: string | null;
}

function notAnImage(): AppError {
  return new AppError('unsupported_file_type', PHOTO_MESSAGES.invalidType);
}

export function photoTooLarge(): AppError {
  return new AppError('file_too_large', PHOTO_MESSAGES.tooLarge);
}

/** The camera's time of a photo: its wall clock and, when written, its UTC offset. */
export interface CaptureTime {
  capturedAt: string | null;
  capturedOffset: string | null;
}

const NO_CAPTURE_TIME: CaptureTime = { capturedAt: null, capturedOffset: null };

/**
 * EXIF DateTimeOriginal (else DateTime) as 'YYYY-MM-DDTHH:MM:SS', the camera's wall clock, with
 * OffsetTimeOriginal (else OffsetTime) when the camera wrote one: most phones since 2017 do.
 */
export function captureTimeOf(exif: Buffer | undefined): CaptureTime {
  if (!exif) return NO_CAPTURE_TIME;
  try {
    const tags = exifReader(exif);
    const taken = tags.Photo?.DateTimeOriginal ?? tags.Image?.DateTime;
    if (!(taken instanceof Date) || Number.isNaN(taken.getTime())) return NO_CAPTURE_TIME;
    const offset = tags.Photo?.OffsetTimeOriginal ?? tags.Photo?.OffsetTime;
    // exif-reader reads the camera's wall clock as if it were UTC: keep it as that wall-clock time.
    return { capturedAt: taken.toISOString().slice(0, 19), capturedOffset: parseUtcOffset(offset) };
  } catch {
    return NO_CAPTURE_TIME;
  }
}

async function decodeHeic(bytes: Buffer): Promise<Buffer> {
  // sharp's prebuilt libvips has no HEVC decoder; heic-convert (libheif in WebAssembly) has.
  const { default: convert } = await import('heic-convert');
  const jpeg = await convert({ buffer: bytes, format: 'JPEG', quality: 0.92 });
  return Buffer.from(jpeg);
}

/**
 * Refuses what is not a photo we take; otherwise the two sizes and the evidence. CPU on the calling
 * thread (sniffing, the markup scan, the SHA-256, a HEIC's decoding) and on libuv's (sharp): the
 * server runs it in its worker pool (services/heavy-work.ts), one photo per thread at a time.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  if (bytes.length > PHOTO_LIMITS.maxBytes) throw photoTooLarge();
  const detected = await fileTypeFromBuffer(bytes);
  const format = detected ? ACCEPTED.get(detected.mime) : undefined;
  if (!format || containsMarkup(bytes)) throw notAnImage();

  let source = bytes;
  let captured = NO_CAPTURE_TIME;
  try {
    if (format === 'heic') {
      // heic-convert keeps none of the metadata: the EXIF is read from the HEIF container first (sharp
      // reads a HEIF's items without the HEVC decoder it lacks).
      captured = captureTimeOf((await sharp(bytes).metadata()).exif);
      source = await decodeHeic(bytes);
    }
    // failOn 'error': a truncated or corrupt file fails to decode instead of yielding half a picture.
    const input = () => sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const metadata = await input().metadata();
    if (!metadata.width || !metadata.height || metadata.width * metadata.height > MAX_INPUT_PIXELS) {
      throw new AppError('unsupported_file_type', 'This image has too many pixels to process.');
    }
    // JPEG's APP1, PNG's eXIf chunk, WebP's EXIF chunk: sharp hands each over as the same block.
    if (format !== 'heic') captured = captureTimeOf(metadata.exif);
    // Two pipelines over the same bytes, not `clone()`: sharp's clone copies its input (structuredClone
    // of its options), 5 MB more memory and time per copy.
    const upright = () => input().rotate();
    const [display, thumb] = await Promise.all([
      upright()
        .resize({
          width: DISPLAY_MAX_SIDE,
          height: DISPLAY_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .jpeg({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      upright()
        .resize({ width: THUMB_MAX_SIDE, height: THUMB_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg(THUMB_JPEG)
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      display: { bytes: display.data, width: display.info.width, height: display.info.height },
      thumb: { bytes: thumb.data, width: thumb.info.width, height: thumb.info.height },
      contentType: 'image/jpeg',
      sourceFormat: format,
      originalBytes: bytes.length,
      originalSha256: createHash('sha256').update(bytes).digest('hex'),
      displaySha256: createHash('sha256').update(display.data).digest('hex'),
      ...captured,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Undecodable (truncated, corrupt, over the pixel limit): not an image we can take.
    throw notAnImage();
  }
}
