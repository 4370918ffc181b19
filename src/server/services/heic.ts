/**
 * A HEIC/HEIF photo (what iPhones take) as a JPEG that sharp can read: sharp's prebuilt libvips has
 * no HEVC decoder; heic-convert (libheif in WebAssembly) has. Pure CPU on the thread that calls it
 * (tens of milliseconds for a small photo, seconds for 12 megapixels), so the server runs it in its
 * worker pool (services/heavy-work.ts).
 */
export async function decodeHeic(bytes: Uint8Array): Promise<Buffer> {
  const { default: convert } = await import('heic-convert');
  const jpeg = await convert({ buffer: bytes, format: 'JPEG', quality: 0.92 });
  return Buffer.from(jpeg);
}
