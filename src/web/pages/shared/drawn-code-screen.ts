import type { DrawnCodeScreen, DrawnError } from '#domain/code-screen';
import { ApiError } from '../../lib/api.ts';

export type { DrawnCodeScreen, DrawnError };

/**
 * What the server draws the code screen with after a post of its form (decision 0061; the shape:
 * domain/code-screen.ts): set by the prerender around one drawing. Null in the browser.
 */
let drawn: DrawnCodeScreen | null = null;

/** Prerender only: what the next render of the code screen shows. */
export function setDrawnCodeScreen(value: DrawnCodeScreen | null): void {
  drawn = value;
}

export function drawnCodeScreen(): DrawnCodeScreen | null {
  return drawn;
}

/** The refusal as the app's client would have seen it, so the same words say it. */
export function drawnApiError(error: DrawnError): ApiError {
  const headers = new Headers();
  if (error.retryAfterSeconds !== undefined) headers.set('retry-after', String(error.retryAfterSeconds));
  return new ApiError(error.status, '', JSON.stringify(error.body), headers);
}
