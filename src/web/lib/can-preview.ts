/**
 * Whether the browser can draw this picture, so that it may be shown from a blob: URL: an <img> of an
 * undecodable blob (HEIC outside Safari, or a file that only claims to be an image) trips Chromium's
 * connect-src check. Without createImageBitmap there is no way to ask: assume it can.
 */
export async function canPreview(blob: Blob): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    (await createImageBitmap(blob)).close();
    return true;
  } catch {
    return false;
  }
}
