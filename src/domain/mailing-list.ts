import { z } from 'zod';
import { EmailAddress } from './user-input.ts';

/** `POST /api/mailing-list/subscribe` */
export const MailingListSignupInput = z.object({ email: EmailAddress });
export type MailingListSignupInput = z.infer<typeof MailingListSignupInput>;

/**
 * The same answer whether or not the address was already on the list (it is stored once however
 * often it is sent): the form must not tell anyone who is subscribed.
 */
export interface MailingListSignupResponse {
  ok: true;
}

/**
 * How many confirmation e-mails the sign-up sends (decision 0042), so that it cannot be used to mail
 * other people's inboxes at will: one per address a day, and per hour for the whole service unless
 * MAILING_LIST_MAX_PER_HOUR says otherwise. Both are silent: the answer is the same.
 */
export const MAILING_LIST_LIMITS = {
  confirmationSpacingHours: 24,
  confirmationsPerHourDefault: 100,
} as const;

export const MAILING_LIST_SUCCESS = "✓ Thanks! You'll be notified when new features are available.";

/**
 * Said under the spec's success text (issue 18, double opt-in): the list keeps only confirmed
 * addresses. Worded so that it is true whether or not the address was already confirmed.
 */
export const MAILING_LIST_CONFIRM_HINT =
  "If this address isn't confirmed yet, we've sent it a link: open it to start getting the news.";
