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

export const MAILING_LIST_SUCCESS = "✓ Thanks! You'll be notified when new features are available.";
