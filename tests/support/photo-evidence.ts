import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { testPicture } from './photos.ts';

/**
 * Photos that carry a camera's capture time, made in the test: a JPEG with EXIF DateTimeOriginal and
 * OffsetTimeOriginal, a PNG with the same EXIF in its eXIf chunk, and an iPhone HEIC whose EXIF item
 * says when it was taken (libvips has no HEVC encoder, so the HEIC is the fixture's container with its
 * time rewritten in place).
 */

export interface CameraTime {
  /** EXIF's own form: '2026:11:20 09:15:00'. */
  dateTime: string;
  /** '+02:00', or none. */
  offset?: string;
}

function exifOf(time: CameraTime) {
  return {
    IFD0: { Make: 'TestCam', Model: 'Evidence' },
    IFD2: {
      DateTimeOriginal: time.dateTime,
      ...(time.offset ? { OffsetTimeOriginal: time.offset } : {}),
    },
  };
}

export async function jpegTakenAt(time: CameraTime): Promise<Buffer> {
  return testPicture(640, 480).jpeg({ quality: 80 }).withExif(exifOf(time)).toBuffer();
}

/** A PNG with an eXIf chunk (libvips writes one from the same EXIF block). */
export async function pngTakenAt(time: CameraTime): Promise<Buffer> {
  const png = await testPicture(320, 240).withExif(exifOf(time)).png().toBuffer();
  if (png.indexOf('eXIf') < 0) throw new Error('the PNG has no eXIf chunk');
  return png;
}

/** The fixture's capture time, in its HEIF 'Exif' item. */
const FIXTURE_HEIC_TIME = '2026:11:20 14:30:05';

/** An iPhone HEIC photo (640 x 480) taken at this time (no offset: the fixture's EXIF has none). */
export async function heicTakenAt(dateTime: string): Promise<Buffer> {
  if (dateTime.length !== FIXTURE_HEIC_TIME.length) throw new Error('an EXIF time is 19 characters');
  const heic = await readFile(path.resolve(import.meta.dirname, '../fixtures/photo.heic'));
  const at = heic.indexOf(FIXTURE_HEIC_TIME, 0, 'latin1');
  if (at < 0) throw new Error('the HEIC fixture has no capture time');
  heic.write(dateTime, at, 'latin1');
  return heic;
}
