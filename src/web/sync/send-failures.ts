import { isApiError } from '../lib/api.ts';
import { UploadNetworkError } from '../lib/upload-errors.ts';

/**
 * A failure that may pass: no answer at all (offline, dropped connection), a server failure, a rate
 * limit, or the same key still being worked on by the server. Anything else is the server's refusal.
 */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof UploadNetworkError || error instanceof TypeError) return true;
  if (!isApiError(error)) return false;
  if (error.status >= 500 || error.status === 429 || error.status === 408) return true;
  return error.code === 'idempotency_key_in_use';
}

/**
 * The session (owner) or the checklist's access (recipient) ended: the server will take the change
 * once the person signs in or enters a code again, so it is kept, not dropped.
 */
export function needsSignIn(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}
