/**
 * Checking a file against ListSync's record (issue 34, decision 0060): anyone holding a report or a
 * photo sends its SHA-256 to `POST /api/verify` and learns whether ListSync recorded it, and when;
 * nothing else. Free of zod: the /verify page imports it (the schemas are in verify-input.ts and
 * verify-response.ts).
 */

/** A SHA-256 as the API takes it: 64 hexadecimal digits (any case; kept lowercase). */
export const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

export const VERIFY_LIMITS = {
  /**
   * Checks per client address a minute: an office checking a folder of photos one by one gets
   * through it, and guessing hashes stays pointless (a SHA-256 is never guessed; the limit keeps the
   * look-up from being a free load on the database).
   */
  perIpPerMinute: 60,
} as const;

export const VERIFY_MESSAGES = {
  sha256: 'A SHA-256 is 64 hexadecimal characters (0-9, a-f).',
} as const;

export type RecordedKind = 'photo' | 'report';

/** `POST /api/verify`: a match with what and when it was recorded (the earliest), or no match. */
export type FileCheckResponse = { match: true; kind: RecordedKind; recordedAt: string } | { match: false };
