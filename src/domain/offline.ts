import { z } from 'zod';

/**
 * Work that must survive no signal: every mutation carries an idempotency key, so a replay after a
 * lost answer applies it once; the server keeps each key's answer for at least 24 hours. Writes made
 * offline carry the time they were made (`changedAt`), so per task and field the later write wins.
 */

/** The request header (the IETF draft's name). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const IDEMPOTENCY_LIMITS = {
  /** How long the server remembers a key's answer. */
  retentionHours: 24,
} as const;

/** A key: 16-100 characters of letters, digits, '-' and '_' (a UUID fits). */
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, {
  error: 'Idempotency-Key must be 16 to 100 letters, digits, - or _ (a UUID, for instance)',
});

export const IDEMPOTENCY_MESSAGES = {
  reused: 'This Idempotency-Key was already used for a different request.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Please retry shortly.',
} as const;

/**
 * When the person made the change (ISO 8601 with offset). The server takes the earlier of this and
 * its own clock, so a client whose clock runs fast cannot win every conflict.
 */
export const ChangedAt = z.iso.datetime({ offset: true, error: 'changedAt must be an ISO 8601 date-time' });
