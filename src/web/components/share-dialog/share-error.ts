import { SHARE_MESSAGES } from '#domain/sharing';
import { isApiError } from '../../lib/api.ts';

/**
 * The error banner's text for a failed send. The server's own message when it explains what to do
 * (400 bad address, 403 language not in the plan, 404 checklist gone, 429 too soon or too many,
 * 502 delivery failed); the spec's fallbacks otherwise (section 8). Never a status code or a stack.
 */
export function shareErrorMessage(error: unknown): string {
  if (!isApiError(error)) return SHARE_MESSAGES.shareFailed;
  if (error.serverMessage && (error.status < 500 || error.status === 502)) return error.serverMessage;
  if (error.code === 'plan_limit_reached') return SHARE_MESSAGES.languageNotInPlan;
  if (error.status === 502) return SHARE_MESSAGES.sendFailed;
  return SHARE_MESSAGES.shareFailed;
}
