import exifReader from 'exif-reader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_WORK_MS } from '#tests/support/budgets';
import { uprightExifSegment, withExifSegment } from './jpeg-exif.ts';

/** A phone's JPEG: its EXIF says when it was taken and that it must be turned (orientation 6). */
function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .withExif({
      IFD0: { Make: 'TestCam', DateTime: '2025:06:01 10:20:30' },
      IFD2: { DateTimeOriginal: '2025:06:01 10:20:30' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** What a canvas gives: the picture already upright (48 x 64), and no metadata at all. */
function canvasJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 64, channels: 3, background: '#996633' } })
    .jpeg()
    .toBuffer();
}

describe('carrying EXIF into the shrunk JPEG', { timeout: IMAGE_WORK_MS }, () => {
  it('keeps the capture time and sets the orientation upright; the picture still decodes', async () => {
    const camera = await cameraJpeg();
    const before = Buffer.from(camera);
    const segment = uprightExifSegment(camera);
    expect(segment).not.toBeNull();
    expect(camera.equals(before)).toBe(true); // a copy was changed, not the original

    const result = Buffer.from(withExifSegment(await canvasJpeg(), segment as Uint8Array));
    const metadata = await sharp(result).metadata();
    expect([metadata.width, metadata.height]).toEqual([48, 64]);
    expect(metadata.orientation).toBe(1);
    const tags = exifReader(metadata.exif as Buffer);
    expect(tags.Photo?.DateTimeOriginal?.toISOString()).toBe('2025-06-01T10:20:30.000Z');
    expect(tags.Image?.Make).toBe('TestCam');
    // Still a whole picture: sharp decodes every pixel of it.
    expect((await sharp(result).raw().toBuffer()).length).toBe(48 * 64 * 3);
  });

  it('puts the segment after the JFIF header (as a canvas writes one), else right after the start', async () => {
    const segment = uprightExifSegment(await cameraJpeg()) as Uint8Array;
    const bare = await canvasJpeg();
    expect([...withExifSegment(bare, segment).subarray(0, 4)]).toEqual([0xff, 0xd8, 0xff, 0xe1]);

    const jfif = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const canvas = Buffer.concat([bare.subarray(0, 2), Buffer.from(jfif), bare.subarray(2)]);
    const result = withExifSegment(canvas, segment);
    expect([...result.subarray(2, 4)]).toEqual([0xff, 0xe0]);
    expect([...result.subarray(2 + jfif.length, 4 + jfif.length)]).toEqual([0xff, 0xe1]);
    expect(result.length).toBe(canvas.length + segment.length);
    expect((await sharp(Buffer.from(result)).metadata()).orientation).toBe(1);
  });

  it('finds nothing in a JPEG without EXIF, nor in what is not a JPEG', async () => {
    expect(uprightExifSegment(await canvasJpeg())).toBeNull();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(uprightExifSegment(png)).toBeNull();
    expect(withExifSegment(png, new Uint8Array([0xff, 0xe1, 0, 2]))).toBe(png);
  });

  it('reads big-endian (Motorola) EXIF too', () => {
    // SOI, then APP1: "Exif\0\0", TIFF "MM" 42, IFD0 at 8 with one entry: Orientation (SHORT) = 8.
    const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0, 0, 0, 0, 0];
    const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    const length = payload.length + 2;
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 0xff, ...payload, 0xff, 0xda]);
    const segment = uprightExifSegment(jpeg) as Uint8Array;
    const orientation = 4 + 6 + 8 + 2 + 8; // marker+length, Exif header, TIFF header, count, entry's value
    expect([segment[orientation], segment[orientation + 1]]).toEqual([0, 1]);
  });
});
