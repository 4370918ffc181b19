import { SHARE_LIMITS } from '#domain/sharing';
import type { MessageKey, Translate } from '../../i18n/i18n.tsx';
import { type ApiError, isApiError } from '../../lib/api.ts';

/**
 * What the code dialog says: its own checks (spec section 5) and the server's answers in words
 * (docs/api.md "Sharing"), each from the catalog of the page's language: the server's own English
 * text is never shown. The page checks by hand rather than with the domain's zod schema, which would
 * weigh more than the whole dialog on a recipient's phone.
 */

/** Keeps the digits of what was typed or pasted ('123 456' -> '123456'), at most six. */
export function sanitizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, SHARE_LIMITS.codeDigits);
}

/** The message for a code that is not worth sending, or null. */
export function codeInputProblem(code: string): MessageKey | null {
  if (code === '') return 'code.required';
  if (!/^\d+$/.test(code) || code.length !== SHARE_LIMITS.codeDigits) return 'code.format';
  return null;
}

/**
 * '1 second', '45 seconds', '1 minute', '3 minutes' in the page's language (the browser's Intl, no
 * bytes of ours), rounded up: never a shorter wait than asked.
 */
export function formatWait(seconds: number, language = 'en'): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const [amount, unit] = whole < 60 ? [whole, 'second'] : [Math.ceil(whole / 60), 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
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

function codeInvalidText(t: Translate, error: ApiError): string {
  const triesLeft = extraNumber(error, 'triesLeft');
  if (triesLeft === null) return t('code.invalid');
  // None left: the code is dead (five wrong tries, or it was used or replaced).
  if (triesLeft <= 0) return t('code.deadCode');
  return t('code.invalidTries', { triesLeft });
}

/** Why a code was not accepted, in the words shown under the code input. */
export function verifyFailureMessage(t: Translate, error: unknown, language = 'en'): string {
  if (!isApiError(error)) return t('code.verifyFailed');
  switch (error.code) {
    case 'code_invalid':
      return codeInvalidText(t, error);
    case 'code_expired':
      return t('code.expired');
    case 'code_locked':
      return isLinkLocked(error) ? t('code.linkLocked') : t('code.locked');
    case 'share_not_found':
      return t('shared.notFound');
    case 'validation_failed':
      return t('code.format');
    case 'rate_limited': {
      const wait = retryAfterOf(error);
      return wait === null
        ? t('code.rateLimitedUnknown')
        : t('code.rateLimited', { wait: formatWait(wait, language) });
    }
    default:
      return t('code.verifyFailed');
  }
}

/** The link itself is locked (too many wrong codes on it): only a new link from the owner helps. */
export function isLinkLocked(error: unknown): boolean {
  if (!isApiError(error) || error.code !== 'code_locked') return false;
  return (error.body as { error?: { linkLocked?: unknown } } | null)?.error?.linkLocked === true;
}

/** Why no new code was sent. */
export function resendFailureMessage(t: Translate, error: unknown): string {
  if (isLinkLocked(error)) return t('code.linkLocked');
  if (isApiError(error) && error.code === 'rate_limited') return t('code.resendTooSoon');
  if (isApiError(error) && error.code === 'share_not_found') return t('shared.notFound');
  return t('code.sendFailed');
}
