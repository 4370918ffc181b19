import { PHOTO_SHRINK } from '#domain/photos';
import { uprightExifSegment, withExifSegment } from './jpeg-exif.ts';

/** Enough of a JPEG's start to hold its EXIF segment (at most 64 KiB) and the JFIF one before it. */
const EXIF_SEARCH_BYTES = 128 * 1024;

export interface PreparedPhoto {
  /** What will be sent. */
  file: File;
  /** The size of the file that was chosen, when the one sent is a smaller copy of it. */
  shrunkFrom: number | null;
  /**
   * Whether this browser can show it. False for what it cannot decode (HEIC outside Safari, or no
   * picture at all): such a file is sent as it is and the server decides.
   */
  previewable: boolean;
}

type Surface = { canvas: OffscreenCanvas | HTMLCanvasElement; encode(): Promise<Blob | null> };

function drawingSurface(width: number, height: number): Surface | null {
  const options = { type: 'image/jpeg', quality: PHOTO_SHRINK.quality };
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, encode: () => canvas.convertToBlob(options) };
  }
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return {
    canvas,
    encode: () => new Promise((resolve) => canvas.toBlob(resolve, options.type, options.quality)),
  };
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^./]*$/, '') || 'photo';
  return `${base}.jpg`;
}

async function carryExif(original: File, shrunk: Blob): Promise<Blob> {
  if (original.type !== 'image/jpeg') return shrunk;
  const head = new Uint8Array(await original.slice(0, EXIF_SEARCH_BYTES).arrayBuffer());
  const exif = uprightExifSegment(head);
  if (!exif) return shrunk;
  const bytes = withExifSegment(new Uint8Array(await shrunk.arrayBuffer()), exif);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });
}

/** The picture drawn again as a JPEG at most `longestSide` on its longest side; null when that fails or is no smaller. */
async function shrink(file: File, bitmap: ImageBitmap): Promise<File | null> {
  const scale = Math.min(1, PHOTO_SHRINK.longestSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const surface = drawingSurface(width, height);
  const context = surface?.canvas.getContext('2d') as
    | OffscreenCanvasRenderingContext2D
    | CanvasRenderingContext2D
    | null
    | undefined;
  if (!surface || !context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const encoded = await surface.encode();
  if (!encoded || encoded.size === 0) return null;
  const withExif = await carryExif(file, encoded);
  if (withExif.size >= file.size) return null;
  return new File([withExif], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}

/**
 * The photo as it will be sent. The browser decodes it first (which also says whether it can be
 * previewed: an <img> of an undecodable blob trips Chromium's connect-src check). A large photo is
 * drawn again as a JPEG of at most 2560 px on its longest side (turned upright, the camera's EXIF kept
 * for the capture time), so that a 12 MB camera photo still fits under 5 MB and goes quicker over a
 * weak connection. A copy that comes out no smaller, or any failure, leaves the file as it was.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  if (typeof createImageBitmap !== 'function') return { file, shrunkFrom: null, previewable: true };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { file, shrunkFrom: null, previewable: false };
  }
  try {
    const shrunk = file.size > PHOTO_SHRINK.aboveBytes ? await shrink(file, bitmap) : null;
    return shrunk
      ? { file: shrunk, shrunkFrom: file.size, previewable: true }
      : { file, shrunkFrom: null, previewable: true };
  } catch (error) {
    console.warn('Shrinking the photo failed; it is sent as it is', error);
    return { file, shrunkFrom: null, previewable: true };
  } finally {
    bitmap.close();
  }
}
