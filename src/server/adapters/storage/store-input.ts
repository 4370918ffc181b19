/**
 * What every PhotoStore refuses, and the same way, so a key that works on the disk works in a bucket
 * (and moving from one to the other never meets a key the other cannot hold). Keys are ours, never a
 * client's, so a refusal is a programming error: it throws, and no file or object is touched.
 */

/** Letters, digits, '_', '.', '-' and '/' between segments: safe as a path and as an S3 key. */
const KEY_CHARACTERS = /^[A-Za-z0-9_./-]+$/;
/** S3 allows 1,024 bytes; a key prefix needs some of them. */
const KEY_MAX_LENGTH = 900;
/** A file name may be 255 bytes; the disk store adds a suffix to name its sidecar and temp files. */
const SEGMENT_MAX_LENGTH = 200;
/** type/subtype, RFC 9110 tokens, no parameters: a value that can only ever be one header value. */
const CONTENT_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/;

export class PhotoStoreInputError extends Error {
  override name = 'PhotoStoreInputError';
}

/** Throws unless `key` is relative, of safe characters, with no empty, '.' or '..' segment. */
export function assertPhotoKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw new PhotoStoreInputError(`Invalid photo key ${JSON.stringify(key)}: ${problem}`);
}

/** Whether `key` is one assertPhotoKey lets through. */
export function isPhotoKey(key: string): boolean {
  return keyProblem(key) === null;
}

function keyProblem(key: string): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'empty';
  if (key.length > KEY_MAX_LENGTH) return `longer than ${KEY_MAX_LENGTH} characters`;
  if (!KEY_CHARACTERS.test(key)) return 'only letters, digits and _ . - / are allowed';
  for (const segment of key.split('/')) {
    if (segment === '') return 'absolute, or with an empty segment';
    if (segment === '.' || segment === '..') return `a '${segment}' segment`;
    if (segment.length > SEGMENT_MAX_LENGTH) return `a segment longer than ${SEGMENT_MAX_LENGTH} characters`;
  }
  return null;
}

/** Throws unless `contentType` is a bare media type such as 'image/jpeg'. */
export function assertContentType(contentType: string): void {
  if (typeof contentType !== 'string' || !CONTENT_TYPE.test(contentType)) {
    throw new PhotoStoreInputError(`Invalid content type ${JSON.stringify(contentType)}`);
  }
}
