import type { ResendResponse } from './sharing.ts';

/**
 * The recipient's code screen as a server-rendered form (decision 0061): what its markup, the form
 * route (src/server/http/pages/code-screen-form.ts) and its small script (src/web/code-screen.ts)
 * agree on. Nothing here is imported by the React app: the script's chunk shares no module with it.
 */

/** The JSON block (not executed: the CSP allows no inline script) listing the verified page's files. */
export const NEXT_PAGE_ELEMENT_ID = 'listsync-next-page';

/** What a post of the code screen asks for: its `intent` field (none is 'verify'). */
export const CODE_SCREEN_INTENTS = ['verify', 'resend', 'code-not-received'] as const;
export type CodeScreenIntent = (typeof CODE_SCREEN_INTENTS)[number];

/** The parts of the screen a post redraws (`data-code-part`), swapped in place by the script. */
export const CODE_SCREEN_PARTS = ['verify', 'resend'] as const;

/**
 * What the server's answer to a post of the screen shows: drawn by the prerender with the code as
 * typed and the answer the JSON route would have given (src/web/pages/shared/drawn-code-screen.ts).
 */
export interface DrawnCodeScreen {
  /** What was typed, kept in the field (at most the field's length). */
  code: string;
  /** The verification's refusal, as the API's error body (its status and Retry-After beside it). */
  verifyError?: DrawnError;
  /** A new code was sent. */
  resent?: ResendResponse;
  resendError?: DrawnError;
  /** 'I didn't get a code': told now, told already (429), or the telling failed. */
  told?: 'told' | 'already' | 'failed';
}

export interface DrawnError {
  status: number;
  body: unknown;
  retryAfterSeconds?: number;
}
