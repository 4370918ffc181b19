import { SHARE_LIMITS, SHARE_MESSAGES } from '#domain/sharing';
import { type ApiError, isApiError } from '../../lib/api.ts';

/**
 * What the code dialog says: its own checks (spec section 5) and the server's answers in words
 * (docs/api.md "Sharing"). The page checks by hand rather than with the domain's zod schema, which
 * would weigh more than the whole dialog on a recipient's phone.
 */

/** Keeps the digits of what was typed or pasted ('123 456' -> '123456'), at most six. */
export function sanitizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, SHARE_LIMITS.codeDigits);
}

/** The message for a code that is not worth sending, or null. */
export function codeInputProblem(code: string): string | null {
  if (code === '') return SHARE_MESSAGES.codeRequired;
  if (!/^\d+$/.test(code) || code.length !== SHARE_LIMITS.codeDigits) return SHARE_MESSAGES.codeFormat;
  return null;
}

/** '1 second', '45 seconds', '1 minute', '3 minutes' (rounded up: never a shorter wait than asked). */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? '1 second' : `${whole} seconds`;
  const minutes = Math.ceil(whole / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function extraNumber(error: unknown, field: string): number | null {
  if (!isApiError(error)) return null;
  const value = (error.body as { error?: Record<string, unknown> } | null)?.error?.[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The wait a 429 asks for, in seconds: its Retry-After header, else a `retryAfter` in the body. */
export function retryAfterOf(error: unknown): number | null {
  if (!isApiError(error)) return null;
  return error.retryAfterSeconds ?? extraNumber(error, 'retryAfter');
}

function codeInvalidText(error: ApiError): string {
  const triesLeft = extraNumber(error, 'triesLeft');
  if (triesLeft === null) return SHARE_MESSAGES.codeInvalid;
  // None left: the code is dead (five wrong tries, or it was used or replaced); the server says which.
  if (triesLeft <= 0) return error.serverMessage ?? SHARE_MESSAGES.codeLocked;
  return `${SHARE_MESSAGES.codeInvalid} ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
}

/** Why a code was not accepted, in the words shown under the code input. */
export function verifyFailureMessage(error: unknown): string {
  if (!isApiError(error)) return SHARE_MESSAGES.verifyFailed;
  switch (error.code) {
    case 'code_invalid':
      return codeInvalidText(error);
    case 'code_expired':
      return SHARE_MESSAGES.codeExpired;
    case 'code_locked':
      return SHARE_MESSAGES.codeLocked;
    case 'share_not_found':
      return SHARE_MESSAGES.shareNotFound;
    case 'validation_failed':
      return SHARE_MESSAGES.codeFormat;
    case 'rate_limited': {
      const wait = retryAfterOf(error);
      return `Too many tries. Please wait ${wait === null ? 'a few minutes' : formatWait(wait)} and try again.`;
    }
    default:
      return SHARE_MESSAGES.verifyFailed;
  }
}

/** Why no new code was sent. */
export function resendFailureMessage(error: unknown): string {
  if (isApiError(error) && error.code === 'rate_limited') return SHARE_MESSAGES.resendTooSoon;
  if (isApiError(error) && error.code === 'share_not_found') return SHARE_MESSAGES.shareNotFound;
  return `${SHARE_MESSAGES.sendFailed}. Please try again.`;
}
