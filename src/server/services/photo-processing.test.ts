import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '#domain/errors';
import { IMAGE_WORK_MS } from '#tests/support/budgets';
import { heicTakenAt, jpegTakenAt, pngTakenAt } from '#tests/support/photo-evidence';
import { DISPLAY_MAX_SIDE, processPhoto, THUMB_MAX_SIDE } from './photo-processing.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures');

/** A test picture: a coloured field with a block in its top-left corner (to see which way is up). */
function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).composite([
    {
      input: {
        create: {
          width: Math.round(width / 4),
          height: Math.round(height / 4),
          channels: 3,
          background: '#1478dc',
        },
      },
      left: 0,
      top: 0,
    },
  ]);
}

async function refusal(bytes: Buffer): Promise<AppError> {
  try {
    await processPhoto(bytes);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('processPhoto: what it takes', { timeout: IMAGE_WORK_MS }, () => {
  it('turns a camera JPEG upright by its EXIF orientation, shrinks it, keeps its capture time and hash', async () => {
    const original = await picture(3000, 2000)
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'TestCam' }, IFD2: { DateTimeOriginal: '2026:11:20 14:30:05' } })
      .toBuffer();
    const photo = await processPhoto(original);
    // Orientation 6 is a 90° turn: the 3000x2000 sensor image is a portrait picture.
    expect(photo.display).toMatchObject({ width: 1365, height: DISPLAY_MAX_SIDE });
    expect(Math.max(photo.thumb.width, photo.thumb.height)).toBe(THUMB_MAX_SIDE);
    expect(photo).toMatchObject({
      contentType: 'image/jpeg',
      sourceFormat: 'jpeg',
      originalBytes: original.length,
      originalSha256: createHash('sha256').update(original).digest('hex'),
      capturedAt: '2026-11-20T14:30:05',
    });
    // The stored display copy's own hash: a photo downloaded from ListSync verifies by it.
    expect(photo.displaySha256).toBe(createHash('sha256').update(photo.display.bytes).digest('hex'));
    const written = await sharp(photo.display.bytes).metadata();
    expect(written.format).toBe('jpeg');
    // Nothing of the original metadata is written back: no EXIF (so no location), no orientation flag.
    expect(written.exif).toBeUndefined();
    expect(written.orientation).toBeUndefined();
  });

  it('takes PNG and WebP by their content, whatever the name or type claimed', async () => {
    for (const [format, bytes] of [
      ['png', await picture(800, 600).png().toBuffer()],
      ['webp', await picture(800, 600).webp().toBuffer()],
    ] as const) {
      const photo = await processPhoto(bytes);
      expect(photo.sourceFormat).toBe(format);
      expect(photo.display).toMatchObject({ width: 800, height: 600 });
    }
  });

  it('takes an iPhone HEIC photo', async () => {
    const heic = await readFile(path.join(FIXTURES, 'photo.heic'));
    const photo = await processPhoto(heic);
    expect(photo.sourceFormat).toBe('heic');
    expect(photo.display).toMatchObject({ width: 640, height: 480 });
  });
});

describe('processPhoto: the camera time, read before re-encoding drops it', {
  timeout: IMAGE_WORK_MS,
}, () => {
  it('reads DateTimeOriginal and OffsetTimeOriginal from a JPEG', async () => {
    const photo = await processPhoto(
      await jpegTakenAt({ dateTime: '2026:11:20 09:15:00', offset: '+02:00' }),
    );
    expect(photo).toMatchObject({ capturedAt: '2026-11-20T09:15:00', capturedOffset: '+02:00' });
  });

  it('reads a PNG eXIf chunk, and nothing from a PNG without one', async () => {
    const withExif = await processPhoto(
      await pngTakenAt({ dateTime: '2025:01:02 03:04:05', offset: '-05:30' }),
    );
    expect(withExif).toMatchObject({ capturedAt: '2025-01-02T03:04:05', capturedOffset: '-05:30' });
    const plain = await processPhoto(await picture(64, 64).png().toBuffer());
    expect(plain).toMatchObject({ capturedAt: null, capturedOffset: null });
  });

  it('reads the EXIF item of a HEIC before converting it', async () => {
    const photo = await processPhoto(await heicTakenAt('2025:06:01 07:45:30'));
    expect(photo).toMatchObject({
      sourceFormat: 'heic',
      capturedAt: '2025-06-01T07:45:30',
      capturedOffset: null,
    });
  });

  it('drops an offset no zone has', async () => {
    const photo = await processPhoto(
      await jpegTakenAt({ dateTime: '2026:11:20 09:15:00', offset: '+25:00' }),
    );
    expect(photo).toMatchObject({ capturedAt: '2026-11-20T09:15:00', capturedOffset: null });
  });
});

describe('processPhoto: what it refuses', { timeout: IMAGE_WORK_MS }, () => {
  const invalid = { code: 'unsupported_file_type', message: 'Please select an image file' };

  it('refuses text, SVG and HTML', async () => {
    for (const text of [
      'just some notes',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<!doctype html><html><body><script>alert(1)</script></body></html>',
    ]) {
      expect(await refusal(Buffer.from(text))).toMatchObject(invalid);
    }
  });

  it('refuses a JPEG that carries HTML (a polyglot)', async () => {
    const jpeg = await picture(200, 200).jpeg().toBuffer();
    const polyglot = Buffer.concat([
      jpeg,
      Buffer.from('<HTML><script>alert(document.cookie)</script></HTML>'),
    ]);
    expect(await refusal(polyglot)).toMatchObject(invalid);
  });

  it('finds each tag in any case, even in the last bytes; near misses are photos', async () => {
    const jpeg = await picture(200, 200).jpeg().toBuffer();
    for (const tag of ['<ScRiPt', '<HTML', '<svg', '<!DocType', '<iFrame', '<BODY', '<?xml']) {
      expect(await refusal(Buffer.concat([jpeg, Buffer.from(tag)])), tag).toMatchObject(invalid);
    }
    for (const near of ['<scrip', '<sv', '< svg', '<bod', '<', '<<?xm']) {
      expect((await processPhoto(Buffer.concat([jpeg, Buffer.from(near)]))).sourceFormat, near).toBe('jpeg');
    }
  });

  it('refuses a truncated image', async () => {
    const jpeg = await picture(1200, 900).jpeg().toBuffer();
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toMatchObject(invalid);
    const png = await picture(1200, 900).png().toBuffer();
    expect(await refusal(png.subarray(0, Math.floor(png.length / 2)))).toMatchObject(invalid);
  });

  it('refuses a decompression bomb: a small file of too many pixels', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    expect((await refusal(bomb)).code).toBe('unsupported_file_type');
  });

  it('refuses more than 5 MB with the spec message', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0xff);
    expect(await refusal(big)).toMatchObject({
      code: 'file_too_large',
      message: 'Image size should be less than 5MB',
    });
  });

  it('refuses GIF, which it does not take', async () => {
    const gif = await picture(100, 100).gif().toBuffer();
    expect(await refusal(gif)).toMatchObject(invalid);
  });
});
