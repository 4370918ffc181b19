/**
 * A file's SHA-256, computed in the browser (Web Crypto): the file itself never leaves the device,
 * only its hash is sent (decision 0060). The file is read in pieces so a large one shows its progress;
 * the digest is one call on the whole (crypto.subtle has no streaming form), fast once read.
 */

/** Whether this browser can hash a file (Web Crypto needs a secure context: HTTPS or localhost). */
export function canHashFiles(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.digest === 'function';
}

const toHex = (digest: ArrayBuffer) =>
  Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The bytes of a file, read piece by piece; `onProgress` gets the share read so far (0-1). */
async function readWhole(file: Blob, onProgress: (share: number) => void): Promise<Uint8Array<ArrayBuffer>> {
  if (typeof file.stream !== 'function') return new Uint8Array(await file.arrayBuffer());
  const whole = new Uint8Array(file.size);
  const reader = file.stream().getReader();
  let at = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    whole.set(value, at);
    at += value.length;
    onProgress(file.size === 0 ? 1 : at / file.size);
  }
  return whole;
}

/** The file's SHA-256 as 64 lowercase hexadecimal characters. */
export async function sha256OfFile(
  file: Blob,
  onProgress: (share: number) => void = () => {},
): Promise<string> {
  const bytes = await readWhole(file, onProgress);
  return toHex(await crypto.subtle.digest('SHA-256', bytes));
}
